package io.jprove.engine.r1cs;

/**
 * A circuit: one description of variables and constraints that every synthesizer (proving, witness-only, recording,
 * counting) replays.
 * <p>
 * {@link #synthesize} must be repeatable and deterministic in shape: a proof's constraint list must be the one that
 * was recorded, and an unsatisfied constraint is located by synthesizing the circuit again.
 */
@FunctionalInterface
public interface Circuit
{
    /**
     * Allocates the circuit's variables and enforces its constraints. The constant {@link Variable#ONE} is already
     * allocated as input 0.
     *
     * @param cs the constraint system to describe the circuit to.
     */
    void synthesize(ConstraintSystem cs);
}
