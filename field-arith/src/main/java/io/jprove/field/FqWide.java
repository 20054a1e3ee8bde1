package io.jprove.field;

import java.math.BigInteger;

/**
 * Double-width (12-limb) arithmetic for lazy reduction in the tower: a product of two Fq values is kept as the plain
 * 768-bit integer, sums and differences of such products are formed without reduction, and one Montgomery reduction
 * ({@link #reduce}) brings the result back to an Fq element. Fq2 multiplication then costs three products but only
 * two reductions.
 * <p>
 * Carries here are {@code Long.compareUnsigned} tests, which the JIT compiles to a compare and a conditional move;
 * these routines are CPU-only (the GPU kernels use {@link Fq}'s). The product and the reduction are generated
 * ({@link FqWideProduct}), one straight-line block per limb product in column order: straight-line code over locals
 * was the fastest shape measured (loops over columns or rows were slower). The rest are limb loops, kept here.
 */
final class FqWide
{
    /** 64-bit limbs of a double-width value. */
    static final int LIMBS = 2 * Fq.LIMBS;
    /** k·p² for k = 0..20, for offsets that keep lazily reduced differences non-negative. */
    static final long[][] P_SQUARED_TIMES = multiplesOfPSquared(20);
    /** 2p² and 4p²: offsets for differences of sums of products (all results stay below 6p² < p·2^384). */
    static final long[] TWO_P_SQUARED = P_SQUARED_TIMES[2];
    static final long[] FOUR_P_SQUARED = P_SQUARED_TIMES[4];

    /** p on six limbs. */
    private static final long[] P = {Fq.Q0, Fq.Q1, Fq.Q2, Fq.Q3, Fq.Q4, Fq.Q5};
    /** 2p on six limbs (below 2^383), the first step of {@link #reduceLoose}. */
    private static final long[] TWO_P = twiceModulus();

    private FqWide()
    {
    }

    private static long[] twiceModulus()
    {
        final long[] r = new long[Fq.LIMBS];
        Limbs.fromBigInteger(Fq.MODULUS.shiftLeft(1), r, 0, Fq.LIMBS);
        return r;
    }

    private static long[][] multiplesOfPSquared(final int max)
    {
        final long[][] r = new long[max + 1][];
        for (int k = 0; k <= max; k++)
        {
            r[k] = multipleOfPSquared(k);
        }
        return r;
    }

    private static long[] multipleOfPSquared(final int k)
    {
        final long[] r = new long[LIMBS];
        Limbs.fromBigInteger(Fq.MODULUS.multiply(Fq.MODULUS).multiply(BigInteger.valueOf(k)), r, 0, LIMBS);
        return r;
    }

    private static long carry(final long sum, final long addend)
    {
        return Long.compareUnsigned(sum, addend) < 0 ? 1L : 0L;
    }

    /**
     * {@code r = a·b} as a 12-limb integer (product scanning, generated: {@link FqWideProduct#mul}). {@code a} and
     * {@code b} are any 6-limb values (reduced or not); {@code r} must overlap neither input.
     */
    static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FqWideProduct.mul(r, ro, a, ao, b, bo);
    }

    /**
     * Montgomery reduction {@code r = t·2^−384 mod p}, fully reduced, for a 12-limb {@code t < p·2^384}. {@code t} is
     * left as it was; {@code r} may overlap it.
     */
    static void reduce(final long[] r, final int ro, final long[] t, final int to)
    {
        FqWideProduct.reduce(r, ro, t, to);
    }

    /**
     * {@link #reduce} for a wider range, {@code t < 4p·2^384} (about 39p²): first brings the top half below p by
     * subtracting 2p and then p from it where it is not below them (each keeps t's class mod p), then reduces.
     * Lazily reduced sums of several products need this: p·2^384 is only about 9.8p². <b>Changes the top six limbs of
     * {@code t}.</b>
     */
    static void reduceLoose(final long[] r, final int ro, final long[] t, final int to)
    {
        subtractIfNotBelow(t, to + Fq.LIMBS, TWO_P);
        subtractIfNotBelow(t, to + Fq.LIMBS, P);
        reduce(r, ro, t, to);
    }

    /** {@code x ← x − m} on six limbs when {@code x ≥ m}, else leaves x (a compare pass, then a masked one). */
    private static void subtractIfNotBelow(final long[] x, final int xo, final long[] m)
    {
        long borrow = 0;
        for (int i = 0; i < Fq.LIMBS; i++)
        {
            final long a = x[xo + i];
            borrow = Limbs.borrowOut(a, m[i], a - m[i], borrow);
        }
        final long mask = borrow - 1;
        borrow = 0;
        for (int i = 0; i < Fq.LIMBS; i++)
        {
            final long a = x[xo + i];
            final long b = m[i] & mask;
            final long t = a - b;
            x[xo + i] = t - borrow;
            borrow = Limbs.borrowOut(a, b, t, borrow);
        }
    }

    /**
     * Finishes a Karatsuba product in one pass over the limbs: on entry {@code (r, re)} holds u0v0, {@code (r, im)}
     * holds (u0 + u1)(v0 + v1) and {@code (t, to)} holds u1v1; on return re is {@code u0v0 + k − u1v1} and im is
     * {@code u0v1 + u1v0}. The offset k must be at least u1v1. The four carry chains are independent, so one pass
     * measured faster than four separate additions and subtractions.
     */
    static void karatsubaFinish(final long[] r, final int re, final int im, final long[] t, final int to,
        final long[] k)
    {
        long b1 = 0;
        long b2 = 0;
        long c3 = 0;
        long b4 = 0;
        for (int i = 0; i < LIMBS; i++)
        {
            final long x = r[re + i];
            final long y = r[im + i];
            final long z = t[to + i];
            // im − x − z
            final long d1 = y - x - b1;
            b1 = Limbs.borrow(y, x, d1);
            final long d2 = d1 - z - b2;
            b2 = Limbs.borrow(d1, z, d2);
            r[im + i] = d2;
            // x + k − z
            final long a1 = x + k[i];
            final long a2 = a1 + c3;
            c3 = carry(a1, x) + carry(a2, a1);
            final long e = a2 - z - b4;
            b4 = Limbs.borrow(a2, z, e);
            r[re + i] = e;
        }
    }

    /** {@code r = a + b} on 12 limbs (the sum must fit). */
    static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        long c = 0;
        for (int i = 0; i < LIMBS; i++)
        {
            final long x = a[ao + i];
            final long s = x + b[bo + i];
            final long s2 = s + c;
            c = carry(s, x) + carry(s2, s);
            r[ro + i] = s2;
        }
    }

    /** {@code r = a − b} on 12 limbs (requires a ≥ b). */
    static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        long borrow = 0;
        for (int i = 0; i < LIMBS; i++)
        {
            final long x = a[ao + i];
            final long y = b[bo + i];
            final long d = x - y - borrow;
            borrow = Limbs.borrow(x, y, d);
            r[ro + i] = d;
        }
    }

    /** {@code r = a + b} on 6 limbs without reduction (for inputs below p the sum is below 2p < 2^382). */
    static void addUnreduced(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        long c = 0;
        for (int i = 0; i < Fq.LIMBS; i++)
        {
            final long x = a[ao + i];
            final long s = x + b[bo + i];
            final long s2 = s + c;
            c = carry(s, x) + carry(s2, s);
            r[ro + i] = s2;
        }
    }

    /** @return {@code v} as a BigInteger, for tests. */
    static BigInteger toBigInteger(final long[] v, final int offset)
    {
        return Limbs.toBigInteger(v, offset, LIMBS);
    }
}
