package io.jprove.field;

import java.util.random.RandomGenerator;

/**
 * The top of the tower, Fq12 = Fq6[w]/(w² − v): an element {@code c0 + c1·w} is 72 limbs, c0 then c1 as {@link Fq6}
 * elements. Over Fq2 the basis is 1, v, v², w, vw, v²w = w⁰, w², w⁴, w¹, w³, w⁵ (w⁶ = ξ = u + 1), which is the order
 * of the six Fq2 coefficients in memory. The pairing's target group GT lives in its cyclotomic subgroup.
 * <p>
 * Calling convention as in {@link Fq6}: results go to {@code (r, ro)}, which may alias any input; operations that
 * need temporaries take a caller scratch range {@code (s, so)} of {@link #SCRATCH} limbs overlapping neither the
 * result nor the inputs. The convenience forms without scratch borrow a per-thread array.
 */
public final class Fq12
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = 2 * Fq6.LIMBS;
    /** |x| for the BLS12-381 seed x = −0xd201000000010000. */
    static final long SEED_ABS = 0xd201000000010000L;
    /** Scratch limbs of {@link #fq4Square}. */
    static final int FQ4_SQUARE_SCRATCH = 6 * FqWide.LIMBS + Fq2.LIMBS + 3 * Fq.LIMBS;
    /** Scratch limbs of the products, squares and inverses. */
    private static final int PRODUCT_SCRATCH = Math.max(LIMBS + 4 * Fq6.LIMBS + Fq6.SCRATCH,
        3 * Fq6.WIDE_LIMBS + Fq6.LIMBS + Fq2.LIMBS + Fq6.WIDE_SCRATCH);
    /** The set bits of {@link #SEED_ABS}, lowest first: where the chain of squarings keeps a power. */
    private static final int[] SEED_BITS = setBits(SEED_ABS);
    /** Scratch limbs needed by every scratch-taking operation here (the most by {@link #cyclotomicExpBySeed}). */
    public static final int SCRATCH = SEED_BITS.length * LIMBS + PRODUCT_SCRATCH;

    private static final int H = Fq6.LIMBS;
    /** Multiples of p² that keep {@link #mulBy014}'s c1 = X − t0 − t1 non-negative, per Fq2 coefficient. */
    private static final int[] LINE_OFFSETS = {18, 14, 10};
    private static final int E = Fq2.LIMBS;
    /** The power of w that each of the six Fq2 coefficients multiplies, in memory order. */
    private static final int[] W_EXPONENT = {0, 2, 4, 1, 3, 5};
    private static final ThreadLocal<long[]> SCRATCH_POOL = ThreadLocal.withInitial(() -> new long[SCRATCH]);

    private Fq12()
    {
    }

    private static int[] setBits(final long bits)
    {
        final int[] r = new int[Long.bitCount(bits)];
        long rest = bits;
        for (int k = 0; k < r.length; k++)
        {
            r[k] = Long.numberOfTrailingZeros(rest);
            rest &= rest - 1;
        }
        return r;
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
        for (int i = 0; i < 6; i++)
        {
            Fq2.copy(r, i * E, Fq2.random(rng), 0);
        }
        return r;
    }

    /** Sets {@code r} to one. */
    public static void setOne(final long[] r, final int ro)
    {
        setZero(r, ro);
        Fq2.setOne(r, ro);
    }

    /** Sets {@code r} to zero. */
    public static void setZero(final long[] r, final int ro)
    {
        java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);
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

    /** @return whether the element is one. */
    public static boolean isOne(final long[] a, final int ao)
    {
        return Fq2.isOne(a, ao) && Limbs.isZero(a, ao + E, LIMBS - E);
    }

    /** @return whether two elements are equal. */
    public static boolean equal(final long[] a, final int ao, final long[] b, final int bo)
    {
        return Limbs.equal(a, ao, b, bo, LIMBS);
    }

    /** {@code r = a + b}. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq6.add(r, ro, a, ao, b, bo);
        Fq6.add(r, ro + H, a, ao + H, b, bo + H);
    }

    /** {@code r = a − b}. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        Fq6.sub(r, ro, a, ao, b, bo);
        Fq6.sub(r, ro + H, a, ao + H, b, bo + H);
    }

    /** {@code r = −a}. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq6.neg(r, ro, a, ao);
        Fq6.neg(r, ro + H, a, ao + H);
    }

    /** {@code r = conj(a) = c0 − c1·w = a^(p⁶)}; on the cyclotomic subgroup (GT) this is the inverse. */
    public static void conjugate(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq6.copy(r, ro, a, ao);
        Fq6.neg(r, ro + H, a, ao + H);
    }

    /**
     * {@code r = a·b} by Karatsuba over Fq6 (three Fq6 multiplications): {@code c0 = a0b0 + v·a1b1},
     * {@code c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1}.
     */
    public static void mul(
        final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final long[] s, final int so)
    {
        final int t0 = so;
        final int t1 = so + H;
        final int x = so + 2 * H;
        final int y = so + 3 * H;
        final int fs = so + 4 * H;
        Fq6.mul(s, t0, a, ao, b, bo, s, fs);
        Fq6.mul(s, t1, a, ao + H, b, bo + H, s, fs);
        Fq6.add(s, x, a, ao, a, ao + H);
        Fq6.add(s, y, b, bo, b, bo + H);
        Fq6.mul(s, x, s, x, s, y, s, fs);
        Fq6.sub(s, x, s, x, s, t0);
        Fq6.sub(s, x, s, x, s, t1);
        Fq6.mulByNonResidue(s, t1, s, t1, s, fs);
        Fq6.add(r, ro, s, t0, s, t1);
        Fq6.copy(r, ro + H, s, x);
    }

    /** {@code r = a·b} with per-thread scratch. */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        mul(r, ro, a, ao, b, bo, SCRATCH_POOL.get(), 0);
    }

    /**
     * {@code r = a²} by the complex method (two Fq6 multiplications): with {@code t = a0a1},
     * {@code c0 = (a0 + a1)(a0 + v·a1) − t − v·t}, {@code c1 = 2t}.
     */
    public static void square(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int t = so;
        final int x = so + H;
        final int y = so + 2 * H;
        final int fs = so + 4 * H;
        Fq6.mul(s, t, a, ao, a, ao + H, s, fs);
        Fq6.add(s, x, a, ao, a, ao + H);
        Fq6.mulByNonResidue(s, y, a, ao + H, s, fs);
        Fq6.add(s, y, s, y, a, ao);
        Fq6.mul(s, x, s, x, s, y, s, fs);
        Fq6.sub(s, x, s, x, s, t);
        Fq6.mulByNonResidue(s, y, s, t, s, fs);
        Fq6.sub(r, ro, s, x, s, y);
        Fq6.dbl(r, ro + H, s, t);
    }

    /** {@code r = a²} with per-thread scratch. */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        square(r, ro, a, ao, SCRATCH_POOL.get(), 0);
    }

    /**
     * {@code r = a⁻¹ = (a0 − a1·w)/(a0² − v·a1²)}.
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        if (isZero(a, ao))
        {
            throw new ArithmeticException("Fq12: inverse of zero");
        }
        final int t = so;
        final int x = so + H;
        final int fs = so + 4 * H;
        Fq6.square(s, t, a, ao, s, fs);
        Fq6.square(s, x, a, ao + H, s, fs);
        Fq6.mulByNonResidue(s, x, s, x, s, fs);
        Fq6.sub(s, t, s, t, s, x);
        Fq6.inverse(s, t, s, t, s, fs);
        Fq6.mul(r, ro, a, ao, s, t, s, fs);
        Fq6.mul(s, x, a, ao + H, s, t, s, fs);
        Fq6.neg(r, ro + H, s, x);
    }

    /**
     * {@code r = a⁻¹} with per-thread scratch.
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao)
    {
        inverse(r, ro, a, ao, SCRATCH_POOL.get(), 0);
    }

    /**
     * {@code r = a^(p^power)} for power 0 to 3: the Fq2 coefficient of w^j is conjugated {@code power} times and
     * multiplied by {@code γ(power, j) = ξ^(j(p^power − 1)/6)} (see {@link FrobeniusCoefficients}).
     */
    public static void frobenius(final long[] r, final int ro, final long[] a, final int ao, final int power,
        final long[] s, final int so)
    {
        if (power < 0 || power > FrobeniusCoefficients.MAX_POWER)
        {
            throw new IllegalArgumentException("Fq12: Frobenius power must be 0 to 3, got " + power);
        }
        final long[] gamma = FrobeniusCoefficients.of(power);
        for (int i = 0; i < 6; i++)
        {
            final int at = ro + i * E;
            Fq2.frobenius(r, at, a, ao + i * E, power);
            if (W_EXPONENT[i] != 0)
            {
                Fq2.mul(r, at, r, at, gamma, FrobeniusCoefficients.offset(W_EXPONENT[i]), s, so);
            }
        }
    }

    /** {@code r = a^(p^power)} with per-thread scratch. */
    public static void frobenius(final long[] r, final int ro, final long[] a, final int ao, final int power)
    {
        frobenius(r, ro, a, ao, power, SCRATCH_POOL.get(), 0);
    }

    /**
     * {@code r = a·(l0 + l1·v + l4·vw)}: the product with a line of the Miller loop on the M-twist, whose non-zero
     * coefficients sit at positions 0, 1 and 4 of the memory order. Karatsuba over Fq6 with the sparse products
     * {@link Fq6#mulBy01Wide} and {@link Fq6#mulBy1Wide} (thirteen Fq2 products), all left double-width and combined
     * before reducing: 12 reductions instead of 26. With t0 = a0·(l0 + l1v), t1 = a1·l4v and
     * X = (a0 + a1)(l0 + (l1 + l4)v): {@code c0 = t0 + v·t1}, coordinates below (18, 16, 10)p², and
     * {@code c1 = X − t0 − t1} with offsets (18, 14, 10)p², below (32, 26, 18)p² — within
     * {@link FqWide#reduceLoose}'s 4p·2^384 ≈ 39p².
     */
    public static void mulBy014(
        final long[] r, final int ro, final long[] a, final int ao, final long[] l0, final int l0o,
        final long[] l1, final int l1o, final long[] l4, final int l4o, final long[] s, final int so)
    {
        final int w = FqWide.LIMBS;
        final int t0 = so;
        final int t1 = t0 + Fq6.WIDE_LIMBS;
        final int x = t1 + Fq6.WIDE_LIMBS;
        final int sum = x + Fq6.WIDE_LIMBS;
        final int y = sum + H;
        final int fs = y + E;
        final long[][] k = FqWide.P_SQUARED_TIMES;
        Fq6.mulBy01Wide(s, t0, a, ao, l0, l0o, l1, l1o, s, fs);
        Fq6.mulBy1Wide(s, t1, a, ao + H, l4, l4o, s, fs);
        Fq2.add(s, y, l1, l1o, l4, l4o);
        Fq6.add(s, sum, a, ao, a, ao + H);
        Fq6.mulBy01Wide(s, x, s, sum, l0, l0o, s, y, s, fs);
        // c1 = X − t0 − t1 + offsets, coefficient by coefficient (bounds of t0 + t1: 18, 14, 10 p²)
        for (int c = 0; c < 6; c++)
        {
            final int o = c * w;
            FqWide.add(s, x + o, s, x + o, k[LINE_OFFSETS[c >> 1]], 0);
            FqWide.sub(s, x + o, s, x + o, s, t0 + o);
            FqWide.sub(s, x + o, s, x + o, s, t1 + o);
        }
        // c0 = t0 + v·t1 = (t0.0 + ξ·t1.2, t0.1 + t1.0, t0.2 + t1.1), ξ(u + v·i) = (u − v) + (u + v)·i
        FqWide.add(s, t0 + w, s, t0 + w, s, t1 + 4 * w);
        FqWide.add(s, t0 + w, s, t0 + w, s, t1 + 5 * w);
        FqWide.add(s, t0, s, t0, s, t1 + 4 * w);
        FqWide.add(s, t0, s, t0, k[2], 0);
        FqWide.sub(s, t0, s, t0, s, t1 + 5 * w);
        for (int c = 2; c < 6; c++)
        {
            FqWide.add(s, t0 + c * w, s, t0 + c * w, s, t1 + (c - 2) * w);
        }
        for (int c = 0; c < 6; c++)
        {
            FqWide.reduceLoose(r, ro + c * Fq.LIMBS, s, t0 + c * w);
            FqWide.reduceLoose(r, ro + H + c * Fq.LIMBS, s, x + c * w);
        }
    }

    /**
     * {@code r = a²} for {@code a} in the cyclotomic subgroup (as after the easy part of the final exponentiation),
     * by Granger and Scott's method: with a = A + B·w + C·w² over Fq4 = Fq2[W]/(W² − ξ), W = w³,
     * {@code a² = (3A² − 2Ā) + (3W·C² + 2B̄)·w + (3B² − 2C̄)·w²}, nine Fq2 squarings. Wrong for other elements.
     */
    public static void cyclotomicSquare(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        // A = z0 + z1·W, B = z2 + z3·W, C = z4 + z5·W in the memory order c0.b0 c0.b1 c0.b2 c1.b0 c1.b1 c1.b2
        final int z0 = 0;
        final int z4 = E;
        final int z3 = 2 * E;
        final int z2 = 3 * E;
        final int z1 = 4 * E;
        final int z5 = 5 * E;
        final int a0 = so;
        final int a1 = so + E;
        final int b0 = so + 2 * E;
        final int b1 = so + 3 * E;
        final int c0 = so + 4 * E;
        final int c1 = so + 5 * E;
        final int fs = so + 6 * E;
        fq4Square(s, a0, a, ao + z0, a, ao + z1, s, fs);
        fq4Square(s, b0, a, ao + z2, a, ao + z3, s, fs);
        fq4Square(s, c0, a, ao + z4, a, ao + z5, s, fs);
        timesThreeMinusTwice(r, ro + z0, s, a0, a, ao + z0, false);
        timesThreeMinusTwice(r, ro + z1, s, a1, a, ao + z1, true);
        timesThreeMinusTwice(r, ro + z4, s, b0, a, ao + z4, false);
        timesThreeMinusTwice(r, ro + z5, s, b1, a, ao + z5, true);
        Fq2.mulByNonResidue(s, c1, s, c1, s, fs);
        timesThreeMinusTwice(r, ro + z2, s, c1, a, ao + z2, true);
        timesThreeMinusTwice(r, ro + z3, s, c0, a, ao + z3, false);
    }

    /**
     * {@code (r, r + E) = (x + y·W)² = (x² + ξy², (x + y)² − x² − y²)} in Fq4, with lazy reduction: the three Fq2
     * squares stay double-width (each coordinate below 2p²), the sums get offsets of 2p² or 4p² to stay
     * non-negative (so below 6p² < p·2^384), and only the four output coordinates are reduced.
     */
    static void fq4Square(final long[] r, final int ro, final long[] x, final int xo, final long[] y,
        final int yo, final long[] s, final int so)
    {
        final int w = FqWide.LIMBS;
        final int xx = so;
        final int yy = so + 2 * w;
        final int ss = so + 4 * w;
        final int sum = so + 6 * w;
        final int fs = sum + E;
        Fq2.squareWide(s, xx, x, xo, s, fs);
        Fq2.squareWide(s, yy, y, yo, s, fs);
        Fq2.add(s, sum, x, xo, y, yo);
        Fq2.squareWide(s, ss, s, sum, s, fs);
        // c1 = (x + y)² − x² − y², coordinate by coordinate, plus 4p²
        for (int k = 0; k < 2; k++)
        {
            FqWide.add(s, ss + k * w, s, ss + k * w, FqWide.FOUR_P_SQUARED, 0);
            FqWide.sub(s, ss + k * w, s, ss + k * w, s, xx + k * w);
            FqWide.sub(s, ss + k * w, s, ss + k * w, s, yy + k * w);
        }
        // c0 = x² + ξy² = (xx0 + yy0 − yy1 + 2p²) + (xx1 + yy0 + yy1)·u
        FqWide.add(s, xx, s, xx, s, yy);
        FqWide.add(s, xx, s, xx, FqWide.TWO_P_SQUARED, 0);
        FqWide.sub(s, xx, s, xx, s, yy + w);
        FqWide.add(s, xx + w, s, xx + w, s, yy);
        FqWide.add(s, xx + w, s, xx + w, s, yy + w);
        FqWide.reduce(r, ro, s, xx);
        FqWide.reduce(r, ro + Fq.LIMBS, s, xx + w);
        FqWide.reduce(r, ro + E, s, ss);
        FqWide.reduce(r, ro + E + Fq.LIMBS, s, ss + w);
    }

    /** {@code r = 3t ± 2z}: plus when {@code plus}, minus otherwise; {@code t} is in scratch, {@code r} may be z. */
    private static void timesThreeMinusTwice(final long[] r, final int ro, final long[] t, final int to,
        final long[] z, final int zo, final boolean plus)
    {
        CyclotomicCompression.threeTimesPlusMinusTwice(r, ro, t, to, z, zo, plus);
        CyclotomicCompression.threeTimesPlusMinusTwice(r, ro + Fq.LIMBS, t, to + Fq.LIMBS, z, zo + Fq.LIMBS, plus);
    }

    /**
     * {@code r = a^x} for the curve seed x = −0xd201000000010000, for {@code a} in the cyclotomic subgroup: 63
     * squarings in Karabina's compressed form ({@link CyclotomicCompression}), keeping the powers {@code a^(2^k)} at
     * the six set bits k of |x|, which are then decompressed together (one Fq2 inversion) and multiplied; a
     * conjugation gives the sign. Wrong for elements outside the subgroup.
     */
    public static void cyclotomicExpBySeed(final long[] r, final int ro, final long[] a, final int ao,
        final long[] s, final int so)
    {
        final int slots = so;
        final int fs = so + SEED_BITS.length * LIMBS;
        // slot k ends up holding a^(2^SEED_BITS[k]), compressed
        copy(s, slots, a, ao);
        int squarings = 0;
        for (int k = 0; k < SEED_BITS.length; k++)
        {
            final int at = slots + k * LIMBS;
            if (k > 0)
            {
                copy(s, at, s, at - LIMBS);
            }
            for (; squarings < SEED_BITS[k]; squarings++)
            {
                CyclotomicCompression.square(s, at, s, at, s, fs);
            }
        }
        CyclotomicCompression.decompress(s, slots, SEED_BITS.length, s, fs);
        for (int k = 1; k < SEED_BITS.length; k++)
        {
            mul(s, slots, s, slots, s, slots + k * LIMBS, s, fs);
        }
        conjugate(r, ro, s, slots);
    }
}
