package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.kernels.LongArray;

/**
 * The signed base-2^c digits of an Fr scalar, as kernels compute them: out of Montgomery form with one Fr
 * multiplication by raw 1, then window w takes bits [wc, wc + c) plus the carry of window w − 1; below the top window
 * a value of 2^(c−1) or more becomes value − 2^c and carries one into the next. Digits lie in [−2^(c−1), 2^(c−1)),
 * the top one in [0, 2^(c−1)] (with cW ≥ 256 and k &lt; r &lt; 2^255), so a window needs 2^(c−1) buckets. The CPU
 * MSM's {@code SignedDigits} defines the same digits for c ≤ 16; these go to c = 24.
 * <p>
 * The canonical scalar is kept in four scalar locals rather than a {@code long[4]}: the window loop's trip count is
 * a run-time value, and kernels index local arrays only by constants.
 */
final class ScalarDigits
{
    private ScalarDigits()
    {
    }

    /** @return the number of windows of c bits that cover a 255-bit scalar with its final carry. */
    static int windows(final int c)
    {
        return (256 + c - 1) / c;
    }

    /** Loads scalar {@code i} (Montgomery form, four limbs) and writes its canonical limbs into {@code k[0 .. 4)}. */
    static void canonical(final LongArray scalars, final long i, final long[] k)
    {
        final long[] raw = new long[Fr.LIMBS];
        for (int j = 0; j < Fr.LIMBS; j++)
        {
            raw[j] = scalars.get(i * Fr.LIMBS + j);
        }
        final long[] one = {1, 0, 0, 0};
        Fr.mul(k, 0, raw, 0, one, 0);
    }

    /** @return limb {@code j} of the scalar (k0 … k3), zero past the top. */
    static long limb(final long k0, final long k1, final long k2, final long k3, final int j)
    {
        final long low = j == 0 ? k0 : k1;
        final long high = j == 2 ? k2 : j == 3 ? k3 : 0;
        return j < 2 ? low : high;
    }

    /** @return bits [at, at + c) of the scalar, 1 ≤ c ≤ 24. */
    static long bits(final long k0, final long k1, final long k2, final long k3, final int at, final int c)
    {
        final int j = at >>> 6;
        final int shift = at & 63;
        final long low = limb(k0, k1, k2, k3, j) >>> shift;
        // Java masks shift counts, so a shift of 64 − 0 would be a shift of 0: the next limb joins only when needed
        final long high = shift + c > 64 ? limb(k0, k1, k2, k3, j + 1) << (64 - shift) : 0;
        return (low | high) & ((1L << c) - 1);
    }

    /**
     * @param raw   the window's bits plus the previous carry.
     * @param top   whether this is the top window (which keeps its value).
     * @return the signed digit; the carry into the next window is {@code (raw − digit) >> c}, which is 1 also for
     *         the digit 0 of a window whose bits were all ones plus a carry.
     */
    static int digit(final long raw, final int c, final boolean top)
    {
        final boolean wraps = raw >= (1L << (c - 1)) & !top;
        return (int)(wraps ? raw - (1L << c) : raw);
    }
}
