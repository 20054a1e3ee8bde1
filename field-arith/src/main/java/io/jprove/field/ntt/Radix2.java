package io.jprove.field.ntt;

import io.jprove.field.Fr;

/**
 * In-cache radix-2 transforms on a run of elements in a {@code long[]} (4 limbs each): the sub-transforms of the
 * four-step method. Twiddles come from a table of ω_T^j, j < T/2, for some table length T ≥ the transform length;
 * the stage whose butterflies span {@code half} elements reads it with stride T/(2·half).
 */
final class Radix2
{
    private static final int L = Fr.LIMBS;

    private Radix2()
    {
    }

    /**
     * Decimation in frequency (Gentleman–Sande): natural order in, bit-reversed order out.
     *
     * @param a          the elements.
     * @param offset     index in {@code a} of the first limb of the first element.
     * @param logLength  log₂ of the number of elements.
     * @param roots      ω_T^j for j < T/2, T = 2^logTable.
     * @param logTable   log₂ T, at least logLength.
     * @param tmp        four limbs of scratch.
     */
    static void dif(final long[] a, final int offset, final int logLength, final long[] roots, final int logTable,
        final long[] tmp)
    {
        final int length = 1 << logLength;
        for (int logHalf = logLength - 1; logHalf >= 0; logHalf--)
        {
            final int half = 1 << logHalf;
            final int rootStep = L << (logTable - logHalf - 1);
            for (int group = 0; group < length; group += 2 * half)
            {
                int i = offset + group * L;
                int j = i + half * L;
                Fr.sub(tmp, 0, a, i, a, j);
                Fr.add(a, i, a, i, a, j);
                Fr.copy(a, j, tmp, 0);
                int root = 0;
                for (int k = 1; k < half; k++)
                {
                    i += L;
                    j += L;
                    root += rootStep;
                    Fr.sub(tmp, 0, a, i, a, j);
                    Fr.add(a, i, a, i, a, j);
                    Fr.mul(a, j, tmp, 0, roots, root);
                }
            }
        }
    }

    /**
     * Decimation in time (Cooley–Tukey): bit-reversed order in, natural order out. Arguments as for {@link #dif}.
     */
    static void dit(final long[] a, final int offset, final int logLength, final long[] roots, final int logTable,
        final long[] tmp)
    {
        final int length = 1 << logLength;
        for (int logHalf = 0; logHalf < logLength; logHalf++)
        {
            final int half = 1 << logHalf;
            final int rootStep = L << (logTable - logHalf - 1);
            for (int group = 0; group < length; group += 2 * half)
            {
                int i = offset + group * L;
                int j = i + half * L;
                Fr.copy(tmp, 0, a, j);
                Fr.sub(a, j, a, i, tmp, 0);
                Fr.add(a, i, a, i, tmp, 0);
                int root = 0;
                for (int k = 1; k < half; k++)
                {
                    i += L;
                    j += L;
                    root += rootStep;
                    Fr.mul(tmp, 0, a, j, roots, root);
                    Fr.sub(a, j, a, i, tmp, 0);
                    Fr.add(a, i, a, i, tmp, 0);
                }
            }
        }
    }

    /** @return the low {@code bits} bits of {@code x} in reverse order. */
    static int reverse(final int x, final int bits)
    {
        return bits == 0 ? 0 : Integer.reverse(x) >>> (32 - bits);
    }
}
