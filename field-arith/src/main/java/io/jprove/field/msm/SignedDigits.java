package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;

import io.jprove.field.Fr;

/**
 * Splits scalars into signed base-2^c digits for Pippenger's windows: digit w of k is taken from bits
 * [wc, wc + c) plus the carry of digit w−1; below the top window a digit of 2^(c−1) or more becomes digit − 2^c with
 * a carry into the next. So those digits lie in [−2^(c−1), 2^(c−1)) and fit a {@code short} up to c = 16, and a
 * window needs only 2^(c−1) buckets (a negative digit adds the negated point). The top window keeps its digit: with
 * c·W ≥ 256 and k &lt; r &lt; 2^255 it is at most 2^(c−1), and for c = 16 at most (r − 1)/2^240 + 1 = 0x73ee.
 */
final class SignedDigits
{
    /** The widest window: digits must fit a {@code short} (see the type's description for the top one). */
    static final int MAX_WINDOW_BITS = 16;

    /** Raw limbs 1: Montgomery-multiplying by it takes an element out of Montgomery form. */
    private static final long[] RAW_ONE = {1, 0, 0, 0};

    private SignedDigits()
    {
    }

    /** @return the number of windows of c bits that cover a 255-bit scalar with its final carry. */
    static int windows(final int c)
    {
        return windows(c, 255);
    }

    /**
     * @return the number of windows of c bits that cover a scalar below 2^bits with its final carry: c·W ≥ bits + 1,
     *         so the top digit is at most 2^(c−1) (see the type's description).
     */
    static int windows(final int c, final int bits)
    {
        return (bits + c) / c;
    }

    /**
     * Reads scalar {@code index} of an {@link io.jprove.field.FrVector} segment (Montgomery form) and writes its
     * canonical limbs into {@code k[0 .. 4)}.
     */
    static void loadCanonical(final MemorySegment scalars, final long index, final long[] k)
    {
        final long at = index * Fr.BYTES;
        k[0] = scalars.get(MsmGroup.LIMB, at);
        k[1] = scalars.get(MsmGroup.LIMB, at + 8);
        k[2] = scalars.get(MsmGroup.LIMB, at + 16);
        k[3] = scalars.get(MsmGroup.LIMB, at + 24);
        Fr.mul(k, 0, k, 0, RAW_ONE, 0);
    }

    /** Writes the signed digits of canonical scalar {@code k} as {@code digits[w][i]} for every window w. */
    static void decompose(final long[] k, final int c, final short[][] digits, final int i)
    {
        final int windows = digits.length;
        final long mask = (1L << c) - 1;
        final long half = 1L << (c - 1);
        long carry = 0;
        for (int w = 0; w < windows; w++)
        {
            final int bit = w * c;
            final int limb = bit >>> 6;
            final int shift = bit & 63;
            long v = k[limb] >>> shift;
            if (shift + c > 64 && limb + 1 < 4)
            {
                v |= k[limb + 1] << (64 - shift);
            }
            v = (v & mask) + carry;
            if (v >= half && w < windows - 1)
            {
                v -= 1L << c;
                carry = 1;
            }
            else
            {
                carry = 0;
            }
            digits[w][i] = (short)v;
        }
    }
}
