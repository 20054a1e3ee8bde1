package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The sum of the points a bitmap selects (Groth16's scalars equal to 1): work-item t reads words
 * [t·W, (t + 1)·W) of the bitmap (bit i of word w selects point 64w + i) and adds the selected points with XYZZ
 * mixed additions into one partial sum, kept in shared memory ({@link SharedAccumulator}, as the fixed-base kernels
 * do); {@link PointSumKernels} adds the partials up. Each selected point is read once, so the kernel moves about as
 * many bytes as the points selected, and is bound by the additions.
 */
public final class BatchAddKernels
{
    /** Items per group (the accumulation's register budget). */
    static final int LOCAL_SIZE = 128;

    private BatchAddKernels()
    {
    }

    /** @return the dynamic shared memory a group needs: one XYZZ accumulator per item. */
    static int sharedBytes(final MsmCurve curve)
    {
        return (int)(LOCAL_SIZE * curve.xyzzBytes());
    }

    /**
     * Launch: ⌈words / wordsPerItem⌉ items in groups of {@link #LOCAL_SIZE} with {@link #sharedBytes} of dynamic
     * shared memory; every item writes its partial. Three groups per multiprocessor.
     *
     * @param points  the affine points (at least 64·words of them, or the bits past them clear).
     * @param bitmap  {@code words} 64-bit words.
     * @param partial one XYZZ point per item.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void batchAddFq(final KernelContext ctx, final LongArray points, final LongArray bitmap,
        final long words, final int wordsPerItem, final LongArray partial)
    {
        sumSelected(ctx, points, bitmap, words, wordsPerItem, partial, 1);
    }

    /** {@link #batchAddFq} over Fq2, two groups per multiprocessor. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void batchAddFq2(final KernelContext ctx, final LongArray points, final LongArray bitmap,
        final long words, final int wordsPerItem, final LongArray partial)
    {
        sumSelected(ctx, points, bitmap, words, wordsPerItem, partial, 2);
    }

    private static void sumSelected(final KernelContext ctx, final LongArray points, final LongArray bitmap,
        final long words, final int wordsPerItem, final LongArray partial, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long item = ctx.globalIdX();
        final long first = item * wordsPerItem;
        if (first >= words)
        {
            return;
        }
        final long last = Math.min(first + wordsPerItem, words);
        final LongArray shared = ctx.dynamicSharedLongs();
        final int local = ctx.localIdX();
        final int width = LOCAL_SIZE;
        SharedAccumulator.clear(shared, local, width, degree);
        final long[] a = new long[2 * n];
        for (long w = first; w < last; w++)
        {
            long bits = bitmap.get(w);
            while (bits != 0)
            {
                final long point = w * 64 + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                PointMemory.load(points, point, 2 * n, a, 0);
                SharedAccumulator.addMixed(shared, local, width, a, degree);
            }
        }
        final long[] acc = new long[4 * n];
        SharedAccumulator.read(shared, local, width, acc, degree);
        PointMemory.store(partial, item, 4 * n, acc, 0);
    }
}
