package io.jprove.field.inline;

import io.jprove.field.Fq;

/**
 * Fq2 = Fq[u]/(u² + 1) on Fq's kernel operations: an element is 12 limbs, c0 then c1 (the layout of
 * {@link io.jprove.field.Fq2}). Results equal {@code io.jprove.field.Fq2}'s (canonical, so bit for bit); that class
 * multiplies faster on the CPU with lazily reduced double-width products, which kernels do not have. Destinations may
 * alias inputs.
 */
public final class Fq2Inline
{
    /** Limbs per element. */
    public static final int LIMBS = 12;

    private static final int N = 6;

    private Fq2Inline()
    {
    }

    /** {@code r = a·b} by Karatsuba: c0 = a0b0 − a1b1, c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1 (3M). */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        final long[] t = new long[3 * N];
        final long[] s = new long[2 * N];
        Fq.mul(t, 0, a, ao, b, bo);
        Fq.mul(t, N, a, ao + N, b, bo + N);
        Fq.add(s, 0, a, ao, a, ao + N);
        Fq.add(s, N, b, bo, b, bo + N);
        Fq.mul(t, 2 * N, s, 0, s, N);
        Fq.sub(r, ro, t, 0, t, N);
        Fq.sub(t, 2 * N, t, 2 * N, t, 0);
        Fq.sub(r, ro + N, t, 2 * N, t, N);
    }

    /** {@code r = a²}: c0 = (a0 + a1)(a0 − a1), c1 = 2·a0·a1 (2M). */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] t = new long[3 * N];
        Fq.add(t, 0, a, ao, a, ao + N);
        Fq.sub(t, N, a, ao, a, ao + N);
        Fq.mul(t, 2 * N, a, ao, a, ao + N);
        Fq.mul(r, ro, t, 0, t, N);
        Fq.dbl(r, ro + N, t, 2 * N);
    }

    /** {@code r = a + b}. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq.add(r, ro, a, ao, b, bo);
        Fq.add(r, ro + N, a, ao + N, b, bo + N);
    }

    /** {@code r = a − b}. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq.sub(r, ro, a, ao, b, bo);
        Fq.sub(r, ro + N, a, ao + N, b, bo + N);
    }

    /** {@code r = 2a}. */
    public static void dbl(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.dbl(r, ro, a, ao);
        Fq.dbl(r, ro + N, a, ao + N);
    }

    /** {@code r = −a}. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.neg(r, ro, a, ao);
        Fq.neg(r, ro + N, a, ao + N);
    }

    /** {@code r = negate ? −a : a}, branch-free in a kernel. */
    public static void negIf(final long[] r, final int ro, final long[] a, final int ao, final boolean negate)
    {
        Fq.negIf(r, ro, a, ao, negate);
        Fq.negIf(r, ro + N, a, ao + N, negate);
    }

    /** {@code r = takeA ? a : b}, branch-free in a kernel. */
    public static void select(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final boolean takeA)
    {
        Fq.select(r, ro, a, ao, b, bo, takeA);
        Fq.select(r, ro + N, a, ao + N, b, bo + N, takeA);
    }

    /** @return whether {@code a} is zero. */
    public static boolean isZero(final long[] a, final int ao)
    {
        return Fq.isZero(a, ao) & Fq.isZero(a, ao + N);
    }

    /** @return whether {@code a = b}. */
    public static boolean equal(final long[] a, final int ao, final long[] b, final int bo)
    {
        return Fq.equal(a, ao, b, bo) & Fq.equal(a, ao + N, b, bo + N);
    }

    /**
     * {@code r = a⁻¹ = conj(a) / (a0² + a1²)}: one Fq inversion ({@link FermatInverse}); zero stays zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] t = new long[2 * N];
        Fq.square(t, 0, a, ao);
        Fq.square(t, N, a, ao + N);
        Fq.add(t, 0, t, 0, t, N);
        FermatInverse.fq(t, 0, t, 0);
        Fq.mul(r, ro, a, ao, t, 0);
        Fq.mul(t, N, a, ao + N, t, 0);
        Fq.neg(r, ro + N, t, N);
    }
}
