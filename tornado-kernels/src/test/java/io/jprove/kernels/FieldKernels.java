package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;

/**
 * Kernels using the field intrinsics. Until the field module's Fq/Fr are on this branch they call {@link RefFq} and
 * {@link RefFr}, registered with {@link #COMPILER} as the same intrinsics (the generated PTX is identical).
 */
public final class FieldKernels
{
    /** The standard compiler plus the reference classes as Fq/Fr intrinsics. */
    static final KernelCompiler COMPILER = KernelCompiler.standard().withFieldIntrinsics(RefFq.class, "Fq")
        .withFieldIntrinsics(RefFr.class, "Fr");

    private FieldKernels()
    {
    }

    /** For each item: a·b, a², a + b, a − b, a·b with r aliasing a; Fq elements of 6 limbs. */
    @Kernel
    public static void fqOps(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (6L * i >= a.length())
        {
            return;
        }
        final long[] x = new long[6];
        final long[] y = new long[6];
        final long[] r = new long[6];
        for (int k = 0; k < 6; k++)
        {
            x[k] = a.get(6L * i + k);
            y[k] = b.get(6L * i + k);
        }
        RefFq.mul(r, x, y);
        store(out, 30L * i, r);
        RefFq.square(r, x);
        store(out, 30L * i + 6, r);
        RefFq.add(r, x, y);
        store(out, 30L * i + 12, r);
        RefFq.sub(r, x, y);
        store(out, 30L * i + 18, r);
        RefFq.mul(x, x, y);
        RefFq.sub(x, x, r);
        store(out, 30L * i + 24, x);
    }

    /** For each item: a·b, a², a + b, a − b, and (a·b)·a with aliasing; Fr elements of 4 limbs. */
    @Kernel
    public static void frOps(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (4L * i >= a.length())
        {
            return;
        }
        final long[] x = new long[4];
        final long[] y = new long[4];
        final long[] r = new long[4];
        for (int k = 0; k < 4; k++)
        {
            x[k] = a.get(4L * i + k);
            y[k] = b.get(4L * i + k);
        }
        RefFr.mul(r, x, y);
        store(out, 20L * i, r);
        RefFr.square(r, x);
        store(out, 20L * i + 4, r);
        RefFr.add(r, x, y);
        store(out, 20L * i + 8, r);
        RefFr.sub(r, x, y);
        store(out, 20L * i + 12, r);
        RefFr.mul(y, x, y);
        RefFr.mul(y, y, x);
        store(out, 20L * i + 16, y);
    }

    /**
     * Throughput: each item runs four independent chains x ← x·y of {@code iterations} Fq multiplies and stores the
     * results (so nothing is dead code).
     */
    @Kernel
    public static void fqMulChains(final KernelContext ctx, final LongArray seeds, final LongArray out,
        final int iterations)
    {
        final int i = ctx.globalIdX();
        final long[] y = new long[6];
        final long[] c0 = new long[6];
        final long[] c1 = new long[6];
        final long[] c2 = new long[6];
        final long[] c3 = new long[6];
        for (int k = 0; k < 6; k++)
        {
            y[k] = seeds.get(k);
            c0[k] = seeds.get(6 + k) ^ (k == 0 ? i : 0);
            c1[k] = seeds.get(12 + k) ^ (k == 0 ? i : 0);
            c2[k] = seeds.get(18 + k) ^ (k == 0 ? i : 0);
            c3[k] = seeds.get(24 + k) ^ (k == 0 ? i : 0);
        }
        for (int n = 0; n < iterations; n++)
        {
            RefFq.mul(c0, c0, y);
            RefFq.mul(c1, c1, y);
            RefFq.mul(c2, c2, y);
            RefFq.mul(c3, c3, y);
        }
        for (int k = 0; k < 6; k++)
        {
            out.set(24L * i + k, c0[k]);
            out.set(24L * i + 6 + k, c1[k]);
            out.set(24L * i + 12 + k, c2[k]);
            out.set(24L * i + 18 + k, c3[k]);
        }
    }

    /** Throughput: as {@link #fqMulChains} for Fr. */
    @Kernel
    public static void frMulChains(final KernelContext ctx, final LongArray seeds, final LongArray out,
        final int iterations)
    {
        final int i = ctx.globalIdX();
        final long[] y = new long[4];
        final long[] c0 = new long[4];
        final long[] c1 = new long[4];
        final long[] c2 = new long[4];
        final long[] c3 = new long[4];
        for (int k = 0; k < 4; k++)
        {
            y[k] = seeds.get(k);
            c0[k] = seeds.get(4 + k) ^ (k == 0 ? i : 0);
            c1[k] = seeds.get(8 + k) ^ (k == 0 ? i : 0);
            c2[k] = seeds.get(12 + k) ^ (k == 0 ? i : 0);
            c3[k] = seeds.get(16 + k) ^ (k == 0 ? i : 0);
        }
        for (int n = 0; n < iterations; n++)
        {
            RefFr.mul(c0, c0, y);
            RefFr.mul(c1, c1, y);
            RefFr.mul(c2, c2, y);
            RefFr.mul(c3, c3, y);
        }
        for (int k = 0; k < 4; k++)
        {
            out.set(16L * i + k, c0[k]);
            out.set(16L * i + 4 + k, c1[k]);
            out.set(16L * i + 8 + k, c2[k]);
            out.set(16L * i + 12 + k, c3[k]);
        }
    }

    private static void store(final LongArray out, final long at, final long[] v)
    {
        for (int k = 0; k < v.length; k++)
        {
            out.set(at + k, v[k]);
        }
    }
}
