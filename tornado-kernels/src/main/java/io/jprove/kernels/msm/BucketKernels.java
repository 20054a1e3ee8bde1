package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * Bucket accumulation over the sorted pairs ({@link SortKernels}): work-item t adds the points of pairs
 * [t·L, (t + 1)·L) with XYZZ mixed additions, negating a point whose digit was negative, and writes one partial sum
 * per key it touches to the parts ({@link SortedKeys}: key k's partial at part k + t).
 * <p>
 * Every item gets the same number of pairs, so the warps' items do the same work whatever the bucket sizes; a heavy
 * bucket is split among as many items as its pairs need (an all-equal scalar vector puts n pairs in one bucket), and
 * the reduction adds the pieces back together. This is what ordering buckets by size and splitting the large ones
 * achieves, without a second sort. One kernel per coordinate field: G1 over Fq, G2 over Fq2.
 */
public final class BucketKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 128;

    private BucketKernels()
    {
    }

    /**
     * Launch: ⌈maxPairs / segment⌉ items in groups of {@link #LOCAL_SIZE}; items past {@code offsets[keys]} pairs
     * do nothing. Two groups per multiprocessor: 186 registers, no spills (ptxas, sm_90).
     *
     * @param points  the table of affine points (the precomputed copies, back to back).
     * @param sorted  the pair values, ordered by key.
     * @param offsets {@code keys + 1} key offsets.
     * @param segment pairs per item, L.
     * @param parts   {@code keys + items} XYZZ points, all infinity on entry.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void accumulateFq(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 1, false);
    }

    /**
     * {@link #accumulateFq} with three groups per multiprocessor: 168 registers and a few spilled (92 bytes), for
     * twelve warps instead of eight to hide the multiplications' latency; which is faster is measured on the device.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void accumulateFqThree(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 1, false);
    }

    /** {@link #accumulateFq} over Fq2: all 255 registers and some spilled at two groups. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void accumulateFq2(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 2, false);
    }

    /** {@link #accumulateFq2} at three groups: 168 registers, kilobytes spilled. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void accumulateFq2Three(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 2, false);
    }

    /**
     * {@link #accumulateFq} with the accumulator in shared memory ({@link SharedAccumulator}), three groups per
     * multiprocessor. Launch with {@code LOCAL_SIZE · 4n · 8} bytes of dynamic shared memory (24 KiB over Fq).
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void accumulateFqShared(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 1, true);
    }

    /** {@link #accumulateFqShared} over Fq2 (48 KiB of dynamic shared memory), two groups per multiprocessor. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void accumulateFq2Shared(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 2, true);
    }

    /** The accumulation; {@code inShared} (a constant) keeps the accumulator in shared memory. */
    private static void accumulate(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts, final int degree,
        final boolean inShared)
    {
        final int n = Coordinates.limbs(degree);
        final long item = ctx.globalIdX();
        final long start = item * segment;
        final long total = offsets.get(keys);
        if (start >= total)
        {
            return;
        }
        final long end = Math.min(start + segment, total);
        int key = SortedKeys.keyOfPair(offsets, keys, start);
        long next = offsets.get(key + 1);
        final long[] acc = new long[4 * n];
        final long[] a = new long[2 * n];
        if (inShared)
        {
            SharedAccumulator.clear(ctx.dynamicSharedLongs(), ctx.localIdX(), LOCAL_SIZE, degree);
        }
        for (long i = start; i < end; i++)
        {
            if (i == next)
            {
                flush(ctx, parts, key + item, acc, degree, inShared);
                do
                {
                    key++;
                    next = offsets.get(key + 1);
                }
                while (next == i);
            }
            final int value = sorted.get(i);
            PointMemory.load(points, value & ~SortKernels.NEGATIVE, 2 * n, a, 0);
            Coordinates.negIf(a, n, a, n, value < 0, degree);
            if (inShared)
            {
                SharedAccumulator.addMixed(ctx.dynamicSharedLongs(), ctx.localIdX(), LOCAL_SIZE, a, degree);
            }
            else
            {
                XyzzInline.addMixed(acc, 0, a, 0, degree);
            }
        }
        flush(ctx, parts, key + item, acc, degree, inShared);
    }

    /** Writes the accumulator to {@code parts[part]} and starts it again from infinity. */
    private static void flush(final KernelContext ctx, final LongArray parts, final long part, final long[] acc,
        final int degree, final boolean inShared)
    {
        if (inShared)
        {
            final LongArray shared = ctx.dynamicSharedLongs();
            SharedAccumulator.read(shared, ctx.localIdX(), LOCAL_SIZE, acc, degree);
            SharedAccumulator.clear(shared, ctx.localIdX(), LOCAL_SIZE, degree);
        }
        PointMemory.store(parts, part, 4 * Coordinates.limbs(degree), acc, 0);
        XyzzInline.setInfinity(acc, 0, degree);
    }
}
