package io.jprove.engine.pipeline;

import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.StepTimes;

/**
 * A partition's outcome when it was proved: its proof, verified against its own public inputs before this exists.
 *
 * @param proof        the proof.
 * @param publicInputs its public inputs without ONE, Fr limbs (Montgomery form) back to back.
 * @param device       the device that proved it ("cuda:0").
 * @param steps        how long its steps took (synthesis, the backend's phases, assembly, verification).
 * @param nanos        from the start of its synthesis to its verified proof.
 */
public record ProvedPartition(Proof proof, long[] publicInputs, String device, StepTimes steps, long nanos)
{
}
