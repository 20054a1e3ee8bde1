package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * Sums of XYZZ points on the device, for the ends of the MSM and the batch-add: {@link #sumFq} turns each row of
 * {@code count} points into ⌈count / {@link #PER_GROUP}⌉ partial sums (each item adds {@link #PER_ITEM} points, then
 * the group's items meet in a tree through dynamic shared memory), so a few launches bring any row down to one point
 * ({@link PointSum} sequences them). {@link #combineFq} then joins the rows of a multi-round MSM,
 * Σ_t 2^(shift·t)·S_t, by Horner's rule on one item: {@code shift} doublings between rounds.
 */
public final class PointSumKernels
{
    /** Items per group of the sums. */
    static final int LOCAL_SIZE = 128;
    /** Points each item adds before the tree. */
    static final int PER_ITEM = 4;
    /** Points a group reduces to one. */
    static final int PER_GROUP = LOCAL_SIZE * PER_ITEM;

    private PointSumKernels()
    {
    }

    /**
     * Launch: ⌈count / PER_GROUP⌉ groups along x, one row per group along y, {@link #LOCAL_SIZE} items (a power of
     * two) and {@code LOCAL_SIZE · 4n · 8} bytes of dynamic shared memory (n = 6 limbs per coordinate).
     *
     * @param in  rows of {@code count} XYZZ points.
     * @param out rows of {@code groupCountX} points.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void sumFq(final KernelContext ctx, final LongArray in, final long count, final LongArray out)
    {
        sum(ctx, in, count, out, 1);
    }

    /** {@link #sumFq} over Fq2 (n = 12). */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void sumFq2(final KernelContext ctx, final LongArray in, final long count, final LongArray out)
    {
        sum(ctx, in, count, out, 2);
    }

    /**
     * Launch: one group of one item.
     *
     * @param rows   {@code rounds} XYZZ points S_t.
     * @param shift  doublings between consecutive rounds (c·F).
     * @param result one XYZZ point.
     */
    @Kernel(maxLocalSize = 32)
    public static void combineFq(final KernelContext ctx, final LongArray rows, final int rounds, final int shift,
        final LongArray result)
    {
        combine(rows, rounds, shift, result, 1);
    }

    /** {@link #combineFq} over Fq2. */
    @Kernel(maxLocalSize = 32)
    public static void combineFq2(final KernelContext ctx, final LongArray rows, final int rounds, final int shift,
        final LongArray result)
    {
        combine(rows, rounds, shift, result, 2);
    }

    /**
     * {@link #PER_ITEM} loads, then the tree's levels, as one loop of one addition each (the XYZZ addition is
     * inlined once): at a tree level the upper half of the active items leave their sums in shared memory and the
     * lower half add them. An item with nothing to add adds infinity, which returns at once.
     */
    private static void sum(final KernelContext ctx, final LongArray in, final long count, final LongArray out,
        final int degree)
    {
        final int xl = 4 * Coordinates.limbs(degree);
        final LongArray shared = ctx.dynamicSharedLongs();
        final int item = ctx.localIdX();
        final int width = ctx.localSizeX();
        final long row = ctx.groupIdY();
        final long first = (long)ctx.groupIdX() * PER_ITEM * width + item;
        final int levels = 31 - Integer.numberOfLeadingZeros(width);
        final long[] acc = new long[xl];
        final long[] point = new long[xl];
        for (int step = 0; step < PER_ITEM + levels; step++)
        {
            Coordinates.clear(point, 0, xl);
            if (step < PER_ITEM)
            {
                final long at = first + (long)step * width;
                if (at < count)
                {
                    PointMemory.load(in, row * count + at, xl, point, 0);
                }
            }
            else
            {
                final int half = width >>> (step - PER_ITEM + 1);
                if (item >= half && item < 2 * half)
                {
                    Slots.store(shared, 0, item - half, width, acc, xl);
                }
                ctx.barrier();
                if (item < half)
                {
                    Slots.load(shared, 0, item, width, point, xl);
                }
                ctx.barrier();
            }
            XyzzInline.add(acc, 0, point, 0, degree);
        }
        if (item == 0)
        {
            PointMemory.store(out, row * ctx.groupCountX() + ctx.groupIdX(), xl, acc, 0);
        }
    }

    /** Horner's rule with one addition inlined: a doubling is acc + acc, then the next row is added. */
    private static void combine(final LongArray rows, final int rounds, final int shift, final LongArray result,
        final int degree)
    {
        final int xl = 4 * Coordinates.limbs(degree);
        final long[] acc = new long[xl];
        final long[] y = new long[xl];
        for (int t = rounds - 1; t >= 0; t--)
        {
            final int doublings = t < rounds - 1 ? shift : 0;
            for (int d = 0; d <= doublings; d++)
            {
                if (d < doublings)
                {
                    Coordinates.copy(y, 0, acc, 0, xl);
                }
                else
                {
                    PointMemory.load(rows, t, xl, y, 0);
                }
                XyzzInline.add(acc, 0, y, 0, degree);
            }
        }
        PointMemory.store(result, 0, xl, acc, 0);
    }
}
