package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * Packs bits into one Fr variable with one constraint {@code (Σ 2^i·bit_i)·1 = num} (storage-proofs'
 * {@code multipack::pack_bits}).
 */
public final class BitPacking
{
    /** Bits that fit in Fr without reduction. */
    public static final int CAPACITY_BITS = 254;

    private BitPacking()
    {
    }

    /**
     * @param bits little-endian: {@code bits[offset]} has weight 1
     * @param count at most {@value #CAPACITY_BITS}; none packs the constant 0 (still one variable and one row)
     * @return the packed number
     */
    public static AllocatedNum pack(final ConstraintSystem cs, final Boolean[] bits, final int offset,
        final int count)
    {
        if (count < 0 || count > CAPACITY_BITS || offset < 0 || offset + count > bits.length)
        {
            throw new IllegalArgumentException("cannot pack " + count + " bits at " + offset + " of " + bits.length
                + " (0 to 254 bits)");
        }
        final LinearCombination lc = new LinearCombination(count + 1);
        final long[] value = new long[Fr.LIMBS];
        for (int i = 0; i < count; i++)
        {
            bits[offset + i].addTo(lc, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
            if (bits[offset + i].value())
            {
                Fr.add(value, 0, value, 0, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
            }
        }
        final int num = cs.alloc("packed bits", (out, o) -> Fr.copy(out, o, value, 0));
        cs.enforce("packing constraint", lc, new LinearCombination(1).add(Variable.ONE),
            new LinearCombination(1).add(num));
        return AllocatedNum.of(num, value);
    }

    /**
     * Enforces that {@code bits} are the binary decomposition of {@code num}: {@code (Σ 2^i·bit_i)·1 = num}, one row
     * (storage-proofs-update's decompositions of {@code k_and_h_select} and of each challenge digest).
     *
     * @param bits little-endian, at most 255
     */
    public static void enforceDecomposition(final ConstraintSystem cs, final Boolean[] bits, final AllocatedNum num)
    {
        if (bits.length > CAPACITY_BITS + 1)
        {
            throw new IllegalArgumentException("at most 255 bits decompose an Fr, got " + bits.length);
        }
        final LinearCombination lc = new LinearCombination(bits.length);
        for (int i = 0; i < bits.length; i++)
        {
            bits[i].addTo(lc, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
        }
        cs.enforce("binary decomp", lc, new LinearCombination(1).add(Variable.ONE),
            new LinearCombination(1).add(num.variable()));
    }

    /**
     * Packs a SHA-256 digest (256 bits, most significant bit of each byte first) the way Filecoin truncates it into
     * Fr: bytes read as a little-endian integer, its two top bits dropped (storage-proofs' {@code
     * reverse_bit_numbering} then {@code pack_bits} of 254 bits).
     */
    public static AllocatedNum packDigestAsFr32(final ConstraintSystem cs, final Boolean[] digest)
    {
        if (digest.length != 256)
        {
            throw new IllegalArgumentException("a digest has 256 bits, got " + digest.length);
        }
        final Boolean[] le = new Boolean[256];
        for (int i = 0; i < 256; i++)
        {
            le[i] = digest[(i & ~7) | (7 - (i & 7))];
        }
        return pack(cs, le, 0, CAPACITY_BITS);
    }

    /**
     * bellperson's {@code multipack::pack_into_inputs}: each run of up to {@value #CAPACITY_BITS} bits becomes one
     * public input {@code Σ 2^i·bit_i}, enforced as {@code (Σ 2^i·bit_i)·1 = input}.
     *
     * @param bits little-endian: {@code bits[0]} has weight 1 in the first input
     * @return the number of inputs allocated
     */
    public static int packIntoInputs(final ConstraintSystem cs, final Boolean[] bits)
    {
        int inputs = 0;
        for (int from = 0; from < bits.length; from += CAPACITY_BITS)
        {
            final int count = Math.min(CAPACITY_BITS, bits.length - from);
            final LinearCombination lc = new LinearCombination(count);
            final long[] value = new long[Fr.LIMBS];
            for (int i = 0; i < count; i++)
            {
                bits[from + i].addTo(lc, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
                if (bits[from + i].value())
                {
                    Fr.add(value, 0, value, 0, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
                }
            }
            final int input = cs.allocInput("packed input", (out, o) -> Fr.copy(out, o, value, 0));
            cs.enforce("packing constraint", lc, new LinearCombination(1).add(Variable.ONE),
                new LinearCombination(1).add(input));
            inputs++;
        }
        return inputs;
    }
}
