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
 * <p>
 * The accumulator stays in registers, two groups per multiprocessor: on the H200 the G1 MSM at 2^24 took 126.7 ms
 * this way, against 133.6 ms with three groups (fewer registers, some spilled) and 132.0 ms with the accumulator in
 * shared memory, so those two are gone.
 */
public final class BucketKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 128;
    /** The system property that picks the G1 accumulation's groups per multiprocessor, 2 (default) or 3. */
    static final String GROUPS_PROPERTY = "jprove.msm.accumulate.groups";

    private BucketKernels()
    {
    }

    /**
     * Launch: ⌈maxPairs / segment⌉ items in groups of {@link #LOCAL_SIZE}; items past {@code offsets[keys]} pairs
     * do nothing. Each iteration loads the next pair's point before it adds the current one, so the load's latency
     * runs under the addition: on the H200 the accumulation of the G1 MSM took 104.1 / 379.5 ms at 2^24 / 2^26
     * (1.95 G adds/s) this way, against 105.3 / 384.9 ms (1.92 G adds/s) loading each point just before its
     * addition, which is gone (issue 26). Two groups per multiprocessor: 218 registers, no spills (ptxas, sm_90).
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
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 1, true);
    }

    /**
     * {@link #accumulateFq} with three groups per multiprocessor (12 warps instead of 8), for measuring whether more
     * warps hide more of the additions' latency than the tighter register budget costs: 168 registers and 64 bytes
     * spilled (ptxas, sm_90), against 218 and none. Chosen by {@code -D}{@value #GROUPS_PROPERTY}{@code =3}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void accumulateFq3(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 1, true);
    }

    /**
     * @param curve the MSM's group.
     * @return the accumulation kernel for it: {@link #accumulateFq3} for G1 when {@value #GROUPS_PROPERTY} is 3,
     *         else the group's own.
     */
    static String kernelFor(final MsmCurve curve)
    {
        return groupsPerMultiprocessor() == 3 && curve == MsmCurve.G1 ? "accumulateFq3" : curve.kernel("accumulate");
    }

    /**
     * @return the G1 accumulation's groups per multiprocessor, {@value #GROUPS_PROPERTY}: 2 (default) or 3.
     * @throws IllegalArgumentException when the property is neither.
     */
    static int groupsPerMultiprocessor()
    {
        final int groups = Integer.getInteger(GROUPS_PROPERTY, 2);
        if (groups != 2 && groups != 3)
        {
            throw new IllegalArgumentException("-D" + GROUPS_PROPERTY + "=" + groups + ": expected 2 or 3");
        }
        return groups;
    }

    /**
     * {@link #accumulateFq} over Fq2, each point loaded just before its addition: all 255 registers and some spilled
     * at two groups already, none to spare for a second point.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void accumulateFq2(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts)
    {
        accumulate(ctx, points, sorted, offsets, keys, segment, parts, 2, false);
    }

    /**
     * The accumulation, the accumulator in registers; with {@code prefetch} (a compile-time constant) each iteration
     * loads the next pair's point into a second register set before it adds the current one.
     */
    private static void accumulate(final KernelContext ctx, final LongArray points, final IntArray sorted,
        final IntArray offsets, final int keys, final int segment, final LongArray parts, final int degree,
        final boolean prefetch)
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
        final long[] b = new long[2 * n];
        int upcoming = prefetch ? sorted.get(start) : 0;
        if (prefetch)
        {
            PointMemory.load(points, upcoming & ~SortKernels.NEGATIVE, 2 * n, b, 0);
        }
        for (long i = start; i < end; i++)
        {
            if (i == next)
            {
                flush(parts, key + item, acc, degree);
                do
                {
                    key++;
                    next = offsets.get(key + 1);
                }
                while (next == i);
            }
            final int value;
            if (prefetch)
            {
                value = upcoming;
                for (int k = 0; k < 2 * n; k++)
                {
                    a[k] = b[k];
                }
                // the last pair loads itself again: no branch in the loop
                upcoming = sorted.get(Math.min(i + 1, end - 1));
                PointMemory.load(points, upcoming & ~SortKernels.NEGATIVE, 2 * n, b, 0);
            }
            else
            {
                value = sorted.get(i);
                PointMemory.load(points, value & ~SortKernels.NEGATIVE, 2 * n, a, 0);
            }
            Coordinates.negIf(a, n, a, n, value < 0, degree);
            XyzzInline.addMixed(acc, 0, a, 0, degree);
        }
        flush(parts, key + item, acc, degree);
    }

    /** Writes the accumulator to {@code parts[part]} and starts it again from infinity. */
    private static void flush(final LongArray parts, final long part, final long[] acc, final int degree)
    {
        PointMemory.store(parts, part, 4 * Coordinates.limbs(degree), acc, 0);
        XyzzInline.setInfinity(acc, 0, degree);
    }
}
