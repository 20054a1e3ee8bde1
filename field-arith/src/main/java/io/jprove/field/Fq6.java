package io.jprove.field;

import java.util.random.RandomGenerator;

/**
 * The cubic extension Fq6 = Fq2[v]/(v³ − ξ), ξ = u + 1: an element {@code c0 + c1·v + c2·v²} is 36 limbs, c0, c1,
 * c2 as {@link Fq2} elements.
 * <p>
 * Calling convention as in {@link Fq2}: results go to {@code (r, ro)}, which may alias any input; operations that
 * need temporaries take a caller scratch range {@code (s, so)} of {@link #SCRATCH} limbs that must overlap neither
 * the result nor the inputs.
 */
public final class Fq6
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = 3 * Fq2.LIMBS;
    /** Scratch limbs needed by every scratch-taking operation here. */
    public static final int SCRATCH = Math.max(8 * Fq2.LIMBS + Fq2.SCRATCH,
        12 * FqWide.LIMBS + 2 * Fq2.LIMBS + Fq2.PRODUCT_WIDE_SCRATCH);

    private static final int E = Fq2.LIMBS;

    private Fq6()
    {
    }

    /** @return a new element equal to one. */
    public static long[] one()
    {
        final long[] r = new long[LIMBS];
        Fq2.setOne(r, 0);
        return r;
    }

    /** @return a uniformly random element. */
    public static long[] random(final RandomGenerator rng)
    {
        final long[] r = new long[LIMBS];
        for (int i = 0; i < 3; i++)
        {
            Fq2.copy(r, i * E, Fq2.random(rng), 0);
        }
        return r;
    }

    /** Sets {@code r} to zero. */
    public static void setZero(final long[] r, final int ro)
    {
        java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);
    }

    /** Sets {@code r} to one. */
    public static void setOne(final long[] r, final int ro)
    {
        setZero(r, ro);
        Fq2.setOne(r, ro);
    }

    /** Copies an element. */
    public static void copy(final long[] r, final int ro, final long[] a, final int ao)
    {
        System.arraycopy(a, ao, r, ro, LIMBS);
    }

    /** @return whether the element is zero. */
    public static boolean isZero(final long[] a, final int ao)
    {
        return Limbs.isZero(a, ao, LIMBS);
    }

    /** @return whether two elements are equal. */
    public static boolean equal(final long[] a, final int ao, final long[] b, final int bo)
    {
        return Limbs.equal(a, ao, b, bo, LIMBS);
    }

    /** {@code r = a + b}. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq2.add(r, ro, a, ao, b, bo);
        Fq2.add(r, ro + E, a, ao + E, b, bo + E);
        Fq2.add(r, ro + 2 * E, a, ao + 2 * E, b, bo + 2 * E);
    }

    /** {@code r = a − b}. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq2.sub(r, ro, a, ao, b, bo);
        Fq2.sub(r, ro + E, a, ao + E, b, bo + E);
        Fq2.sub(r, ro + 2 * E, a, ao + 2 * E, b, bo + 2 * E);
    }

    /** {@code r = 2a}. */
    public static void dbl(final long[] r, final int ro, final long[] a, final int ao)
    {
        add(r, ro, a, ao, a, ao);
    }

    /** {@code r = −a}. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq2.neg(r, ro, a, ao);
        Fq2.neg(r, ro + E, a, ao + E);
        Fq2.neg(r, ro + 2 * E, a, ao + 2 * E);
    }

    /**
     * {@code r = a·b} by Karatsuba over Fq2 with lazy reduction: with {@code tᵢ = aᵢbᵢ},
     * {@code c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2)}, {@code c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξt2},
     * {@code c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1}, where the six Fq2 products stay double-width
     * ({@link Fq2#productWide}), the combinations are formed double-width with multiples of p² as
     * offsets, and only the six output coordinates are reduced: 6 reductions instead of 12.
     * <p>
     * Bounds, per double-width coordinate: the tᵢ are below 2p² (offset p²), the products of the unreduced sums
     * below 8p² (offset 4p²), so c2 < 14p², c1 < 16p² and c0 < 26p² — past p·2^384 ≈ 9.8p², hence
     * {@link FqWide#reduceLoose}.
     */
    public static void mul(
        final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final long[] s, final int so)
    {
        final int w = FqWide.LIMBS;
        final int n = Fq.LIMBS;
        // double-width Fq2 values: re at +0, im at +w
        final int t0 = so;
        final int t1 = t0 + 2 * w;
        final int t2 = t1 + 2 * w;
        final int x = t2 + 2 * w;
        final int y = x + 2 * w;
        final int z = y + 2 * w;
        final int sa = z + 2 * w;
        final int sb = sa + E;
        final int ps = sb + E;
        Fq2.productWide(s, t0, a, ao, b, bo, 1, s, ps);
        Fq2.productWide(s, t1, a, ao + E, b, bo + E, 1, s, ps);
        Fq2.productWide(s, t2, a, ao + 2 * E, b, bo + 2 * E, 1, s, ps);
        Fq2.addUnreduced(s, sa, a, ao + E, a, ao + 2 * E);
        Fq2.addUnreduced(s, sb, b, bo + E, b, bo + 2 * E);
        Fq2.productWide(s, x, s, sa, s, sb, 4, s, ps);
        Fq2.addUnreduced(s, sa, a, ao, a, ao + E);
        Fq2.addUnreduced(s, sb, b, bo, b, bo + E);
        Fq2.productWide(s, y, s, sa, s, sb, 4, s, ps);
        Fq2.addUnreduced(s, sa, a, ao, a, ao + 2 * E);
        Fq2.addUnreduced(s, sb, b, bo, b, bo + 2 * E);
        Fq2.productWide(s, z, s, sa, s, sb, 4, s, ps);
        for (int k = 0; k < 2; k++)
        {
            final int o = k * w;
            // z ← c2 = z + t1 + 4p² − t0 − t2
            FqWide.add(s, z + o, s, z + o, s, t1 + o);
            FqWide.add(s, z + o, s, z + o, FqWide.FOUR_P_SQUARED, 0);
            FqWide.sub(s, z + o, s, z + o, s, t0 + o);
            FqWide.sub(s, z + o, s, z + o, s, t2 + o);
            // y ← y + 4p² − t0 − t1 (ξt2 follows)
            FqWide.add(s, y + o, s, y + o, FqWide.FOUR_P_SQUARED, 0);
            FqWide.sub(s, y + o, s, y + o, s, t0 + o);
            FqWide.sub(s, y + o, s, y + o, s, t1 + o);
            // x ← D = x + 4p² − t1 − t2
            FqWide.add(s, x + o, s, x + o, FqWide.FOUR_P_SQUARED, 0);
            FqWide.sub(s, x + o, s, x + o, s, t1 + o);
            FqWide.sub(s, x + o, s, x + o, s, t2 + o);
        }
        // c1 = y + ξt2 with ξ(u + v·i) = (u − v) + (u + v)·i: y.re += t2.re + 2p² − t2.im, y.im += t2.re + t2.im
        FqWide.add(s, y, s, y, s, t2);
        FqWide.add(s, y, s, y, FqWide.TWO_P_SQUARED, 0);
        FqWide.sub(s, y, s, y, s, t2 + w);
        FqWide.add(s, y + w, s, y + w, s, t2);
        FqWide.add(s, y + w, s, y + w, s, t2 + w);
        // c0 = t0 + ξD: t0.re += D.re + 12p² − D.im, t0.im += D.re + D.im
        FqWide.add(s, t0 + w, s, t0 + w, s, x);
        FqWide.add(s, t0 + w, s, t0 + w, s, x + w);
        FqWide.add(s, t0, s, t0, s, x);
        FqWide.add(s, t0, s, t0, FqWide.P_SQUARED_TIMES[12], 0);
        FqWide.sub(s, t0, s, t0, s, x + w);
        FqWide.reduceLoose(r, ro, s, t0);
        FqWide.reduceLoose(r, ro + n, s, t0 + w);
        FqWide.reduceLoose(r, ro + E, s, y);
        FqWide.reduceLoose(r, ro + E + n, s, y + w);
        FqWide.reduceLoose(r, ro + 2 * E, s, z);
        FqWide.reduceLoose(r, ro + 2 * E + n, s, z + w);
    }

    /**
     * {@code r = a²} by Chung and Hasan's SQR2 (three squarings, two multiplications): {@code s0 = a0²},
     * {@code s1 = 2a0a1}, {@code s2 = (a0 − a1 + a2)²}, {@code s3 = 2a1a2}, {@code s4 = a2²}; then
     * {@code c0 = ξs3 + s0}, {@code c1 = ξs4 + s1}, {@code c2 = s1 + s2 + s3 − s0 − s4}.
     */
    public static void square(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int s0 = so;
        final int s1 = so + E;
        final int s2 = so + 2 * E;
        final int s3 = so + 3 * E;
        final int s4 = so + 4 * E;
        final int fs = so + 8 * E;
        Fq2.square(s, s0, a, ao, s, fs);
        Fq2.mul(s, s1, a, ao, a, ao + E, s, fs);
        Fq2.dbl(s, s1, s, s1);
        Fq2.sub(s, s2, a, ao, a, ao + E);
        Fq2.add(s, s2, s, s2, a, ao + 2 * E);
        Fq2.square(s, s2, s, s2, s, fs);
        Fq2.mul(s, s3, a, ao + E, a, ao + 2 * E, s, fs);
        Fq2.dbl(s, s3, s, s3);
        Fq2.square(s, s4, a, ao + 2 * E, s, fs);
        // c2 into the s2 slot, then c0 into s0 and c1 into s1, so that c0 c1 c2 end up contiguous
        Fq2.add(s, s2, s, s2, s, s1);
        Fq2.add(s, s2, s, s2, s, s3);
        Fq2.sub(s, s2, s, s2, s, s0);
        Fq2.sub(s, s2, s, s2, s, s4);
        Fq2.mulByNonResidue(s, s3, s, s3, s, fs);
        Fq2.add(s, s0, s, s0, s, s3);
        Fq2.mulByNonResidue(s, s4, s, s4, s, fs);
        Fq2.add(s, s1, s, s1, s, s4);
        System.arraycopy(s, s0, r, ro, LIMBS);
    }

    /** Limbs of an Fq6 value left double-width: six 12-limb coordinates, coefficient k's re then im. */
    static final int WIDE_LIMBS = 6 * FqWide.LIMBS;
    /** Scratch limbs of {@link #mulBy01Wide} and {@link #mulBy1Wide}. */
    static final int WIDE_SCRATCH = 8 * FqWide.LIMBS + 2 * Fq2.LIMBS + Fq2.PRODUCT_WIDE_SCRATCH;

    /**
     * {@link #mulBy01} left double-width at {@code (r, ro)} ({@link #WIDE_LIMBS} limbs, not reduced), for callers that
     * combine before reducing. Every input coordinate must be reduced; {@code r} must overlap no input. Per
     * double-width coordinate the results are below 14p², 12p² and 8p² for c0, c1 and c2 (both components): with
     * {@code u0 = a0b0}, {@code u1 = a1b1} below 2p², {@code P = (a1 + a2)b1} and {@code R = (a0 + a2)b0} below 4p²,
     * {@code Q = (a0 + a1)(b0 + b1)} below 8p², {@code c0 = u0 + ξ(P + 2p² − u1)}, {@code c1 = Q + 4p² − u0 − u1},
     * {@code c2 = R + u1 + 2p² − u0}.
     */
    static void mulBy01Wide(final long[] r, final int ro, final long[] a, final int ao, final long[] b0, final int b0o,
        final long[] b1, final int b1o, final long[] s, final int so)
    {
        final int w = FqWide.LIMBS;
        final int u0 = so;
        final int u1 = u0 + 2 * w;
        final int pp = u1 + 2 * w;
        final int q = pp + 2 * w;
        final int sa = q + 2 * w;
        final int sb = sa + E;
        final int ps = sb + E;
        final long[][] k = FqWide.P_SQUARED_TIMES;
        Fq2.productWide(s, u0, a, ao, b0, b0o, 1, s, ps);
        Fq2.productWide(s, u1, a, ao + E, b1, b1o, 1, s, ps);
        Fq2.addUnreduced(s, sa, a, ao + E, a, ao + 2 * E);
        Fq2.productWide(s, pp, s, sa, b1, b1o, 2, s, ps);
        Fq2.addUnreduced(s, sa, a, ao, a, ao + E);
        Fq2.addUnreduced(s, sb, b0, b0o, b1, b1o);
        Fq2.productWide(s, q, s, sa, s, sb, 4, s, ps);
        // c1 = Q + 4p² − u0 − u1, straight into r
        for (int c = 0; c < 2; c++)
        {
            final int o = c * w;
            FqWide.add(r, ro + 2 * w + o, s, q + o, k[4], 0);
            FqWide.sub(r, ro + 2 * w + o, r, ro + 2 * w + o, s, u0 + o);
            FqWide.sub(r, ro + 2 * w + o, r, ro + 2 * w + o, s, u1 + o);
        }
        // c2 = R + u1 + 2p² − u0 (R reuses Q's slot)
        Fq2.addUnreduced(s, sa, a, ao, a, ao + 2 * E);
        Fq2.productWide(s, q, s, sa, b0, b0o, 2, s, ps);
        for (int c = 0; c < 2; c++)
        {
            final int o = c * w;
            FqWide.add(r, ro + 4 * w + o, s, q + o, s, u1 + o);
            FqWide.add(r, ro + 4 * w + o, r, ro + 4 * w + o, k[2], 0);
            FqWide.sub(r, ro + 4 * w + o, r, ro + 4 * w + o, s, u0 + o);
            // D = P + 2p² − u1, below 6p², in P's slot
            FqWide.add(s, pp + o, s, pp + o, k[2], 0);
            FqWide.sub(s, pp + o, s, pp + o, s, u1 + o);
        }
        // c0 = u0 + ξD: re = u0.re + D.re + 6p² − D.im, im = u0.im + D.re + D.im
        FqWide.add(r, ro + w, s, u0 + w, s, pp);
        FqWide.add(r, ro + w, r, ro + w, s, pp + w);
        FqWide.add(r, ro, s, u0, s, pp);
        FqWide.add(r, ro, r, ro, k[6], 0);
        FqWide.sub(r, ro, r, ro, s, pp + w);
    }

    /**
     * {@link #mulBy1} left double-width, {@code (ξa2b1, a0b1, a1b1)}: coordinates below 4p², 2p² and 2p². Inputs
     * reduced; {@code r} must not overlap them.
     */
    static void mulBy1Wide(final long[] r, final int ro, final long[] a, final int ao, final long[] b1, final int b1o,
        final long[] s, final int so)
    {
        final int w = FqWide.LIMBS;
        final int x = so;
        final int ps = x + 2 * w;
        Fq2.productWide(s, x, a, ao + 2 * E, b1, b1o, 1, s, ps);
        Fq2.productWide(r, ro + 2 * w, a, ao, b1, b1o, 1, s, ps);
        Fq2.productWide(r, ro + 4 * w, a, ao + E, b1, b1o, 1, s, ps);
        // ξx = (x.re + 2p² − x.im) + (x.re + x.im)·u
        FqWide.add(r, ro + w, s, x, s, x + w);
        FqWide.add(r, ro, s, x, FqWide.P_SQUARED_TIMES[2], 0);
        FqWide.sub(r, ro, r, ro, s, x + w);
    }

    /** {@code r = a·v = ξa2 + a0·v + a1·v²}. */
    public static void mulByNonResidue(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        Fq2.mulByNonResidue(s, so, a, ao + 2 * E, s, so + E);
        Fq2.copy(r, ro + 2 * E, a, ao + E);
        Fq2.copy(r, ro + E, a, ao);
        Fq2.copy(r, ro, s, so);
    }

    /** {@code r = a·k} for an Fq2 element {@code k} (which must not overlap {@code r}). */
    public static void mulByFq2(
        final long[] r, final int ro, final long[] a, final int ao, final long[] k, final int ko,
        final long[] s, final int so)
    {
        Fq2.mul(r, ro, a, ao, k, ko, s, so);
        Fq2.mul(r, ro + E, a, ao + E, k, ko, s, so);
        Fq2.mul(r, ro + 2 * E, a, ao + 2 * E, k, ko, s, so);
    }

    /**
     * {@code r = a·(b0 + b1·v)} with five Fq2 multiplications: {@code c0 = ξ((a1 + a2)b1 − a1b1) + a0b0},
     * {@code c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1}, {@code c2 = (a0 + a2)b0 − a0b0 + a1b1}; the sums stay
     * unreduced, as in {@link #mul}.
     */
    public static void mulBy01(
        final long[] r, final int ro, final long[] a, final int ao, final long[] b0, final int b0o,
        final long[] b1, final int b1o, final long[] s, final int so)
    {
        final int t0 = so;
        final int t1 = so + E;
        final int x = so + 2 * E;
        final int y = so + 3 * E;
        final int c0 = so + 5 * E;
        final int c1 = so + 6 * E;
        final int c2 = so + 7 * E;
        final int fs = so + 8 * E;
        Fq2.mul(s, t0, a, ao, b0, b0o, s, fs);
        Fq2.mul(s, t1, a, ao + E, b1, b1o, s, fs);

        Fq2.addUnreduced(s, x, a, ao + E, a, ao + 2 * E);
        Fq2.mul(s, c0, s, x, b1, b1o, s, fs);
        Fq2.sub(s, c0, s, c0, s, t1);
        Fq2.mulByNonResidue(s, c0, s, c0, s, fs);
        Fq2.add(s, c0, s, c0, s, t0);

        Fq2.addUnreduced(s, x, a, ao, a, ao + E);
        Fq2.addUnreduced(s, y, b0, b0o, b1, b1o);
        Fq2.mul(s, c1, s, x, s, y, s, fs);
        Fq2.sub(s, c1, s, c1, s, t0);
        Fq2.sub(s, c1, s, c1, s, t1);

        Fq2.addUnreduced(s, x, a, ao, a, ao + 2 * E);
        Fq2.mul(s, c2, s, x, b0, b0o, s, fs);
        Fq2.sub(s, c2, s, c2, s, t0);
        Fq2.add(s, c2, s, c2, s, t1);
        System.arraycopy(s, c0, r, ro, LIMBS);
    }

    /** {@code r = a·(b1·v) = ξa2b1 + a0b1·v + a1b1·v²} with three Fq2 multiplications. */
    public static void mulBy1(
        final long[] r, final int ro, final long[] a, final int ao, final long[] b1, final int b1o,
        final long[] s, final int so)
    {
        final int c0 = so;
        final int c1 = so + E;
        final int c2 = so + 2 * E;
        final int fs = so + 8 * E;
        Fq2.mul(s, c0, a, ao + 2 * E, b1, b1o, s, fs);
        Fq2.mulByNonResidue(s, c0, s, c0, s, fs);
        Fq2.mul(s, c1, a, ao, b1, b1o, s, fs);
        Fq2.mul(s, c2, a, ao + E, b1, b1o, s, fs);
        System.arraycopy(s, c0, r, ro, LIMBS);
    }

    /**
     * {@code r = a⁻¹}: with {@code c0 = a0² − ξa1a2}, {@code c1 = ξa2² − a0a1}, {@code c2 = a1² − a0a2} and
     * {@code t = a0c0 + ξ(a2c1 + a1c2)} (an Fq2 element), {@code a⁻¹ = (c0 + c1v + c2v²)/t}.
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        if (isZero(a, ao))
        {
            throw new ArithmeticException("Fq6: inverse of zero");
        }
        final int c0 = so;
        final int c1 = so + E;
        final int c2 = so + 2 * E;
        final int x = so + 3 * E;
        final int t = so + 4 * E;
        final int fs = so + 8 * E;
        Fq2.square(s, c0, a, ao, s, fs);
        Fq2.mul(s, x, a, ao + E, a, ao + 2 * E, s, fs);
        Fq2.mulByNonResidue(s, x, s, x, s, fs);
        Fq2.sub(s, c0, s, c0, s, x);

        Fq2.square(s, c1, a, ao + 2 * E, s, fs);
        Fq2.mulByNonResidue(s, c1, s, c1, s, fs);
        Fq2.mul(s, x, a, ao, a, ao + E, s, fs);
        Fq2.sub(s, c1, s, c1, s, x);

        Fq2.square(s, c2, a, ao + E, s, fs);
        Fq2.mul(s, x, a, ao, a, ao + 2 * E, s, fs);
        Fq2.sub(s, c2, s, c2, s, x);

        Fq2.mul(s, t, a, ao + 2 * E, s, c1, s, fs);
        Fq2.mul(s, x, a, ao + E, s, c2, s, fs);
        Fq2.add(s, t, s, t, s, x);
        Fq2.mulByNonResidue(s, t, s, t, s, fs);
        Fq2.mul(s, x, a, ao, s, c0, s, fs);
        Fq2.add(s, t, s, t, s, x);
        Fq2.inverse(s, t, s, t, s, fs);

        Fq2.mul(r, ro, s, c0, s, t, s, fs);
        Fq2.mul(r, ro + E, s, c1, s, t, s, fs);
        Fq2.mul(r, ro + 2 * E, s, c2, s, t, s, fs);
    }

    /**
     * {@code r = a^(p^power)} for power 0 to 3: each coefficient goes through Fq2's Frobenius, then c1 is multiplied
     * by {@code ξ^((p^k − 1)/3)} and c2 by {@code ξ^(2(p^k − 1)/3)} (see {@link FrobeniusCoefficients}).
     */
    public static void frobenius(final long[] r, final int ro, final long[] a, final int ao, final int power,
        final long[] s, final int so)
    {
        if (power < 0 || power > FrobeniusCoefficients.MAX_POWER)
        {
            throw new IllegalArgumentException("Fq6: Frobenius power must be 0 to 3, got " + power);
        }
        final long[] gamma = FrobeniusCoefficients.of(power);
        Fq2.frobenius(r, ro, a, ao, power);
        Fq2.frobenius(r, ro + E, a, ao + E, power);
        Fq2.frobenius(r, ro + 2 * E, a, ao + 2 * E, power);
        Fq2.mul(r, ro + E, r, ro + E, gamma, FrobeniusCoefficients.offset(2), s, so);
        Fq2.mul(r, ro + 2 * E, r, ro + 2 * E, gamma, FrobeniusCoefficients.offset(4), s, so);
    }
}
