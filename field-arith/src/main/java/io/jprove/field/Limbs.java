package io.jprove.field;

import java.math.BigInteger;

/**
 * Multi-precision helpers on little-endian arrays of unsigned 64-bit limbs, shared by the Montgomery fields.
 * <p>
 * Carries and borrows are computed branch-free (Hacker's Delight 2-13, or unsigned compares that the JIT turns into
 * flag reads), so the JIT emits straight-line code and the kernel compiler can read the same bodies. Which form a
 * routine uses was measured: serial chains (modular addition) want {@link #carryOut}'s short carry path; wide,
 * throughput-bound code (the double-width products) is faster with the fewer instructions of the others.
 */
public final class Limbs
{
    private Limbs()
    {
    }

    /**
     * Carry out of {@code sum = x + y (+ carryIn)}: 1 when the unsigned addition wrapped, else 0.
     *
     * @param x   first addend.
     * @param y   second addend.
     * @param sum the wrapped sum.
     * @return 0 or 1.
     */
    public static long carry(final long x, final long y, final long sum)
    {
        return ((x & y) | ((x | y) & ~sum)) >>> 63;
    }

    /**
     * Carry out of a two-operand {@code sum = x + y}: 1 when the unsigned addition wrapped, else 0. Cheaper than the
     * three-operand form (a compare and a flag read), so the multiplication's carry chains use it.
     *
     * @param x   either addend.
     * @param sum the wrapped sum.
     * @return 0 or 1.
     */
    public static long carry(final long x, final long sum)
    {
        return Long.compareUnsigned(sum, x) < 0 ? 1 : 0;
    }

    /**
     * Carry out of {@code t + carryIn}, where {@code t = x + y} was formed first: the addition wrapped, or the carry
     * came in onto an all-ones {@code t}. Both tests read only x and y, so along a chain each limb adds just an
     * and and an or to the carry's path (two cycles instead of four or five for the forms above): the shape for
     * serial carry chains, which are latency-bound.
     *
     * @param x       either addend of {@code t}.
     * @param t       the wrapped {@code x + y}.
     * @param carryIn 0 or 1.
     * @return 0 or 1.
     */
    public static long carryOut(final long x, final long t, final long carryIn)
    {
        return (Long.compareUnsigned(t, x) < 0 ? 1L : 0L) | (carryIn & (t == -1L ? 1L : 0L));
    }

    /**
     * Borrow out of {@code t − borrowIn}, where {@code t = x − y} was formed first: the subtraction wrapped, or the
     * borrow came in onto a zero {@code t}. The borrow counterpart of {@link #carryOut}.
     *
     * @param x        minuend of {@code t}.
     * @param y        subtrahend of {@code t}.
     * @param t        the wrapped {@code x − y}.
     * @param borrowIn 0 or 1.
     * @return 0 or 1.
     */
    public static long borrowOut(final long x, final long y, final long t, final long borrowIn)
    {
        return (Long.compareUnsigned(x, y) < 0 ? 1L : 0L) | (borrowIn & (t == 0L ? 1L : 0L));
    }

    /**
     * Borrow out of {@code diff = x - y (- borrowIn)}: 1 when the unsigned subtraction wrapped, else 0.
     *
     * @param x    minuend.
     * @param y    subtrahend.
     * @param diff the wrapped difference.
     * @return 0 or 1.
     */
    public static long borrow(final long x, final long y, final long diff)
    {
        return ((~x & y) | (~(x ^ y) & diff)) >>> 63;
    }

    /**
     * Reads {@code n} limbs at {@code offset} as a non-negative integer.
     *
     * @param limbs  the array.
     * @param offset index of the least significant limb.
     * @param n      number of limbs.
     * @return the value.
     */
    public static BigInteger toBigInteger(final long[] limbs, final int offset, final int n)
    {
        final byte[] bigEndian = new byte[n * 8 + 1];
        for (int i = 0; i < n; i++)
        {
            final long limb = limbs[offset + i];
            for (int b = 0; b < 8; b++)
            {
                bigEndian[bigEndian.length - 1 - (i * 8 + b)] = (byte)(limb >>> (8 * b));
            }
        }
        return new BigInteger(bigEndian);
    }

    /**
     * Writes a non-negative integer below 2^(64n) into {@code n} limbs at {@code offset}.
     *
     * @param value  the value.
     * @param limbs  the destination.
     * @param offset index of the least significant limb.
     * @param n      number of limbs.
     * @throws IllegalArgumentException if the value is negative or does not fit.
     */
    public static void fromBigInteger(final BigInteger value, final long[] limbs, final int offset, final int n)
    {
        if (value.signum() < 0 || value.bitLength() > 64 * n)
        {
            throw new IllegalArgumentException("value does not fit in " + n + " unsigned 64-bit limbs: " + value);
        }
        BigInteger rest = value;
        for (int i = 0; i < n; i++)
        {
            limbs[offset + i] = rest.longValue();
            rest = rest.shiftRight(64);
        }
    }

    /**
     * Unsigned comparison of two {@code n}-limb numbers.
     *
     * @return negative, zero or positive as a is below, equal to or above b.
     */
    public static int compare(final long[] a, final int ao, final long[] b, final int bo, final int n)
    {
        for (int i = n - 1; i >= 0; i--)
        {
            final int c = Long.compareUnsigned(a[ao + i], b[bo + i]);
            if (c != 0)
            {
                return c;
            }
        }
        return 0;
    }

    /**
     * @return whether {@code n} limbs at {@code offset} are all zero.
     */
    public static boolean isZero(final long[] a, final int offset, final int n)
    {
        long acc = 0;
        for (int i = 0; i < n; i++)
        {
            acc |= a[offset + i];
        }
        return acc == 0;
    }

    /**
     * @return whether the two {@code n}-limb ranges hold the same limbs.
     */
    public static boolean equal(final long[] a, final int ao, final long[] b, final int bo, final int n)
    {
        long acc = 0;
        for (int i = 0; i < n; i++)
        {
            acc |= a[ao + i] ^ b[bo + i];
        }
        return acc == 0;
    }
}
