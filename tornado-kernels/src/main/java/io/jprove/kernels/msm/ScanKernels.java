package io.jprove.kernels.msm;

import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;

/**
 * Exclusive prefix sums of ints in place, in three launches ({@link DeviceScan} sequences them): each group scans
 * {@link #PER_GROUP} elements and leaves its total ({@link #scanGroups}); one group scans the totals in chunks
 * ({@link #scanTotals}); every element adds its group's offset ({@link #scanAdd}), and the grand total goes one past
 * the end. Within a group, items scan with warp shuffles and the warps' totals meet in shared memory.
 */
public final class ScanKernels
{
    /** Items per group of {@link #scanGroups} and {@link #scanAdd}. */
    static final int LOCAL_SIZE = 256;
    /** Elements per item. */
    static final int PER_ITEM = 8;
    /** Elements per group. */
    static final int PER_GROUP = LOCAL_SIZE * PER_ITEM;
    /** Items of the one group of {@link #scanTotals}. */
    static final int TOTALS_LOCAL_SIZE = 1024;

    private ScanKernels()
    {
    }

    /**
     * Scans each group's {@link #PER_GROUP} elements of {@code data[0 .. length)} and writes the group's sum to
     * {@code totals[group]}. Launch: ⌈length / PER_GROUP⌉ groups (at least one) of {@link #LOCAL_SIZE}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void scanGroups(final KernelContext ctx, final IntArray data, final long length,
        final IntArray totals)
    {
        final IntArray warpTotals = ctx.sharedInts(LOCAL_SIZE / KernelContext.WARP_SIZE);
        final long first = (long)ctx.groupIdX() * PER_GROUP + (long)ctx.localIdX() * PER_ITEM;
        final int[] v = new int[PER_ITEM];
        int sum = 0;
        for (int j = 0; j < PER_ITEM; j++)
        {
            final int x = first + j < length ? data.get(first + j) : 0;
            v[j] = sum;
            sum += x;
        }
        final int offset = exclusive(ctx, sum, warpTotals, LOCAL_SIZE / KernelContext.WARP_SIZE);
        for (int j = 0; j < PER_ITEM; j++)
        {
            if (first + j < length)
            {
                data.set(first + j, v[j] + offset);
            }
        }
        if (ctx.localIdX() == LOCAL_SIZE - 1)
        {
            totals.set(ctx.groupIdX(), offset + sum);
        }
    }

    /**
     * Scans {@code totals[0 .. groups)} in place, exclusively, and writes their sum to {@code totals[groups]}.
     * Launch: one group of {@link #TOTALS_LOCAL_SIZE}.
     */
    @Kernel(maxLocalSize = TOTALS_LOCAL_SIZE)
    public static void scanTotals(final KernelContext ctx, final IntArray totals, final long groups)
    {
        final IntArray warpTotals = ctx.sharedInts(TOTALS_LOCAL_SIZE / KernelContext.WARP_SIZE);
        final IntArray running = ctx.sharedInts(1);
        final int item = ctx.localIdX();
        if (item == 0)
        {
            running.set(0, 0);
        }
        ctx.barrier();
        for (long chunk = 0; chunk < groups; chunk += TOTALS_LOCAL_SIZE)
        {
            final long at = chunk + item;
            final int x = at < groups ? totals.get(at) : 0;
            final int before = running.get(0);
            final int offset = exclusive(ctx, x, warpTotals, TOTALS_LOCAL_SIZE / KernelContext.WARP_SIZE);
            if (at < groups)
            {
                totals.set(at, before + offset);
            }
            ctx.barrier();
            if (item == TOTALS_LOCAL_SIZE - 1)
            {
                running.set(0, before + offset + x);
            }
            ctx.barrier();
        }
        if (item == 0)
        {
            totals.set(groups, running.get(0));
        }
    }

    /**
     * Adds each group's offset to its elements and writes the grand total at {@code data[length]}. Launch as
     * {@link #scanGroups}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void scanAdd(final KernelContext ctx, final IntArray data, final long length, final IntArray totals)
    {
        final long first = (long)ctx.groupIdX() * PER_GROUP + (long)ctx.localIdX() * PER_ITEM;
        final int offset = totals.get(ctx.groupIdX());
        for (int j = 0; j < PER_ITEM; j++)
        {
            if (first + j < length)
            {
                data.set(first + j, data.get(first + j) + offset);
            }
        }
        if (ctx.globalIdX() == 0)
        {
            data.set(length, totals.get(Math.max(1, (length + PER_GROUP - 1) / PER_GROUP)));
        }
    }

    /**
     * @return the sum of {@code x} over the group's items before this one; every item of the group must call it
     *         (it synchronizes the group twice).
     */
    static int exclusive(final KernelContext ctx, final int x, final IntArray warpTotals, final int warps)
    {
        final int lane = ctx.laneId();
        final int warp = ctx.localIdX() / KernelContext.WARP_SIZE;
        int inclusive = x;
        for (int d = 1; d < KernelContext.WARP_SIZE; d <<= 1)
        {
            final int y = ctx.shuffleUp(inclusive, d);
            if (lane >= d)
            {
                inclusive += y;
            }
        }
        if (lane == KernelContext.WARP_SIZE - 1)
        {
            warpTotals.set(warp, inclusive);
        }
        ctx.barrier();
        int before = 0;
        for (int j = 0; j < warps; j++)
        {
            if (j < warp)
            {
                before += warpTotals.get(j);
            }
        }
        ctx.barrier();
        return before + inclusive - x;
    }
}
