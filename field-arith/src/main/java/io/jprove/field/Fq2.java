package io.jprove.field;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The quadratic extension Fq2 = Fq[u]/(u² + 1) of BLS12-381: an element {@code c0 + c1·u} is 12 limbs, c0 then c1,
 * each an {@link Fq} element in Montgomery form.
 * <p>
 * Calling convention as in {@link Fq}: operations write into {@code (r, ro)}, which may alias any input. Operations
 * that need temporaries come in two forms: one taking a caller scratch range {@code (s, so)} of the documented size
 * (used by the tower and the pairing, which allocate nothing), and a convenience form that borrows a per-thread
 * scratch array.
 */
public final class Fq2
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = 2 * Fq.LIMBS;
    /** Bytes in the encoding c1 ‖ c0 (zcash/blst), each big-endian. */
    public static final int BYTES = 2 * Fq.BYTES;
    /** Scratch limbs needed by {@link #mul}, {@link #square} and every other scratch-taking operation here. */
    public static final int SCRATCH = 3 * FqWide.LIMBS + 2 * Fq.LIMBS;
    /** Scratch limbs of {@link #productWide}. */
    static final int PRODUCT_WIDE_SCRATCH = FqWide.LIMBS + 2 * Fq.LIMBS;

    private static final int N = Fq.LIMBS;
    private static final long[] ONE = of(BigInteger.ONE, BigInteger.ZERO);
    private static final long[] FQ_ZERO = new long[N];
    private static final ThreadLocal<long[]> SCRATCH_POOL = ThreadLocal.withInitial(() -> new long[SCRATCH]);

    private Fq2()
    {
    }

    /** @return a new zero element. */
    public static long[] zero()
    {
        return new long[LIMBS];
    }

    /** @return a new element equal to one. */
    public static long[] one()
    {
        return ONE.clone();
    }

    /** @return the element {@code c0 + c1·u} from canonical coordinates in [0, p). */
    public static long[] of(final BigInteger c0, final BigInteger c1)
    {
        final long[] r = new long[LIMBS];
        Fq.FIELD.fromBigInteger(c0, r, 0);
        Fq.FIELD.fromBigInteger(c1, r, N);
        return r;
    }

    /** @return {@code {c0, c1}} as canonical integers. */
    public static BigInteger[] toBigIntegers(final long[] a, final int ao)
    {
        return new BigInteger[] {Fq.toBigInteger(a, ao), Fq.toBigInteger(a, ao + N)};
    }

    /** @return a uniformly random element. */
    public static long[] random(final RandomGenerator rng)
    {
        final long[] r = new long[LIMBS];
        Fq.FIELD.random(rng, r, 0);
        Fq.FIELD.random(rng, r, N);
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
        System.arraycopy(ONE, 0, r, ro, LIMBS);
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
        return Limbs.equal(a, ao, ONE, 0, LIMBS);
    }

    /** @return whether two elements are equal. */
    public static boolean equal(final long[] a, final int ao, final long[] b, final int bo)
    {
        return Limbs.equal(a, ao, b, bo, LIMBS);
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
        Fq.add(r, ro, a, ao, a, ao);
        Fq.add(r, ro + N, a, ao + N, a, ao + N);
    }

    /** {@code r = −a}. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        negFq(r, ro, a, ao);
        negFq(r, ro + N, a, ao + N);
    }

    /** {@code r = −a} for an Fq element, as {@code 0 − a}: unlike {@link Fq#neg} it allocates nothing uncompiled. */
    static void negFq(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.sub(r, ro, FQ_ZERO, 0, a, ao);
    }

    /** {@code r = conj(a) = c0 − c1·u}, which is also the p-power Frobenius map. */
    public static void conjugate(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.copy(r, ro, a, ao);
        negFq(r, ro + N, a, ao + N);
    }

    /** {@code r = a^(p^power)}: the conjugate for odd powers, {@code a} itself for even ones. */
    public static void frobenius(final long[] r, final int ro, final long[] a, final int ao, final int power)
    {
        if ((power & 1) == 1)
        {
            conjugate(r, ro, a, ao);
        }
        else
        {
            copy(r, ro, a, ao);
        }
    }

    /**
     * {@code r = a·b} with lazy reduction: Karatsuba's three Fq products left double-width, {@code t0 = a0b0},
     * {@code t1 = a1b1}, {@code t2 = (a0 + a1)(b0 + b1)}, then {@code c0 = REDC(t0 + 4p² − t1)} and
     * {@code c1 = REDC(t2 − t0 − t1)}: two reductions instead of four. The coordinates of {@code a} and {@code b} may
     * be unreduced sums below 2p (so callers can skip reducing a + b before multiplying): both coordinates then stay
     * below 8p² < p·2^384, REDC's range, and the result is fully reduced. Uses {@link #SCRATCH} limbs of {@code s} at
     * {@code so}.
     */
    public static void mul(
        final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final long[] s, final int so)
    {
        productWide(s, so, a, ao, b, bo, 4, s, so + 2 * FqWide.LIMBS);
        FqWide.reduce(r, ro, s, so);
        FqWide.reduce(r, ro + N, s, so + FqWide.LIMBS);
    }

    /**
     * The product {@code u·v} left double-width at {@code (r, ro)}, re then im 12 limbs later, by Karatsuba:
     * {@code re = u0v0 + k·p² − u1v1}, {@code im = (u0 + u1)(v0 + v1) − u0v0 − u1v1 = u0v1 + u1v0}. The offset
     * multiple {@code k} must bound u1v1 / p²: 1 when both operands are reduced, 2 when one has coordinates below 2p
     * (unreduced sums), 4 when both do; then both coordinates are below 2k·p². Karatsuba measured faster here than
     * forming each coordinate as one column-wise sum of two products. {@code r} must overlap no input; uses
     * {@link #PRODUCT_WIDE_SCRATCH} limbs at {@code (s, so)}.
     */
    static void productWide(final long[] r, final int ro, final long[] u, final int uo, final long[] v, final int vo,
        final int k, final long[] s, final int so)
    {
        final int re = ro;
        final int im = ro + FqWide.LIMBS;
        final int t1 = so;
        final int su = so + FqWide.LIMBS;
        final int sv = su + N;
        FqWide.addUnreduced(s, su, u, uo, u, uo + N);
        FqWide.addUnreduced(s, sv, v, vo, v, vo + N);
        FqWide.mul(r, re, u, uo, v, vo);
        FqWide.mul(s, t1, u, uo + N, v, vo + N);
        FqWide.mul(r, im, s, su, s, sv);
        FqWide.karatsubaFinish(r, re, im, s, t1, FqWide.P_SQUARED_TIMES[k]);
    }

    /**
     * {@code r = a + b} coordinate by coordinate without reduction (each below 2p for reduced inputs): only for
     * operands of {@link #mul(long[], int, long[], int, long[], int, long[], int)}, which accepts them.
     */
    static void addUnreduced(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FqWide.addUnreduced(r, ro, a, ao, b, bo);
        FqWide.addUnreduced(r, ro + N, a, ao + N, b, bo + N);
    }

    /** {@code r = a·b} with per-thread scratch. */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        mul(r, ro, a, ao, b, bo, SCRATCH_POOL.get(), 0);
    }

    /**
     * {@code r = a²} by the complex method with two Fq products: {@code c0 = (a0 + a1)(a0 − a1)},
     * {@code c1 = a0·2a1}, the sums left unreduced (each product stays below 2p²). Uses {@link #SCRATCH} limbs of
     * {@code s} at {@code so}.
     */
    public static void square(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int t0 = so;
        final int t1 = so + FqWide.LIMBS;
        final int sum = so + 2 * FqWide.LIMBS;
        final int diff = sum + N;
        final int twice = diff + N;
        FqWide.addUnreduced(s, sum, a, ao, a, ao + N);
        Fq.sub(s, diff, a, ao, a, ao + N);
        FqWide.addUnreduced(s, twice, a, ao + N, a, ao + N);
        FqWide.mul(s, t0, s, sum, s, diff);
        FqWide.mul(s, t1, a, ao, s, twice);
        FqWide.reduce(r, ro, s, t0);
        FqWide.reduce(r, ro + N, s, t1);
    }

    /**
     * The complex-method square left unreduced: writes two double-width values (24 limbs at {@code (r, ro)}), each
     * below 2p² and congruent to {@code a²}'s c0 and c1 times 2^384, for a caller that sums before reducing with
     * {@link FqWide#reduce}. Uses {@code 3·6} limbs of scratch.
     */
    static void squareWide(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int sum = so;
        final int diff = so + N;
        final int twice = so + 2 * N;
        FqWide.addUnreduced(s, sum, a, ao, a, ao + N);
        Fq.sub(s, diff, a, ao, a, ao + N);
        FqWide.addUnreduced(s, twice, a, ao + N, a, ao + N);
        FqWide.mul(r, ro, s, sum, s, diff);
        FqWide.mul(r, ro + FqWide.LIMBS, a, ao, s, twice);
    }

    /** {@code r = a²} with per-thread scratch. */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        square(r, ro, a, ao, SCRATCH_POOL.get(), 0);
    }

    /** {@code r = a·k} for an Fq element {@code k}; {@code k} may overlap {@code r}. */
    public static void mulByFq(final long[] r, final int ro, final long[] a, final int ao, final long[] k, final int ko)
    {
        final long[] s = SCRATCH_POOL.get();
        mulByFq(r, ro, a, ao, k, ko, s, 0);
    }

    /** {@code r = a·k} for an Fq element {@code k}, with caller scratch. */
    public static void mulByFq(
        final long[] r, final int ro, final long[] a, final int ao, final long[] k, final int ko,
        final long[] s, final int so)
    {
        final int t0 = so;
        final int t1 = so + FqWide.LIMBS;
        FqWide.mul(s, t0, a, ao, k, ko);
        FqWide.mul(s, t1, a, ao + N, k, ko);
        FqWide.reduce(r, ro, s, t0);
        FqWide.reduce(r, ro + N, s, t1);
    }

    /**
     * {@code r = a·(u + 1) = (a0 − a1) + (a0 + a1)·u}: multiplication by the sextic non-residue that defines Fq6
     * (and the twist). Uses 6 limbs of scratch.
     */
    public static void mulByNonResidue(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        Fq.sub(s, so, a, ao, a, ao + N);
        Fq.add(r, ro + N, a, ao, a, ao + N);
        Fq.copy(r, ro, s, so);
    }

    /** {@code r = a·(u + 1)} with per-thread scratch. */
    public static void mulByNonResidue(final long[] r, final int ro, final long[] a, final int ao)
    {
        mulByNonResidue(r, ro, a, ao, SCRATCH_POOL.get(), 0);
    }

    /**
     * Writes the norm {@code a0² + a1² = a·conj(a)} (an Fq element) at {@code (r, ro)}, with one reduction of the
     * double-width sum; uses {@code 2·12} limbs of scratch.
     */
    public static void norm(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int t0 = so;
        final int t1 = so + FqWide.LIMBS;
        FqWide.mul(s, t0, a, ao, a, ao);
        FqWide.mul(s, t1, a, ao + N, a, ao + N);
        FqWide.add(s, t0, s, t0, s, t1);
        FqWide.reduce(r, ro, s, t0);
    }

    /**
     * {@code r = a⁻¹ = conj(a)/norm(a)}. Uses {@link #SCRATCH} limbs of scratch.
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao, final long[] s,
        final int so)
    {
        if (isZero(a, ao))
        {
            throw new ArithmeticException("Fq2: inverse of zero");
        }
        final int n = so + 2 * FqWide.LIMBS;
        norm(s, n, a, ao, s, so);
        Fq.inverse(s, n, s, n);
        mulByFq(r, ro, a, ao, s, n, s, so);
        negFq(r, ro + N, r, ro + N);
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

    /** {@code r = a^e} for a non-negative exponent (square-and-multiply; allocates, not for hot loops). */
    public static void pow(final long[] r, final int ro, final long[] a, final int ao, final BigInteger e)
    {
        if (e.signum() < 0)
        {
            throw new IllegalArgumentException("Fq2: negative exponent " + e);
        }
        if (e.signum() == 0)
        {
            setOne(r, ro);
            return;
        }
        SlidingWindow.pow(r, ro, a, ao, SlidingWindow.schedule(e, SlidingWindow.WIDTH),
            new long[SlidingWindow.tableLimbs(LIMBS)], LIMBS, Fq2::mul, Fq2::square);
    }

    /**
     * @return the quadratic character of {@code a}: 0 for zero, 1 for a non-zero square, −1 otherwise. An element of
     * Fq2 is a square exactly when its norm is a square in Fq.
     */
    public static int legendre(final long[] a, final int ao)
    {
        final long[] nrm = new long[N];
        norm(nrm, 0, a, ao, new long[SCRATCH], 0);
        return Fq.legendre(nrm, 0);
    }

    /** @return whether {@code a} is a square (zero included). */
    public static boolean isSquare(final long[] a, final int ao)
    {
        return legendre(a, ao) >= 0;
    }

    /**
     * Square root through the norm, with two square roots in Fq instead of two exponentiations in Fq2: for
     * {@code a = a0 + a1·u} with a1 ≠ 0, a is a square exactly when its norm {@code a0² + a1²} is one, say n²; then
     * {@code x = x0 + x1·u} with {@code x0² = δ = (a0 + n)/2} and {@code x1 = a1/(2x0)} is a root. If δ is not a square
     * then (p ≡ 3 mod 4) {@code c = δ^((p+1)/4)} squares to −δ, the other half {@code (a0 − n)/2 = −a1²/(4δ)} is the
     * square, and {@code x0 = a1/(2c)}, {@code x1 = c}. δ is never zero while a1 ≠ 0. When a1 = 0 the root is √a0 or
     * √(−a0)·u. The candidate is checked by squaring.
     *
     * @return whether {@code a} is a square; when it is, {@code r} holds a root (which one is unspecified).
     */
    public static boolean sqrt(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (isZero(a, ao))
        {
            setZero(r, ro);
            return true;
        }
        final long[] candidate = new long[LIMBS];
        if (Fq.isZero(a, ao + N))
        {
            if (!FqRoots.sqrt(candidate, 0, a, ao))
            {
                // a0 is not a square, so −a0 is: (t·u)² = −t²
                Fq.neg(candidate, N, a, ao);
                FqRoots.sqrt(candidate, N, candidate, N);
                Fq.copy(candidate, 0, FQ_ZERO, 0);
            }
        }
        else
        {
            final long[] t = new long[3 * N];
            final int n = 0;
            final int delta = N;
            final int twice = 2 * N;
            Fq.square(t, n, a, ao);
            Fq.square(t, delta, a, ao + N);
            Fq.add(t, n, t, n, t, delta);
            if (!FqRoots.sqrt(t, n, t, n))
            {
                return false;
            }
            Fq.add(t, delta, a, ao, t, n);
            Fq.halve(t, delta);
            FqRoots.pow(candidate, 0, t, delta);
            Fq.square(t, twice, candidate, 0);
            final boolean deltaIsSquare = Fq.equal(t, twice, t, delta);
            // c is x0 when δ is a square, else x1; the other coordinate is a1/(2c)
            Fq.dbl(t, twice, candidate, 0);
            Fq.inverse(t, twice, t, twice);
            if (!deltaIsSquare)
            {
                Fq.copy(candidate, N, candidate, 0);
            }
            Fq.mul(candidate, deltaIsSquare ? N : 0, a, ao + N, t, twice);
        }
        final long[] check = new long[LIMBS];
        square(check, 0, candidate, 0);
        if (!equal(check, 0, a, ao))
        {
            return false;
        }
        copy(r, ro, candidate, 0);
        return true;
    }

    /**
     * @return whether {@code a > −a} in the zcash/blst order: compare c1, and c0 only when c1 is zero. This is the
     * sign rule of compressed G2 points.
     */
    public static boolean isLexicographicallyLargest(final long[] a, final int ao)
    {
        if (!Fq.isZero(a, ao + N))
        {
            return Fq.isLexicographicallyLargest(a, ao + N);
        }
        return Fq.isLexicographicallyLargest(a, ao);
    }

    /** Writes the 96-byte encoding c1 ‖ c0, each canonical big-endian. */
    public static void toBytes(final long[] a, final int ao, final byte[] out, final int offset)
    {
        Fq.toBytes(a, ao + N, out, offset);
        Fq.toBytes(a, ao, out, offset + Fq.BYTES);
    }

    /**
     * Reads the 96-byte encoding c1 ‖ c0 into Montgomery form.
     *
     * @param mask ANDed into the first byte (that of c1) before decoding, to clear point flags (0xff for none).
     * @return false when either coordinate is not below p; {@code r} is then unspecified.
     */
    public static boolean fromBytes(final byte[] in, final int offset, final int mask, final long[] r, final int ro)
    {
        return Fq.fromBytes(in, offset, mask, r, ro + N) && Fq.fromBytes(in, offset + Fq.BYTES, 0xff, r, ro);
    }
}
