package io.jprove.field;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The parts of a prime field in Montgomery form that do not need unrolled code: constants, conversions,
 * exponentiation, inversion, batch inversion and random sampling. {@link Fq} and {@link Fr} each hold one; their hot
 * operations (multiply, square, add, subtract) are generated unrolled for their own limb count ({@code FqMontgomery},
 * {@code FrMontgomery}, from a {@link FieldDescription}), because the JIT does not unroll a limb loop whose length is
 * a field.
 * <p>
 * Elements are {@code n} little-endian 64-bit limbs holding {@code x·R mod m}, with {@code R = 2^(64n)}.
 */
public final class MontgomeryField
{
    /** A field's Montgomery multiplication, {@code r = a·b·R⁻¹ mod m}; {@code r} may alias an input. */
    @FunctionalInterface
    public interface Multiply
    {
        void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo);
    }

    /** A field's Montgomery squaring, {@code r = a²·R⁻¹ mod m}; {@code r} may alias {@code a}. */
    @FunctionalInterface
    public interface Square
    {
        void square(long[] r, int ro, long[] a, int ao);
    }

    private final String name;
    private final int limbs;
    private final BigInteger modulus;
    private final long[] modulusLimbs;
    private final BigInteger r;
    private final long[] rSquared;
    private final long[] one;
    private final Multiply multiply;
    private final Square square;
    private final SafeGcd gcd;

    MontgomeryField(final String name, final BigInteger modulus, final int limbs, final Multiply multiply,
        final Square square)
    {
        this.name = name;
        this.limbs = limbs;
        this.modulus = modulus;
        this.multiply = multiply;
        this.square = square;
        this.modulusLimbs = new long[limbs];
        Limbs.fromBigInteger(modulus, modulusLimbs, 0, limbs);
        this.r = BigInteger.ONE.shiftLeft(64 * limbs);
        this.one = limbsOf(r.mod(modulus));
        this.rSquared = limbsOf(r.multiply(r).mod(modulus));
        this.gcd = new SafeGcd(name, modulus, limbs, r.multiply(r).mod(modulus));
    }

    private long[] limbsOf(final BigInteger value)
    {
        final long[] out = new long[limbs];
        Limbs.fromBigInteger(value, out, 0, limbs);
        return out;
    }

    /** @return the field's name, for error messages ("Fq", "Fr"). */
    public String name()
    {
        return name;
    }

    /** @return limbs per element. */
    public int limbs()
    {
        return limbs;
    }

    /** @return the prime modulus. */
    public BigInteger modulus()
    {
        return modulus;
    }

    /** @return a fresh copy of the Montgomery form of 1 ({@code R mod m}). */
    public long[] one()
    {
        return one.clone();
    }

    /**
     * Converts a canonical integer to Montgomery form.
     *
     * @throws IllegalArgumentException if {@code value} is not in [0, m).
     */
    public void fromBigInteger(final BigInteger value, final long[] out, final int offset)
    {
        if (value.signum() < 0 || value.compareTo(modulus) >= 0)
        {
            throw new IllegalArgumentException(name + " element out of range [0, modulus): " + value);
        }
        Limbs.fromBigInteger(value, out, offset, limbs);
        multiply.mul(out, offset, out, offset, rSquared, 0);
    }

    /** @return the canonical integer that a Montgomery-form element represents. */
    public BigInteger toBigInteger(final long[] a, final int offset)
    {
        return Limbs.toBigInteger(a, offset, limbs).multiply(r.modInverse(modulus)).mod(modulus);
    }

    /** Writes the canonical (non-Montgomery) limbs of {@code a} into {@code out}. */
    public void toCanonical(final long[] out, final int oo, final long[] a, final int ao)
    {
        final long[] unit = new long[limbs];
        unit[0] = 1;
        multiply.mul(out, oo, a, ao, unit, 0);
    }

    /**
     * Converts canonical limbs to Montgomery form, in place.
     *
     * @throws IllegalArgumentException if they are not below the modulus.
     */
    public void canonicalToMontgomery(final long[] a, final int offset)
    {
        if (!isCanonical(a, offset))
        {
            throw new IllegalArgumentException(name + " element not below the modulus");
        }
        multiply.mul(a, offset, a, offset, rSquared, 0);
    }

    /** @return whether {@code n} limbs at {@code offset}, read as an integer, are below the modulus. */
    public boolean isCanonical(final long[] a, final int offset)
    {
        return Limbs.compare(a, offset, modulusLimbs, 0, limbs) < 0;
    }

    /** {@code r = a^e} for a non-negative exponent, by {@link SlidingWindow} exponentiation. */
    public void pow(final long[] out, final int oo, final long[] a, final int ao, final BigInteger e)
    {
        if (e.signum() < 0)
        {
            throw new IllegalArgumentException("negative exponent");
        }
        if (e.signum() == 0)
        {
            System.arraycopy(one(), 0, out, oo, limbs);
            return;
        }
        pow(out, oo, a, ao, SlidingWindow.schedule(e, SlidingWindow.WIDTH),
            new long[SlidingWindow.tableLimbs(limbs)]);
    }

    /**
     * {@code r = a^e} for the {@link SlidingWindow} schedule of e, in the caller's table of
     * {@link SlidingWindow#tableLimbs} limbs, so that fixed exponents can be scheduled once and run without
     * allocating.
     */
    void pow(final long[] out, final int oo, final long[] a, final int ao, final int[] schedule, final long[] table)
    {
        SlidingWindow.pow(out, oo, a, ao, schedule, table, limbs, multiply, square);
    }

    /**
     * {@code r = a⁻¹}, allocation-free and in variable time: {@link SafeGcd} inverts the element {@code aR} as an
     * integer with the numerator {@code R²}, which yields {@code R²·(aR)⁻¹ = a⁻¹R}.
     *
     * @throws ArithmeticException if {@code a} is zero.
     */
    public void inverse(final long[] out, final int oo, final long[] a, final int ao)
    {
        if (Limbs.isZero(a, ao, limbs))
        {
            throw new ArithmeticException(name + ": inverse of zero");
        }
        gcd.inverse(out, oo, a, ao);
    }

    /**
     * Inverts {@code count} elements stored back to back in {@code elements}, in place, with one inversion and
     * {@code 3(count − 1)} multiplications (Montgomery's trick). Zero elements stay zero.
     */
    public void batchInverse(final long[] elements, final int offset, final int count)
    {
        final long[] prefix = new long[count * limbs];
        final long[] acc = one();
        for (int i = 0; i < count; i++)
        {
            System.arraycopy(acc, 0, prefix, i * limbs, limbs);
            final int at = offset + i * limbs;
            if (!Limbs.isZero(elements, at, limbs))
            {
                multiply.mul(acc, 0, acc, 0, elements, at);
            }
        }
        if (Limbs.isZero(acc, 0, limbs))
        {
            return;
        }
        inverse(acc, 0, acc, 0);
        final long[] tmp = new long[limbs];
        for (int i = count - 1; i >= 0; i--)
        {
            final int at = offset + i * limbs;
            if (Limbs.isZero(elements, at, limbs))
            {
                continue;
            }
            multiply.mul(tmp, 0, acc, 0, prefix, i * limbs);
            multiply.mul(acc, 0, acc, 0, elements, at);
            System.arraycopy(tmp, 0, elements, at, limbs);
        }
    }

    /** Samples a uniform element (rejection sampling on the modulus' bit length). */
    public void random(final RandomGenerator rng, final long[] out, final int offset)
    {
        final int bits = modulus.bitLength();
        final int topBits = bits - 64 * (limbs - 1);
        final long topMask = topBits == 64 ? -1L : (1L << topBits) - 1;
        do
        {
            for (int i = 0; i < limbs; i++)
            {
                out[offset + i] = rng.nextLong();
            }
            out[offset + limbs - 1] &= topMask;
        }
        while (!isCanonical(out, offset));
        // A uniform canonical integer x, read as Montgomery form, is the uniform element x·R⁻¹.
    }
}
