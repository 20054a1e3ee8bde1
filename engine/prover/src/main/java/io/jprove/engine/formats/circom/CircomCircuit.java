package io.jprove.engine.formats.circom;

import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.field.Fr;

/**
 * A circom circuit replayed into jprove: allocates wires 1..nPublic as public inputs and the rest as aux (see
 * {@link CircomR1cs} for the mapping), taking values from a {@code .wtns} witness, then enforces the constraints in
 * file order. Works in every synthesis mode; the witness may be null when none is needed (recording, counting).
 * Does not own the files.
 */
public final class CircomCircuit implements Circuit
{
    private final CircomR1cs r1cs;
    private final CircomWitness witness;

    /**
     * @param r1cs    the constraints.
     * @param witness the wire values, or null for modes that need none.
     * @throws MalformedFileException when the witness does not have one value per wire or wire 0 is not 1.
     */
    public CircomCircuit(final CircomR1cs r1cs, final CircomWitness witness)
    {
        this.r1cs = r1cs;
        this.witness = witness;
        if (witness != null)
        {
            if (witness.size() != r1cs.numWires())
            {
                throw new MalformedFileException(witness.file(), "header", 0, witness.size() + " values but "
                    + r1cs.file() + " has " + r1cs.numWires() + " wires");
            }
            final long[] v = new long[Fr.LIMBS];
            witness.value(0, v, 0);
            if (!Fr.isOne(v, 0))
            {
                throw new MalformedFileException(witness.file(), "witness", witness.offsetOf(0),
                    "wire 0 (the constant) is " + Fr.toBigInteger(v) + ", not 1");
            }
        }
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        if (cs.needsWitness() && witness == null)
        {
            throw new SynthesisException("circom circuit " + r1cs.file() + " needs a witness in this mode");
        }
        for (int wire = 1; wire < r1cs.numWires(); wire++)
        {
            final int w = wire;
            final boolean isPublic = wire <= r1cs.numPublic();
            final int v = isPublic ? cs.allocInput("public wire", (out, o) -> witness.value(w, out, o))
                : cs.alloc("private wire", (out, o) -> witness.value(w, out, o));
            if (v != r1cs.variable(wire))
            {
                throw new SynthesisException("circom wire " + wire + " should be variable " + r1cs.variable(wire)
                    + " but was allocated as " + v + ": replay into a fresh constraint system");
            }
        }
        r1cs.replay(cs);
    }
}
