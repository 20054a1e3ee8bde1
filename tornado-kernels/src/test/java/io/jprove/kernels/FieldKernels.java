package io.jprove.kernels;

import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.kernels.ptx.KernelCompiler;

/** Kernels using the {@link Fq} and {@link Fr} intrinsics: on the GPU their carry chains, on the CPU field-arith. */
public final class FieldKernels
{
    /** The compiler the tests use. */
    static final KernelCompiler COMPILER = KernelCompiler.standard();

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
        Fq.mul(r, x, y);
        store(out, 30L * i, r);
        Fq.square(r, x);
        store(out, 30L * i + 6, r);
        Fq.add(r, x, y);
        store(out, 30L * i + 12, r);
        Fq.sub(r, x, y);
        store(out, 30L * i + 18, r);
        Fq.mul(x, x, y);
        Fq.sub(x, x, r);
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
        Fr.mul(r, x, y);
        store(out, 20L * i, r);
        Fr.square(r, x);
        store(out, 20L * i + 4, r);
        Fr.add(r, x, y);
        store(out, 20L * i + 8, r);
        Fr.sub(r, x, y);
        store(out, 20L * i + 12, r);
        Fr.mul(y, x, y);
        Fr.mul(y, y, x);
        store(out, 20L * i + 16, y);
    }

    /** Fq through the offset forms: two elements in one long[12], dbl, neg and square in place. */
    @Kernel
    public static void fqOffsets(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (12L * i + 11 >= a.length())
        {
            return;
        }
        final long[] t = new long[12];
        for (int k = 0; k < 12; k++)
        {
            t[k] = a.get(12L * i + k);
        }
        final long[] u = new long[6];
        Fq.mul(u, 0, t, 0, t, 6);
        Fq.dbl(t, 0, u, 0);
        Fq.neg(t, 6, t, 6);
        Fq.add(u, 0, t, 0, t, 6);
        Fq.square(t, 6, u, 0);
        Fq.sub(t, 0, t, 6, t, 0);
        Fq.neg(u, u);
        for (int k = 0; k < 12; k++)
        {
            out.set(18L * i + k, t[k]);
        }
        for (int k = 0; k < 6; k++)
        {
            out.set(18L * i + 12 + k, u[k]);
        }
    }

    /**
     * The Fq predicates and selections, on canonical elements (zero among the edges), against constants too (so the
     * folding is exercised): 11 results of 6 limbs per item, flags as 0/1 in a limb.
     */
    @Kernel
    public static void fqPredicates(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (6L * i >= a.length())
        {
            return;
        }
        final long[] x = new long[12];
        for (int k = 0; k < 6; k++)
        {
            x[k] = a.get(6L * i + k);
            x[6 + k] = b.get(6L * i + k);
        }
        final long[] zero = new long[6];
        final long[] r = new long[6];
        final boolean odd = (x[0] & 1) != 0;
        final long at = 66L * i;
        out.set(at, Fq.isZero(x, 0) ? 1 : 0);
        out.set(at + 1, Fq.isZero(x, 6) ? 1 : 0);
        out.set(at + 2, Fq.equal(x, 0, x, 6) ? 1 : 0);
        out.set(at + 3, Fq.equal(x, 6, x, 6) ? 1 : 0);
        out.set(at + 4, Fq.equal(x, 0, zero, 0) ? 1 : 0);
        out.set(at + 5, Fq.isZero(zero, 0) ? 1 : 0);
        Fq.select(r, 0, x, 0, x, 6, odd);
        store(out, at + 6, r);
        Fq.negIf(r, 0, x, 0, odd);
        store(out, at + 12, r);
        Fq.negIf(r, 0, x, 6, !odd);
        store(out, at + 18, r);
        Fq.select(r, 0, x, 0, x, 6, true);
        Fq.negIf(r, 0, r, 0, true);
        store(out, at + 24, r);
        Fq.select(r, 0, zero, 0, x, 0, odd);
        Fq.negIf(r, 0, r, 0, false);
        store(out, at + 30, r);
        Fq.negIf(x, 0, x, 0, odd);
        Fq.select(x, 6, x, 0, x, 6, !odd);
        store(out, at + 36, x);
        Fq.negIf(r, 0, zero, 0, odd);
        store(out, at + 48, r);
        Fq.select(r, 0, zero, 0, zero, 0, odd);
        out.set(at + 54, Fq.isZero(r, 0) ? 1 : 0);
        out.set(at + 55, Fq.equal(x, 0, x, 6) ? 1 : 0);
        for (int k = 0; k < 10; k++)
        {
            out.set(at + 56 + k, x[0] ^ k);
        }
    }

    /** The Fr predicates and selections: 5 results of 4 limbs per item. */
    @Kernel
    public static void frPredicates(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (4L * i >= a.length())
        {
            return;
        }
        final long[] x = new long[4];
        final long[] y = new long[4];
        for (int k = 0; k < 4; k++)
        {
            x[k] = a.get(4L * i + k);
            y[k] = b.get(4L * i + k);
        }
        final long[] r = new long[4];
        final boolean flag = (y[1] & 2) != 0;
        final long at = 20L * i;
        out.set(at, Fr.isZero(x, 0) ? 1 : 0);
        out.set(at + 1, Fr.equal(x, 0, y, 0) ? 1 : 0);
        out.set(at + 2, Fr.equal(y, 0, y, 0) ? 1 : 0);
        out.set(at + 3, Fr.isZero(y, 0) ? 1 : 0);
        Fr.select(r, 0, x, 0, y, 0, flag);
        store(out, at + 4, r);
        Fr.negIf(r, 0, x, 0, flag);
        store(out, at + 8, r);
        Fr.negIf(r, 0, y, 0, !flag);
        store(out, at + 12, r);
        Fr.negIf(y, 0, y, 0, true);
        Fr.select(y, 0, y, 0, x, 0, false);
        store(out, at + 16, y);
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
            Fq.mul(c0, c0, y);
            Fq.mul(c1, c1, y);
            Fq.mul(c2, c2, y);
            Fq.mul(c3, c3, y);
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
            Fr.mul(c0, c0, y);
            Fr.mul(c1, c1, y);
            Fr.mul(c2, c2, y);
            Fr.mul(c3, c3, y);
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
