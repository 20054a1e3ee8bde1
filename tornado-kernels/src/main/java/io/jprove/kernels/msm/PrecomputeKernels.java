package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The precomputed copies of fixed bases, 2^(c·j)·P for j &lt; F ({@link PreparedBases}): copy j + 1 is copy j
 * doubled c times. {@link #doubleFq} doubles each point of a slice into XYZZ scratch; {@link #toAffineFq} brings
 * the slice back to affine with one inversion per item, by Montgomery's trick over a run of consecutive points
 * (prefix products of the ZZZ coordinates on the way up, the inverse peeled off them on the way down).
 */
public final class PrecomputeKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 128;

    private PrecomputeKernels()
    {
    }

    /**
     * Launch: one item per point of the slice.
     *
     * @param from    {@code count} affine points.
     * @param scratch {@code count} XYZZ points: 2^doublings times each point.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void doubleFq(final KernelContext ctx, final LongArray from, final long count, final int doublings,
        final LongArray scratch)
    {
        doubling(ctx, from, count, doublings, scratch, 1);
    }

    /** {@link #doubleFq} over Fq2. */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void doubleFq2(final KernelContext ctx, final LongArray from, final long count,
        final int doublings, final LongArray scratch)
    {
        doubling(ctx, from, count, doublings, scratch, 2);
    }

    /**
     * Launch: one item per {@code run} points of the slice.
     *
     * @param scratch  {@code count} XYZZ points.
     * @param prefix   room for {@code count} coordinates (the prefix products).
     * @param to       {@code count} affine points.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void toAffineFq(final KernelContext ctx, final LongArray scratch, final long count, final int run,
        final LongArray prefix, final LongArray to)
    {
        toAffine(ctx, scratch, count, run, prefix, to, 1);
    }

    /** {@link #toAffineFq} over Fq2. */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void toAffineFq2(final KernelContext ctx, final LongArray scratch, final long count, final int run,
        final LongArray prefix, final LongArray to)
    {
        toAffine(ctx, scratch, count, run, prefix, to, 2);
    }

    private static void doubling(final KernelContext ctx, final LongArray from, final long count,
        final int doublings, final LongArray scratch, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long i = ctx.globalIdX();
        if (i >= count)
        {
            return;
        }
        final long[] a = new long[2 * n];
        final long[] p = new long[4 * n];
        PointMemory.load(from, i, 2 * n, a, 0);
        if (!XyzzInline.isInfinityAffine(a, 0, degree))
        {
            XyzzInline.dblAffine(p, 0, a, 0, degree);
            for (int d = 1; d < doublings; d++)
            {
                XyzzInline.dbl(p, 0, degree);
            }
        }
        PointMemory.store(scratch, i, 4 * n, p, 0);
    }

    private static void toAffine(final KernelContext ctx, final LongArray scratch, final long count, final int run,
        final LongArray prefix, final LongArray to, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long first = (long)ctx.globalIdX() * run;
        if (first >= count)
        {
            return;
        }
        final long last = Math.min(first + run, count);
        final long[] p = new long[4 * n];
        final long[] acc = new long[2 * n];
        Coordinates.setOne(acc, 0, degree);
        for (long i = first; i < last; i++)
        {
            PointMemory.store(prefix, i, n, acc, 0);
            PointMemory.load(scratch, i, 4 * n, p, 0);
            if (!XyzzInline.isInfinity(p, 0, degree))
            {
                Coordinates.mul(acc, 0, acc, 0, p, 3 * n, degree);
            }
        }
        Coordinates.inverse(acc, 0, acc, 0, degree);
        final long[] a = new long[2 * n];
        for (long i = last - 1; i >= first; i--)
        {
            PointMemory.load(scratch, i, 4 * n, p, 0);
            Coordinates.clear(a, 0, 2 * n);
            if (!XyzzInline.isInfinity(p, 0, degree))
            {
                // 1/ZZZ_i = (1/(ZZZ_first ⋯ ZZZ_i)) · (ZZZ_first ⋯ ZZZ_{i−1}); then drop ZZZ_i from the inverse
                PointMemory.load(prefix, i, n, acc, n);
                Coordinates.mul(acc, n, acc, n, acc, 0, degree);
                Coordinates.mul(acc, 0, acc, 0, p, 3 * n, degree);
                XyzzInline.toAffine(a, 0, p, 0, acc, n, degree);
            }
            PointMemory.store(to, i, 2 * n, a, 0);
        }
    }
}
