package io.jprove.kernels.msm;

import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The Groth16 prover's split of an MSM's scalars on the device ({@link GpuScalarSplit}), with bellperson's density
 * semantics: scalar i has a base only when density bit i is set (always, without a bitmap), and then the next one,
 * so its base index is the number of set bits below i. Of the scalars with a base, zeros are dropped, ones set their
 * base's bit in the ones bitmap (for the batch-add) when {@code separateOnes} is 1, and the rest are compacted, in
 * order, into tail scalars with their base indices (for a tail MSM). With {@code separateOnes} 0 it is only the
 * density's compaction: every nonzero scalar goes to the tail.
 * <p>
 * Two passes around two scans ({@link ScanKernels}): {@link #splitCount} counts each group's scalars with a base and
 * tail scalars; after the scans give each group its first base index and tail slot, {@link #splitWrite} ranks every
 * item within its group (warp shuffles, warp totals in shared memory) and writes. It also leaves the tail's length
 * in {@code meta[0]} (where the tail MSM reads its count) and the number of scalars with a base in {@code meta[1]}
 * (checked against the base count when the result is read).
 */
public final class SplitKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 256;
    /** One in Montgomery form, R mod r (R = 2^256), limb 0; a test checks the four against {@code Fr.one()}. */
    static final long ONE_0 = 0x0000_0001_FFFF_FFFEL;
    /** Limb 1 of R mod r. */
    static final long ONE_1 = 0x5884_B7FA_0003_4802L;
    /** Limb 2 of R mod r. */
    static final long ONE_2 = 0x998C_4FEF_ECBC_4FF5L;
    /** Limb 3 of R mod r. */
    static final long ONE_3 = 0x1824_B159_ACC5_056FL;

    private SplitKernels()
    {
    }

    /**
     * Writes the group's count of scalars with a base to {@code hasCounts[group]} and of tail scalars to
     * {@code tailCounts[group]}. Launch: ⌈count / LOCAL_SIZE⌉ groups (at least one) of {@link #LOCAL_SIZE}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void splitCount(final KernelContext ctx, final LongArray scalars, final long count,
        final LongArray density, final int hasDensity, final int separateOnes, final IntArray hasCounts,
        final IntArray tailCounts)
    {
        final IntArray warpTotals = ctx.sharedInts(LOCAL_SIZE / KernelContext.WARP_SIZE);
        final int kind = kind(ctx.globalIdX(), scalars, count, density, hasDensity, separateOnes);
        final int has = kind & 1;
        final int tail = kind >>> 1 & 1;
        final int hasRank = ScanKernels.exclusive(ctx, has, warpTotals, LOCAL_SIZE / KernelContext.WARP_SIZE);
        final int tailRank = ScanKernels.exclusive(ctx, tail, warpTotals, LOCAL_SIZE / KernelContext.WARP_SIZE);
        if (ctx.localIdX() == LOCAL_SIZE - 1)
        {
            hasCounts.set(ctx.groupIdX(), hasRank + has);
            tailCounts.set(ctx.groupIdX(), tailRank + tail);
        }
    }

    /**
     * With {@code hasCounts} and {@code tailCounts} scanned (each with its total one past the groups), sets the ones'
     * bits in {@code ones} (zeroed beforehand) and writes the tail. Launch as {@link #splitCount}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void splitWrite(final KernelContext ctx, final LongArray scalars, final long count,
        final LongArray density, final int hasDensity, final int separateOnes, final IntArray hasCounts,
        final IntArray tailCounts, final LongArray ones, final LongArray tailScalars, final IntArray tailBases,
        final LongArray meta)
    {
        final IntArray warpTotals = ctx.sharedInts(LOCAL_SIZE / KernelContext.WARP_SIZE);
        final long i = ctx.globalIdX();
        final int kind = kind(i, scalars, count, density, hasDensity, separateOnes);
        final int has = kind & 1;
        final int tail = kind >>> 1 & 1;
        final int hasRank = ScanKernels.exclusive(ctx, has, warpTotals, LOCAL_SIZE / KernelContext.WARP_SIZE);
        final int tailRank = ScanKernels.exclusive(ctx, tail, warpTotals, LOCAL_SIZE / KernelContext.WARP_SIZE);
        final long base = (long)hasCounts.get(ctx.groupIdX()) + hasRank;
        if (kind == 1 && separateOnes != 0 && isOne(scalars, i))
        {
            ones.atomicOr(base >>> 6, 1L << (base & 63));
        }
        if (tail != 0)
        {
            final long slot = (long)tailCounts.get(ctx.groupIdX()) + tailRank;
            for (int k = 0; k < 4; k++)
            {
                tailScalars.set(4 * slot + k, scalars.get(4 * i + k));
            }
            tailBases.set(slot, (int)base);
        }
        if (i == 0)
        {
            final long groups = ctx.groupCountX();
            meta.set(0, tailCounts.get(groups));
            meta.set(1, hasCounts.get(groups));
        }
    }

    /** @return bit 0: scalar i exists and has a base; bit 1: it goes to the tail. */
    private static int kind(final long i, final LongArray scalars, final long count, final LongArray density,
        final int hasDensity, final int separateOnes)
    {
        if (i >= count || hasDensity != 0 && ((density.get(i >>> 6) >>> (i & 63)) & 1) == 0)
        {
            return 0;
        }
        final long s0 = scalars.get(4 * i);
        final long s1 = scalars.get(4 * i + 1);
        final long s2 = scalars.get(4 * i + 2);
        final long s3 = scalars.get(4 * i + 3);
        final boolean zero = (s0 | s1 | s2 | s3) == 0;
        final boolean one = s0 == ONE_0 & s1 == ONE_1 & s2 == ONE_2 & s3 == ONE_3;
        return zero | one & separateOnes != 0 ? 1 : 3;
    }

    private static boolean isOne(final LongArray scalars, final long i)
    {
        return scalars.get(4 * i) == ONE_0 & scalars.get(4 * i + 1) == ONE_1 & scalars.get(4 * i + 2) == ONE_2
            & scalars.get(4 * i + 3) == ONE_3;
    }
}
