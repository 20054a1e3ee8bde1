package io.jprove.kernels.msm;

import io.jprove.kernels.LongArray;

/**
 * Points between device arrays and registers: element {@code index} of a vector of {@code limbs}-limb points
 * (affine 2n, XYZZ 4n) to or from a local {@code long[]} at a constant offset. The limb loop has a constant trip
 * count, so a kernel unrolls it into consecutive loads, whose bounds checks merge into two.
 */
final class PointMemory
{
    private PointMemory()
    {
    }

    static void load(final LongArray from, final long index, final int limbs, final long[] to, final int at)
    {
        final long first = index * limbs;
        for (int k = 0; k < limbs; k++)
        {
            to[at + k] = from.get(first + k);
        }
    }

    static void store(final LongArray to, final long index, final int limbs, final long[] from, final int at)
    {
        final long first = index * limbs;
        for (int k = 0; k < limbs; k++)
        {
            to.set(first + k, from[at + k]);
        }
    }
}
