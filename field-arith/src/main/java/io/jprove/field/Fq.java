package io.jprove.field;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The BLS12-381 base field Fq, p = 0x1a0111ea…ffffaaab (381 bits), on six little-endian 64-bit limbs in Montgomery
 * form (R = 2^384).
 * <p>
 * Calling convention: elements live in {@code long[]} arrays at an offset; every operation writes its result into a
 * caller-given range ({@code r, ro}) that may alias the inputs. The three-argument forms work at offset 0. The bodies
 * of {@link #mul}, {@link #square}, {@link #add} and {@link #sub} are also the CPU meaning of the GPU kernels' field
 * intrinsics.
 */
public final class Fq
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = 6;
    /** Bytes in the big-endian encoding (zcash/blst). */
    public static final int BYTES = 48;
    /** The modulus p. */
    public static final BigInteger MODULUS = new BigInteger(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);

    /** p, limb by limb (least significant first). */
    static final long Q0 = 0xb9feffffffffaaabL;
    static final long Q1 = 0x1eabfffeb153ffffL;
    static final long Q2 = 0x6730d2a0f6b0f624L;
    static final long Q3 = 0x64774b84f38512bfL;
    static final long Q4 = 0x4b1ba7b6434bacd7L;
    static final long Q5 = 0x1a0111ea397fe69aL;
    /** −p⁻¹ mod 2^64. */
    static final long INV = 0x89f3fffcfffcfffdL;

    /** Conversions, exponentiation and inversion that need no unrolling. */
    public static final MontgomeryField FIELD = new MontgomeryField("Fq", MODULUS, LIMBS, Fq::mul, Fq::square);

    private static final BigInteger SQRT_EXPONENT = MODULUS.add(BigInteger.ONE).shiftRight(2);
    private static final BigInteger LEGENDRE_EXPONENT = MODULUS.subtract(BigInteger.ONE).shiftRight(1);
    private static final long[] ONE = FIELD.one();
    /** The modulus as limbs, for negation. */
    private static final long[] MODULUS_LIMBS = {Q0, Q1, Q2, Q3, Q4, Q5};
    /** Raw limbs R² mod p: Montgomery-multiplying canonical limbs by it yields Montgomery form. */
    private static final long[] R_SQUARED = of(BigInteger.ONE.shiftLeft(384).mod(MODULUS));
    /** (p − 1)/2, canonical limbs: the boundary of the lexicographic sign rule. */
    private static final long[] HALF_P = halfModulus();

    private Fq()
    {
    }

    private static long[] halfModulus()
    {
        final long[] h = new long[LIMBS];
        Limbs.fromBigInteger(MODULUS.shiftRight(1), h, 0, LIMBS);
        return h;
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

    /** Sets {@code r} to one. */
    public static void setOne(final long[] r, final int ro)
    {
        System.arraycopy(ONE, 0, r, ro, LIMBS);
    }

    /** @return the Montgomery form of a canonical value in [0, p). */
    public static long[] of(final BigInteger value)
    {
        final long[] r = new long[LIMBS];
        FIELD.fromBigInteger(value, r, 0);
        return r;
    }

    /** @return the Montgomery form of a small non-negative value. */
    public static long[] of(final long value)
    {
        return of(BigInteger.valueOf(value));
    }

    /** @return the canonical value of an element. */
    public static BigInteger toBigInteger(final long[] a, final int ao)
    {
        return FIELD.toBigInteger(a, ao);
    }

    /** @return the canonical value of an element at offset 0. */
    public static BigInteger toBigInteger(final long[] a)
    {
        return FIELD.toBigInteger(a, 0);
    }

    /** @return a uniformly random element. */
    public static long[] random(final RandomGenerator rng)
    {
        final long[] r = new long[LIMBS];
        FIELD.random(rng, r, 0);
        return r;
    }

    public static void mul(final long[] r, final long[] a, final long[] b)
    {
        mul(r, 0, a, 0, b, 0);
    }

    public static void square(final long[] r, final long[] a)
    {
        mul(r, 0, a, 0, a, 0);
    }


    public static void add(final long[] r, final long[] a, final long[] b)
    {
        add(r, 0, a, 0, b, 0);
    }

    public static void sub(final long[] r, final long[] a, final long[] b)
    {
        sub(r, 0, a, 0, b, 0);
    }

    /** {@code r = 2a}. */
    public static void dbl(final long[] r, final int ro, final long[] a, final int ao)
    {
        add(r, ro, a, ao, a, ao);
    }

    /** {@code r = −a}. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (Limbs.isZero(a, ao, LIMBS))
        {
            java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);
            return;
        }
        sub(r, ro, MODULUS_LIMBS, 0, a, ao);
    }

    public static void neg(final long[] r, final long[] a)
    {
        neg(r, 0, a, 0);
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

    /**
     * {@code r = takeA ? a : b}. A kernel gets one select per limb for it, with no branch, so items that disagree
     * about {@code takeA} do not diverge.
     */
    public static void select(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final boolean takeA)
    {
        System.arraycopy(takeA ? a : b, takeA ? ao : bo, r, ro, LIMBS);
    }

    /** {@code r = negate ? −a : a}; in a kernel the negation is computed and one of the two selected, branch-free. */
    public static void negIf(final long[] r, final int ro, final long[] a, final int ao, final boolean negate)
    {
        if (negate)
        {
            neg(r, ro, a, ao);
        }
        else
        {
            copy(r, ro, a, ao);
        }
    }

    /** Copies an element. */
    public static void copy(final long[] r, final int ro, final long[] a, final int ao)
    {
        System.arraycopy(a, ao, r, ro, LIMBS);
    }

    /**
     * {@code r = a⁻¹}, in variable time and without allocating (binary GCD by divsteps, {@link SafeGcd}).
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao)
    {
        FIELD.inverse(r, ro, a, ao);
    }

    /** {@code r = a^e}. */
    public static void pow(final long[] r, final int ro, final long[] a, final int ao, final BigInteger e)
    {
        FIELD.pow(r, ro, a, ao, e);
    }

    /**
     * Square root: since p ≡ 3 (mod 4), {@code a^((p+1)/4)} is a root whenever one exists.
     *
     * @return whether {@code a} is a square; when it is, {@code r} holds a root (which one is unspecified).
     */
    public static boolean sqrt(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] candidate = new long[LIMBS];
        FIELD.pow(candidate, 0, a, ao, SQRT_EXPONENT);
        final long[] check = new long[LIMBS];
        square(check, 0, candidate, 0);
        if (!equal(check, 0, a, ao))
        {
            return false;
        }
        copy(r, ro, candidate, 0);
        return true;
    }

    /** @return the Legendre symbol: 0 for zero, 1 for a non-zero square, −1 otherwise. */
    public static int legendre(final long[] a, final int ao)
    {
        if (isZero(a, ao))
        {
            return 0;
        }
        final long[] t = new long[LIMBS];
        FIELD.pow(t, 0, a, ao, LEGENDRE_EXPONENT);
        return isOne(t, 0) ? 1 : -1;
    }

    /**
     * @return whether the canonical value of {@code a} exceeds (p − 1)/2, i.e. {@code a > −a}: the zcash/blst sign
     * rule for compressed points.
     */
    public static boolean isLexicographicallyLargest(final long[] a, final int ao)
    {
        final long[] canonical = new long[LIMBS];
        FIELD.toCanonical(canonical, 0, a, ao);
        return Limbs.compare(canonical, 0, HALF_P, 0, LIMBS) > 0;
    }


    /** Writes the canonical big-endian 48-byte encoding of {@code a}. */
    public static void toBytes(final long[] a, final int ao, final byte[] out, final int offset)
    {
        final long[] canonical = new long[LIMBS];
        FIELD.toCanonical(canonical, 0, a, ao);
        for (int i = 0; i < LIMBS; i++)
        {
            final long limb = canonical[i];
            final int base = offset + BYTES - 8 * (i + 1);
            for (int b = 0; b < 8; b++)
            {
                out[base + 7 - b] = (byte)(limb >>> (8 * b));
            }
        }
    }

    /**
     * Reads a big-endian 48-byte encoding into Montgomery form.
     *
     * @param mask ANDed into the first byte before decoding (clears point flag bits; pass 0xff for none).
     * @return false when the value is not below p (non-canonical); {@code r} is then unspecified.
     */
    public static boolean fromBytes(final byte[] in, final int offset, final int mask, final long[] r, final int ro)
    {
        for (int i = 0; i < LIMBS; i++)
        {
            final int base = offset + BYTES - 8 * (i + 1);
            long limb = 0;
            for (int b = 0; b < 8; b++)
            {
                final int v = (base == offset && b == 0) ? in[base] & mask : in[base + b];
                limb = (limb << 8) | (v & 0xff);
            }
            r[ro + i] = limb;
        }
        if (!FIELD.isCanonical(r, ro))
        {
            return false;
        }
        mul(r, ro, r, ro, R_SQUARED, 0);
        return true;
    }

    /** {@code a ← a/2} in Fq (Montgomery form commutes with halving): add p when odd, then shift right. */
    static void halve(final long[] a, final int ao)
    {
        final long mask = -(a[ao] & 1);
        long x = a[ao];
        long t = x + (Q0 & mask);
        final long s0 = t;
        long carry = Limbs.carry(x, t);
        x = a[ao + 1];
        t = x + (Q1 & mask);
        final long s1 = t + carry;
        carry = Limbs.carryOut(x, t, carry);
        x = a[ao + 2];
        t = x + (Q2 & mask);
        final long s2 = t + carry;
        carry = Limbs.carryOut(x, t, carry);
        x = a[ao + 3];
        t = x + (Q3 & mask);
        final long s3 = t + carry;
        carry = Limbs.carryOut(x, t, carry);
        x = a[ao + 4];
        t = x + (Q4 & mask);
        final long s4 = t + carry;
        carry = Limbs.carryOut(x, t, carry);
        x = a[ao + 5];
        t = x + (Q5 & mask);
        final long s5 = t + carry;
        // p < 2^381, so a + p < 2^382 and the top limb never carries out
        a[ao] = (s0 >>> 1) | (s1 << 63);
        a[ao + 1] = (s1 >>> 1) | (s2 << 63);
        a[ao + 2] = (s2 >>> 1) | (s3 << 63);
        a[ao + 3] = (s3 >>> 1) | (s4 << 63);
        a[ao + 4] = (s4 >>> 1) | (s5 << 63);
        a[ao + 5] = s5 >>> 1;
    }

    // ---- generated-shape arithmetic below: keep Fq and its sibling field in step ----

    /**
     * Montgomery multiplication {@code r = a·b·R⁻¹}: CIOS with the "no final carry" shortcut, valid because the
     * modulus' top limb is below 2^63 − 1 (gnark-crypto's observation), then one conditional subtraction.
     * {@code r} may alias {@code a} or {@code b}.
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        final long a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5];
        long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0;
        for (int i = 0; i < 6; i++)
        {
            final long bi = b[bo + i];
            // (A, t0) = t0 + a0*bi;  m = t0*INV;  C = carry of t0 + m*q0
            long lo = a0 * bi;
            long hi = Math.unsignedMultiplyHigh(a0, bi);
            long s = lo + t0;
            long A = hi + Limbs.carry(t0, s);
            t0 = s;
            final long m = t0 * INV;
            lo = m * Q0;
            s = lo + t0;
            long C = Math.unsignedMultiplyHigh(m, Q0) + Limbs.carry(t0, s);
            // (A, t1) = t1 + a1*bi + A;  (C, t0) = t1 + m*q1 + C
            lo = a1 * bi;
            hi = Math.unsignedMultiplyHigh(a1, bi);
            s = lo + t1;
            hi += Limbs.carry(t1, s);
            lo = s + A;
            A = hi + Limbs.carry(A, lo);
            t1 = lo;
            lo = m * Q1;
            hi = Math.unsignedMultiplyHigh(m, Q1);
            s = lo + t1;
            hi += Limbs.carry(t1, s);
            lo = s + C;
            C = hi + Limbs.carry(C, lo);
            t0 = lo;
            // (A, t2) = t2 + a2*bi + A;  (C, t1) = t2 + m*q2 + C
            lo = a2 * bi;
            hi = Math.unsignedMultiplyHigh(a2, bi);
            s = lo + t2;
            hi += Limbs.carry(t2, s);
            lo = s + A;
            A = hi + Limbs.carry(A, lo);
            t2 = lo;
            lo = m * Q2;
            hi = Math.unsignedMultiplyHigh(m, Q2);
            s = lo + t2;
            hi += Limbs.carry(t2, s);
            lo = s + C;
            C = hi + Limbs.carry(C, lo);
            t1 = lo;
            // (A, t3) = t3 + a3*bi + A;  (C, t2) = t3 + m*q3 + C
            lo = a3 * bi;
            hi = Math.unsignedMultiplyHigh(a3, bi);
            s = lo + t3;
            hi += Limbs.carry(t3, s);
            lo = s + A;
            A = hi + Limbs.carry(A, lo);
            t3 = lo;
            lo = m * Q3;
            hi = Math.unsignedMultiplyHigh(m, Q3);
            s = lo + t3;
            hi += Limbs.carry(t3, s);
            lo = s + C;
            C = hi + Limbs.carry(C, lo);
            t2 = lo;
            // (A, t4) = t4 + a4*bi + A;  (C, t3) = t4 + m*q4 + C
            lo = a4 * bi;
            hi = Math.unsignedMultiplyHigh(a4, bi);
            s = lo + t4;
            hi += Limbs.carry(t4, s);
            lo = s + A;
            A = hi + Limbs.carry(A, lo);
            t4 = lo;
            lo = m * Q4;
            hi = Math.unsignedMultiplyHigh(m, Q4);
            s = lo + t4;
            hi += Limbs.carry(t4, s);
            lo = s + C;
            C = hi + Limbs.carry(C, lo);
            t3 = lo;
            // (A, t5) = t5 + a5*bi + A;  (C, t4) = t5 + m*q5 + C
            lo = a5 * bi;
            hi = Math.unsignedMultiplyHigh(a5, bi);
            s = lo + t5;
            hi += Limbs.carry(t5, s);
            lo = s + A;
            A = hi + Limbs.carry(A, lo);
            t5 = lo;
            lo = m * Q5;
            hi = Math.unsignedMultiplyHigh(m, Q5);
            s = lo + t5;
            hi += Limbs.carry(t5, s);
            lo = s + C;
            C = hi + Limbs.carry(C, lo);
            t4 = lo;
            t5 = C + A;
        }
        reduceOnce(r, ro, t0, t1, t2, t3, t4, t5);
    }

    /**
     * {@code r = a²}: the off-diagonal limb products once, doubled, plus the diagonal squares (21 limb
     * products instead of 36), then word-by-word Montgomery reduction. {@code r} may alias {@code a}.
     */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5];
        long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0, t8 = 0, t9 = 0, t10 = 0, t11 = 0;
        long lo;
        long hi;
        long c;
        // off-diagonal products a_i·a_j, i < j
        lo = a0 * a1;
        hi = Math.unsignedMultiplyHigh(a0, a1);
        lo += t1;
        hi += Limbs.carry(t1, lo);
        t1 = lo;
        c = hi;
        lo = a0 * a2;
        hi = Math.unsignedMultiplyHigh(a0, a2);
        lo += t2;
        hi += Limbs.carry(t2, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t2 = lo;
        c = hi;
        lo = a0 * a3;
        hi = Math.unsignedMultiplyHigh(a0, a3);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t3 = lo;
        c = hi;
        lo = a0 * a4;
        hi = Math.unsignedMultiplyHigh(a0, a4);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = a0 * a5;
        hi = Math.unsignedMultiplyHigh(a0, a5);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        t6 = c;
        lo = a1 * a2;
        hi = Math.unsignedMultiplyHigh(a1, a2);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        t3 = lo;
        c = hi;
        lo = a1 * a3;
        hi = Math.unsignedMultiplyHigh(a1, a3);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = a1 * a4;
        hi = Math.unsignedMultiplyHigh(a1, a4);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = a1 * a5;
        hi = Math.unsignedMultiplyHigh(a1, a5);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        t7 = c;
        lo = a2 * a3;
        hi = Math.unsignedMultiplyHigh(a2, a3);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        t5 = lo;
        c = hi;
        lo = a2 * a4;
        hi = Math.unsignedMultiplyHigh(a2, a4);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = a2 * a5;
        hi = Math.unsignedMultiplyHigh(a2, a5);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t7 = lo;
        c = hi;
        t8 = c;
        lo = a3 * a4;
        hi = Math.unsignedMultiplyHigh(a3, a4);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        t7 = lo;
        c = hi;
        lo = a3 * a5;
        hi = Math.unsignedMultiplyHigh(a3, a5);
        lo += t8;
        hi += Limbs.carry(t8, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t8 = lo;
        c = hi;
        t9 = c;
        lo = a4 * a5;
        hi = Math.unsignedMultiplyHigh(a4, a5);
        lo += t9;
        hi += Limbs.carry(t9, lo);
        t9 = lo;
        c = hi;
        t10 = c;
        // double them
        t11 = t10 >>> 63;
        t10 = (t10 << 1) | (t9 >>> 63);
        t9 = (t9 << 1) | (t8 >>> 63);
        t8 = (t8 << 1) | (t7 >>> 63);
        t7 = (t7 << 1) | (t6 >>> 63);
        t6 = (t6 << 1) | (t5 >>> 63);
        t5 = (t5 << 1) | (t4 >>> 63);
        t4 = (t4 << 1) | (t3 >>> 63);
        t3 = (t3 << 1) | (t2 >>> 63);
        t2 = (t2 << 1) | (t1 >>> 63);
        t1 <<= 1;
        // add the diagonal squares a_i² at limbs 2i, 2i+1
        c = 0;
        lo = a0 * a0;
        hi = Math.unsignedMultiplyHigh(a0, a0);
        lo += t0;
        hi += Limbs.carry(t0, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t0 = lo;
        t1 += hi;
        c = Limbs.carry(hi, t1);
        lo = a1 * a1;
        hi = Math.unsignedMultiplyHigh(a1, a1);
        lo += t2;
        hi += Limbs.carry(t2, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t2 = lo;
        t3 += hi;
        c = Limbs.carry(hi, t3);
        lo = a2 * a2;
        hi = Math.unsignedMultiplyHigh(a2, a2);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        t5 += hi;
        c = Limbs.carry(hi, t5);
        lo = a3 * a3;
        hi = Math.unsignedMultiplyHigh(a3, a3);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        t7 += hi;
        c = Limbs.carry(hi, t7);
        lo = a4 * a4;
        hi = Math.unsignedMultiplyHigh(a4, a4);
        lo += t8;
        hi += Limbs.carry(t8, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t8 = lo;
        t9 += hi;
        c = Limbs.carry(hi, t9);
        lo = a5 * a5;
        hi = Math.unsignedMultiplyHigh(a5, a5);
        lo += t10;
        hi += Limbs.carry(t10, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t10 = lo;
        t11 += hi;
        c = Limbs.carry(hi, t11);
        // Montgomery reduction, one limb at a time; 'top' carries into the limb above the window
        long top = 0;
        long m;
        m = t0 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t0;
        hi += Limbs.carry(t0, lo);
        t0 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t1;
        hi += Limbs.carry(t1, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t1 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t2;
        hi += Limbs.carry(t2, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t2 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t3 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = t6 + c;
        hi = Limbs.carry(c, lo);
        t6 = lo + top;
        top = hi + Limbs.carry(top, t6);
        m = t1 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t1;
        hi += Limbs.carry(t1, lo);
        t1 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t2;
        hi += Limbs.carry(t2, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t2 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t3 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = t7 + c;
        hi = Limbs.carry(c, lo);
        t7 = lo + top;
        top = hi + Limbs.carry(top, t7);
        m = t2 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t2;
        hi += Limbs.carry(t2, lo);
        t2 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t3 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t7 = lo;
        c = hi;
        lo = t8 + c;
        hi = Limbs.carry(c, lo);
        t8 = lo + top;
        top = hi + Limbs.carry(top, t8);
        m = t3 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t3;
        hi += Limbs.carry(t3, lo);
        t3 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t4 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t7 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t8;
        hi += Limbs.carry(t8, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t8 = lo;
        c = hi;
        lo = t9 + c;
        hi = Limbs.carry(c, lo);
        t9 = lo + top;
        top = hi + Limbs.carry(top, t9);
        m = t4 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t4;
        hi += Limbs.carry(t4, lo);
        t4 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t5 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t7 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t8;
        hi += Limbs.carry(t8, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t8 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t9;
        hi += Limbs.carry(t9, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t9 = lo;
        c = hi;
        lo = t10 + c;
        hi = Limbs.carry(c, lo);
        t10 = lo + top;
        top = hi + Limbs.carry(top, t10);
        m = t5 * INV;
        lo = m * Q0;
        hi = Math.unsignedMultiplyHigh(m, Q0);
        lo += t5;
        hi += Limbs.carry(t5, lo);
        t5 = lo;
        c = hi;
        lo = m * Q1;
        hi = Math.unsignedMultiplyHigh(m, Q1);
        lo += t6;
        hi += Limbs.carry(t6, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t6 = lo;
        c = hi;
        lo = m * Q2;
        hi = Math.unsignedMultiplyHigh(m, Q2);
        lo += t7;
        hi += Limbs.carry(t7, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t7 = lo;
        c = hi;
        lo = m * Q3;
        hi = Math.unsignedMultiplyHigh(m, Q3);
        lo += t8;
        hi += Limbs.carry(t8, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t8 = lo;
        c = hi;
        lo = m * Q4;
        hi = Math.unsignedMultiplyHigh(m, Q4);
        lo += t9;
        hi += Limbs.carry(t9, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t9 = lo;
        c = hi;
        lo = m * Q5;
        hi = Math.unsignedMultiplyHigh(m, Q5);
        lo += t10;
        hi += Limbs.carry(t10, lo);
        lo += c;
        hi += Limbs.carry(c, lo);
        t10 = lo;
        c = hi;
        lo = t11 + c;
        hi = Limbs.carry(c, lo);
        t11 = lo + top;
        top = hi + Limbs.carry(top, t11);
        reduceOnce(r, ro, t6, t7, t8, t9, t10, t11);
    }

    /** {@code r = a + b}; {@code r} may alias an input. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        long x = a[ao];
        long t = x + b[bo];
        final long s0 = t;
        long c = Limbs.carry(x, t);
        x = a[ao + 1];
        t = x + b[bo + 1];
        final long s1 = t + c;
        c = Limbs.carryOut(x, t, c);
        x = a[ao + 2];
        t = x + b[bo + 2];
        final long s2 = t + c;
        c = Limbs.carryOut(x, t, c);
        x = a[ao + 3];
        t = x + b[bo + 3];
        final long s3 = t + c;
        c = Limbs.carryOut(x, t, c);
        x = a[ao + 4];
        t = x + b[bo + 4];
        final long s4 = t + c;
        c = Limbs.carryOut(x, t, c);
        x = a[ao + 5];
        t = x + b[bo + 5];
        final long s5 = t + c;
        reduceSumOnce(r, ro, s0, s1, s2, s3, s4, s5);
    }

    /** {@code r = a − b}; {@code r} may alias an input. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        long x = a[ao];
        long y = b[bo];
        final long d0 = x - y;
        long borrow = Limbs.borrowOut(x, y, d0, 0);
        x = a[ao + 1];
        y = b[bo + 1];
        long t = x - y;
        final long d1 = t - borrow;
        borrow = Limbs.borrowOut(x, y, t, borrow);
        x = a[ao + 2];
        y = b[bo + 2];
        t = x - y;
        final long d2 = t - borrow;
        borrow = Limbs.borrowOut(x, y, t, borrow);
        x = a[ao + 3];
        y = b[bo + 3];
        t = x - y;
        final long d3 = t - borrow;
        borrow = Limbs.borrowOut(x, y, t, borrow);
        x = a[ao + 4];
        y = b[bo + 4];
        t = x - y;
        final long d4 = t - borrow;
        borrow = Limbs.borrowOut(x, y, t, borrow);
        x = a[ao + 5];
        y = b[bo + 5];
        t = x - y;
        final long d5 = t - borrow;
        borrow = Limbs.borrowOut(x, y, t, borrow);
        addMaskedModulus(r, ro, d0, d1, d2, d3, d4, d5, -borrow);
    }

    /**
     * Writes {@code t} or {@code t − q}, whichever is below q; {@code t} must be below 2q. Also the last step of
     * {@link FqWide#reduce}.
     */
    static void reduceOnce(
        final long[] r, final int ro, final long t0, final long t1, final long t2, final long t3, final long t4, final long t5)
    {
        final long e0 = t0 - Q0;
        long borrow = Limbs.borrow(t0, Q0, e0);
        final long e1 = t1 - Q1 - borrow;
        borrow = Limbs.borrow(t1, Q1, e1);
        final long e2 = t2 - Q2 - borrow;
        borrow = Limbs.borrow(t2, Q2, e2);
        final long e3 = t3 - Q3 - borrow;
        borrow = Limbs.borrow(t3, Q3, e3);
        final long e4 = t4 - Q4 - borrow;
        borrow = Limbs.borrow(t4, Q4, e4);
        final long e5 = t5 - Q5 - borrow;
        borrow = Limbs.borrow(t5, Q5, e5);
        // keep t when t - q borrowed (t < q), else take t - q
        final long keep = -borrow;
        r[ro] = (t0 & keep) | (e0 & ~keep);
        r[ro + 1] = (t1 & keep) | (e1 & ~keep);
        r[ro + 2] = (t2 & keep) | (e2 & ~keep);
        r[ro + 3] = (t3 & keep) | (e3 & ~keep);
        r[ro + 4] = (t4 & keep) | (e4 & ~keep);
        r[ro + 5] = (t5 & keep) | (e5 & ~keep);
    }

    /**
     * {@link #reduceOnce} for a sum just formed by a serial carry chain (addition): the same conditional
     * subtraction with {@link Limbs#borrowOut}'s short borrow path, which measured faster there; after a
     * multiplication, where throughput rather than latency limits, the bit-formula borrow of {@code reduceOnce} is
     * faster.
     */
    private static void reduceSumOnce(
        final long[] r, final int ro, final long t0, final long t1, final long t2, final long t3, final long t4, final long t5)
    {
        final long e0 = t0 - Q0;
        long borrow = Limbs.borrowOut(t0, Q0, e0, 0);
        long d;
        d = t1 - Q1;
        final long e1 = d - borrow;
        borrow = Limbs.borrowOut(t1, Q1, d, borrow);
        d = t2 - Q2;
        final long e2 = d - borrow;
        borrow = Limbs.borrowOut(t2, Q2, d, borrow);
        d = t3 - Q3;
        final long e3 = d - borrow;
        borrow = Limbs.borrowOut(t3, Q3, d, borrow);
        d = t4 - Q4;
        final long e4 = d - borrow;
        borrow = Limbs.borrowOut(t4, Q4, d, borrow);
        d = t5 - Q5;
        final long e5 = d - borrow;
        borrow = Limbs.borrowOut(t5, Q5, d, borrow);
        // keep t when t - q borrowed (t < q), else take t - q
        final long keep = -borrow;
        r[ro] = (t0 & keep) | (e0 & ~keep);
        r[ro + 1] = (t1 & keep) | (e1 & ~keep);
        r[ro + 2] = (t2 & keep) | (e2 & ~keep);
        r[ro + 3] = (t3 & keep) | (e3 & ~keep);
        r[ro + 4] = (t4 & keep) | (e4 & ~keep);
        r[ro + 5] = (t5 & keep) | (e5 & ~keep);
    }

    /** Writes {@code t + (q & mask)} (mask is 0 or −1), dropping the carry out of the top limb. */
    private static void addMaskedModulus(
        final long[] r, final int ro, final long t0, final long t1, final long t2, final long t3, final long t4, final long t5, final long mask)
    {
        final long q0 = Q0 & mask;
        final long s0 = t0 + q0;
        long c = Limbs.carry(t0, s0);
        r[ro] = s0;
        final long q1 = Q1 & mask;
        final long u1 = t1 + q1;
        r[ro + 1] = u1 + c;
        c = Limbs.carryOut(t1, u1, c);
        final long q2 = Q2 & mask;
        final long u2 = t2 + q2;
        r[ro + 2] = u2 + c;
        c = Limbs.carryOut(t2, u2, c);
        final long q3 = Q3 & mask;
        final long u3 = t3 + q3;
        r[ro + 3] = u3 + c;
        c = Limbs.carryOut(t3, u3, c);
        final long q4 = Q4 & mask;
        final long u4 = t4 + q4;
        r[ro + 4] = u4 + c;
        c = Limbs.carryOut(t4, u4, c);
        final long q5 = Q5 & mask;
        final long u5 = t5 + q5;
        r[ro + 5] = u5 + c;
    }
}
