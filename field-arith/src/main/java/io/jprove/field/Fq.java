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
 * intrinsics. Their limb-level code is generated from {@link FieldDescription#FQ} ({@code FqMontgomery}); what is
 * written here by hand is what belongs to Fq alone: the square root, the Legendre symbol, the sign rule and the
 * big-endian encoding.
 */
public final class Fq
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = FqMontgomery.LIMBS;
    /** Bytes in the big-endian encoding (zcash/blst). */
    public static final int BYTES = 48;
    /** The modulus p. */
    public static final BigInteger MODULUS = FieldDescription.FQ.modulus();

    /** p, limb by limb (least significant first). */
    static final long Q0 = FqMontgomery.Q0;
    static final long Q1 = FqMontgomery.Q1;
    static final long Q2 = FqMontgomery.Q2;
    static final long Q3 = FqMontgomery.Q3;
    static final long Q4 = FqMontgomery.Q4;
    static final long Q5 = FqMontgomery.Q5;
    /** −p⁻¹ mod 2^64. */
    static final long INV = FqMontgomery.INV;

    /** Conversions, exponentiation and inversion that need no unrolling. */
    public static final MontgomeryField FIELD = new MontgomeryField("Fq", MODULUS, LIMBS, Fq::mul, Fq::square);

    private static final BigInteger SQRT_EXPONENT = MODULUS.add(BigInteger.ONE).shiftRight(2);
    private static final BigInteger LEGENDRE_EXPONENT = MODULUS.subtract(BigInteger.ONE).shiftRight(1);
    private static final long[] ONE = FIELD.one();
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
        square(r, 0, a, 0);
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
        FqMontgomery.neg(r, ro, a, ao);
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
        FqMontgomery.halve(a, ao);
    }

    /**
     * Montgomery multiplication {@code r = a·b·R⁻¹} (CIOS, generated: {@link FqMontgomery#mul}). {@code r} may alias
     * {@code a} or {@code b}.
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FqMontgomery.mul(r, ro, a, ao, b, bo);
    }

    /** {@code r = a²·R⁻¹} (generated: {@link FqMontgomery#square}); {@code r} may alias {@code a}. */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        FqMontgomery.square(r, ro, a, ao);
    }

    /** {@code r = a + b}; {@code r} may alias an input. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FqMontgomery.add(r, ro, a, ao, b, bo);
    }

    /** {@code r = a − b}; {@code r} may alias an input. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FqMontgomery.sub(r, ro, a, ao, b, bo);
    }
}
