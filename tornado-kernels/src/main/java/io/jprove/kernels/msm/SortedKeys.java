package io.jprove.kernels.msm;

import io.jprove.kernels.IntArray;

/**
 * Questions about the sorted pairs answered from the key offsets alone ({@code offsets[k]} = the first pair of key
 * k, {@code offsets[keys]} = the number of pairs), by binary search.
 *
 * <h2>Parts</h2>
 * The accumulation gives work-item t the pairs [t·L, (t + 1)·L); it writes the partial sum of each key it touches,
 * for key k at part index k + t. That index is unique (a later item touches no smaller key) and grows with k; the
 * parts of key k are k + ⌊offsets[k]/L⌋ up to k + ⌊(offsets[k + 1] − 1)/L⌋, and every part index p that is written
 * belongs to the largest key k with k + ⌊offsets[k]/L⌋ ≤ p ({@link #keyOfPart}), because that function of k strictly
 * increases. Parts never written stay infinity, so whichever key they are counted with adds nothing.
 */
final class SortedKeys
{
    private SortedKeys()
    {
    }

    /** @return the key whose pairs include pair {@code pair}: the largest k in [0, keys) with offsets[k] ≤ pair. */
    static int keyOfPair(final IntArray offsets, final int keys, final long pair)
    {
        int lo = 0;
        int hi = keys;
        while (hi - lo > 1)
        {
            final int mid = (lo + hi) >>> 1;
            if (offsets.get(mid) <= pair)
            {
                lo = mid;
            }
            else
            {
                hi = mid;
            }
        }
        return lo;
    }

    /** @return the first part index of key k: k + ⌊offsets[k] / segment⌋ (k may be {@code keys}). */
    static long firstPart(final IntArray offsets, final int k, final int segment)
    {
        return k + offsets.get(k) / segment;
    }

    /** @return the key part {@code part} belongs to: the largest k in [lo, hi) with firstPart(k) ≤ part. */
    static int keyOfPart(final IntArray offsets, final int lo, final int hi, final int segment, final long part)
    {
        int a = lo;
        int b = hi;
        while (b - a > 1)
        {
            final int mid = (a + b) >>> 1;
            if (firstPart(offsets, mid, segment) <= part)
            {
                a = mid;
            }
            else
            {
                b = mid;
            }
        }
        return a;
    }
}
