package io.jprove.field;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The BLS12-381 scalar field Fr, r = 0x73eda753…00000001 (255 bits, 2-adicity 32, generator 7), on four
 * little-endian 64-bit limbs in Montgomery form (R = 2^256).
 * <p>
 * Calling convention: elements live in {@code long[]} arrays at an offset; every operation writes its result into a
 * caller-given range ({@code r, ro}) that may alias the inputs. The three-argument forms work at offset 0. The bodies
 * of {@link #mul}, {@link #square}, {@link #add} and {@link #sub} are also the CPU meaning of the GPU kernels' field
 * intrinsics. Their limb-level code is generated from {@link FieldDescription#FR} ({@code FrMontgomery}); what is
 * written here by hand is what belongs to Fr alone: the square root, the roots of unity, the Legendre symbol and the
 * little-endian encoding.
 */
public final class Fr
{
    /** 64-bit limbs per element. */
    public static final int LIMBS = FrMontgomery.LIMBS;
    /** Bytes in the little-endian encoding (scalars and public inputs). */
    public static final int BYTES = 32;
    /** The modulus r. */
    public static final BigInteger MODULUS = FieldDescription.FR.modulus();
    /** r − 1 = 2^TWO_ADICITY · t with t odd. */
    public static final int TWO_ADICITY = 32;
    /** The multiplicative generator used for cosets and roots of unity. */
    public static final long GENERATOR = 7;

    /** r, limb by limb (least significant first). */
    static final long Q0 = FrMontgomery.Q0;
    static final long Q1 = FrMontgomery.Q1;
    static final long Q2 = FrMontgomery.Q2;
    static final long Q3 = FrMontgomery.Q3;
    /** −r⁻¹ mod 2^64. */
    static final long INV = FrMontgomery.INV;

    /** Conversions, exponentiation and inversion that need no unrolling. */
    public static final MontgomeryField FIELD = new MontgomeryField("Fr", MODULUS, LIMBS, Fr::mul, Fr::square);

    private static final BigInteger ODD_PART = MODULUS.subtract(BigInteger.ONE).shiftRight(TWO_ADICITY);
    private static final BigInteger LEGENDRE_EXPONENT = MODULUS.subtract(BigInteger.ONE).shiftRight(1);
    private static final long[] ONE = FIELD.one();
    /** Raw limbs R² mod r: Montgomery-multiplying canonical limbs by it yields Montgomery form. */
    private static final long[] R_SQUARED = of(BigInteger.ONE.shiftLeft(256).mod(MODULUS));

    private Fr()
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
        FrMontgomery.neg(r, ro, a, ao);
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
     * Square root by Tonelli–Shanks (r − 1 = 2^32·t; 7^t generates the 2-Sylow subgroup).
     *
     * @return whether {@code a} is a square; when it is, {@code r} holds a root (which one is unspecified).
     */
    public static boolean sqrt(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (isZero(a, ao))
        {
            java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);
            return true;
        }
        if (legendre(a, ao) != 1)
        {
            return false;
        }
        final long[] x = new long[LIMBS];
        final long[] b = new long[LIMBS];
        final long[] c = of(GENERATOR);
        FIELD.pow(c, 0, c, 0, ODD_PART);
        FIELD.pow(x, 0, a, ao, ODD_PART.add(BigInteger.ONE).shiftRight(1));
        FIELD.pow(b, 0, a, ao, ODD_PART);
        final long[] t = new long[LIMBS];
        int m = TWO_ADICITY;
        while (!isOne(b, 0))
        {
            // least i with b^(2^i) = 1; i < m because b is a square of order dividing 2^(m-1)
            int i = 0;
            copy(t, 0, b, 0);
            while (!isOne(t, 0))
            {
                square(t, 0, t, 0);
                i++;
            }
            copy(t, 0, c, 0);
            for (int k = 0; k < m - i - 1; k++)
            {
                square(t, 0, t, 0);
            }
            mul(x, 0, x, 0, t, 0);
            square(c, 0, t, 0);
            mul(b, 0, b, 0, c, 0);
            m = i;
        }
        copy(r, ro, x, 0);
        return true;
    }

    /**
     * @return a primitive 2^logSize-th root of unity: 7^((r−1)/2^logSize).
     * @throws IllegalArgumentException unless 0 ≤ logSize ≤ 32.
     */
    public static long[] rootOfUnity(final int logSize)
    {
        if (logSize < 0 || logSize > TWO_ADICITY)
        {
            throw new IllegalArgumentException("no 2^" + logSize + "-th root of unity in Fr (2-adicity 32)");
        }
        final long[] root = of(GENERATOR);
        FIELD.pow(root, 0, root, 0, MODULUS.subtract(BigInteger.ONE).shiftRight(logSize));
        return root;
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

    /** Writes the canonical little-endian 32-byte encoding of {@code a}. */
    public static void toBytes(final long[] a, final int ao, final byte[] out, final int offset)
    {
        final long[] canonical = new long[LIMBS];
        FIELD.toCanonical(canonical, 0, a, ao);
        for (int i = 0; i < BYTES; i++)
        {
            out[offset + i] = (byte)(canonical[i >>> 3] >>> (8 * (i & 7)));
        }
    }

    /**
     * Reads a little-endian 32-byte encoding into Montgomery form.
     *
     * @return false when the value is not below r (non-canonical); {@code r} is then unspecified.
     */
    public static boolean fromBytes(final byte[] in, final int offset, final long[] r, final int ro)
    {
        java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);
        for (int i = 0; i < BYTES; i++)
        {
            r[ro + (i >>> 3)] |= (in[offset + i] & 0xffL) << (8 * (i & 7));
        }
        if (!FIELD.isCanonical(r, ro))
        {
            return false;
        }
        mul(r, ro, r, ro, R_SQUARED, 0);
        return true;
    }

    /**
     * Montgomery multiplication {@code r = a·b·R⁻¹} (CIOS, generated: {@link FrMontgomery#mul}). {@code r} may alias
     * {@code a} or {@code b}.
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FrMontgomery.mul(r, ro, a, ao, b, bo);
    }

    /** {@code r = a²·R⁻¹} (generated: {@link FrMontgomery#square}); {@code r} may alias {@code a}. */
    public static void square(final long[] r, final int ro, final long[] a, final int ao)
    {
        FrMontgomery.square(r, ro, a, ao);
    }

    /** {@code r = a + b}; {@code r} may alias an input. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FrMontgomery.add(r, ro, a, ao, b, bo);
    }

    /** {@code r = a − b}; {@code r} may alias an input. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
    {
        FrMontgomery.sub(r, ro, a, ao, b, bo);
    }
}
