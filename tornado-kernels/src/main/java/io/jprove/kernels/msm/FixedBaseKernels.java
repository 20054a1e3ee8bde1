package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * Fixed-base scalar multiplication k·P for many scalars k and one point P ({@link GpuFixedBase}), over a table of
 * d·2^(c·w)·P for every window w of c bits and digit 1 ≤ d &lt; 2^c (affine, window after window, 2^c − 1 points
 * each). {@link #multiplesFq} fills one window of the table from its base 2^(c·w)·P; {@link #mulFq} adds, for each
 * scalar, the table point of each of its nonzero digits into an XYZZ sum (kept in shared memory, which saves the
 * registers that otherwise spill over Fq2), with no doublings at all. Both leave XYZZ points that
 * {@link PrecomputeKernels#toAffineFq} turns into affine ones, one inversion per run of points.
 * <p>
 * Scalars are Fr elements in Montgomery form, as vectors store them; digits are taken from the canonical value, so
 * a product is the same point however it is computed. A zero scalar (and a zero digit everywhere) leaves the sum at
 * infinity, which the conversion writes as all-zero limbs.
 */
public final class FixedBaseKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 128;

    private FixedBaseKernels()
    {
    }

    /**
     * Launch: one item per digit, 2^c − 1 of them.
     *
     * @param bases   the window bases 2^(c·w)·P, affine.
     * @param window  which of them.
     * @param c       window bits, 1 to 24.
     * @param scratch 2^c − 1 XYZZ points: item j writes (j + 1)·bases[window].
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void multiplesFq(final KernelContext ctx, final LongArray bases, final int window, final int c,
        final LongArray scratch)
    {
        multiples(ctx, bases, window, c, scratch, 1);
    }

    /** {@link #multiplesFq} over Fq2. */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void multiplesFq2(final KernelContext ctx, final LongArray bases, final int window, final int c,
        final LongArray scratch)
    {
        multiples(ctx, bases, window, c, scratch, 2);
    }

    /** @return the dynamic shared memory a group of {@link #mulFq} needs: one XYZZ accumulator per item. */
    static int sharedBytes(final MsmCurve curve)
    {
        return (int)(LOCAL_SIZE * curve.xyzzBytes());
    }

    /**
     * Launch: one item per scalar, in groups of {@link #LOCAL_SIZE} with {@link #sharedBytes} of dynamic shared
     * memory (the sums live there, as the batch-add's do: {@link SharedAccumulator}); three groups per
     * multiprocessor over Fq, two over Fq2.
     *
     * @param table   {@code windows} windows of 2^c − 1 affine points: entry w·(2^c − 1) + d − 1 is d·2^(c·w)·P.
     * @param c       window bits, 1 to 24.
     * @param windows ⌈255 / c⌉.
     * @param scalars {@code count} Fr elements, Montgomery form.
     * @param scratch {@code count} XYZZ points: item i writes scalars[i]·P.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 3)
    public static void mulFq(final KernelContext ctx, final LongArray table, final int c, final int windows,
        final LongArray scalars, final long count, final LongArray scratch)
    {
        products(ctx, table, c, windows, scalars, count, scratch, 1);
    }

    /** {@link #mulFq} over Fq2. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void mulFq2(final KernelContext ctx, final LongArray table, final int c, final int windows,
        final LongArray scalars, final long count, final LongArray scratch)
    {
        products(ctx, table, c, windows, scalars, count, scratch, 2);
    }

    private static void multiples(final KernelContext ctx, final LongArray bases, final int window, final int c,
        final LongArray scratch, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final int j = ctx.globalIdX();
        final int digits = (1 << c) - 1;
        if (j >= digits)
        {
            return;
        }
        final int d = j + 1;
        final long[] a = new long[2 * n];
        final long[] p = new long[4 * n];
        PointMemory.load(bases, window, 2 * n, a, 0);
        // left to right: p = ⌊d / 2^b⌋·P after the step for bit b; the base is finite, of prime order above 2^c
        XyzzInline.fromAffine(p, 0, a, 0, degree);
        for (int b = 30 - Integer.numberOfLeadingZeros(d); b >= 0; b--)
        {
            XyzzInline.dbl(p, 0, degree);
            if ((d >>> b & 1) != 0)
            {
                XyzzInline.addMixed(p, 0, a, 0, degree);
            }
        }
        PointMemory.store(scratch, j, 4 * n, p, 0);
    }

    private static void products(final KernelContext ctx, final LongArray table, final int c, final int windows,
        final LongArray scalars, final long count, final LongArray scratch, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long i = ctx.globalIdX();
        if (i >= count)
        {
            return;
        }
        final long[] k = new long[Fr.LIMBS];
        ScalarDigits.canonical(scalars, i, k);
        final long k0 = k[0];
        final long k1 = k[1];
        final long k2 = k[2];
        final long k3 = k[3];
        final long digits = (1L << c) - 1;
        final LongArray shared = ctx.dynamicSharedLongs();
        final int local = ctx.localIdX();
        SharedAccumulator.clear(shared, local, LOCAL_SIZE, degree);
        final long[] a = new long[2 * n];
        for (int w = 0; w < windows; w++)
        {
            final long d = ScalarDigits.bits(k0, k1, k2, k3, w * c, c);
            if (d != 0)
            {
                PointMemory.load(table, w * digits + d - 1, 2 * n, a, 0);
                SharedAccumulator.addMixed(shared, local, LOCAL_SIZE, a, degree);
            }
        }
        final long[] acc = new long[4 * n];
        SharedAccumulator.read(shared, local, LOCAL_SIZE, acc, degree);
        PointMemory.store(scratch, i, 4 * n, acc, 0);
    }
}
