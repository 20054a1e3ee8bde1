package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;

/** Runs a test circuit in the two modes the gadget tests need. */
public final class Circuits
{
    private Circuits()
    {
    }

    /** @return the constraint count in counting mode (no witness, no combinations). */
    public static long count(final Circuit circuit)
    {
        return CountingAssignment.count(circuit).numConstraints();
    }

    /**
     * Synthesizes with the witness, checks every constraint, and returns the constraint count.
     *
     * @throws io.jprove.engine.r1cs.UnsatisfiedConstraintException naming the first failing constraint.
     */
    public static long proveSatisfied(final Circuit circuit)
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(circuit))
        {
            inputs.checkSatisfied();
            return inputs.numConstraints();
        }
    }

    /** @return the bits of bytes, most significant bit of each byte first, as allocated bits. */
    public static Boolean[] allocBits(final io.jprove.engine.r1cs.ConstraintSystem cs, final byte[] bytes)
    {
        final Boolean[] bits = new Boolean[bytes.length * 8];
        for (int i = 0; i < bits.length; i++)
        {
            bits[i] = Boolean.alloc(cs, "input bit", (bytes[i >>> 3] >>> (7 - (i & 7)) & 1) != 0);
        }
        return bits;
    }

    /** @return bits (most significant bit of each byte first) as bytes. */
    public static byte[] toBytes(final Boolean[] bits)
    {
        final byte[] out = new byte[bits.length / 8];
        for (int i = 0; i < bits.length; i++)
        {
            if (bits[i].value())
            {
                out[i >>> 3] |= (byte)(0x80 >>> (i & 7));
            }
        }
        return out;
    }
}
