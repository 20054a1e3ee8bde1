package io.jprove.field;

import java.math.BigInteger;

/**
 * Square roots in Fq for point decompression, by a fixed sliding-window exponentiation: since p ≡ 3 (mod 4),
 * {@code a^((p+1)/4)} is a root whenever one exists. The window schedule of the constant exponent is computed once,
 * and the per-thread table keeps the call allocation-free (about 380 squarings and 75 multiplications, against
 * 380 + 190 for plain square-and-multiply).
 */
final class FqRoots
{
    private static final BigInteger EXPONENT = Fq.MODULUS.add(BigInteger.ONE).shiftRight(2);
    /** See {@link SlidingWindow} for the layout. */
    private static final int[] SCHEDULE = SlidingWindow.schedule(EXPONENT, SlidingWindow.WIDTH);
    private static final ThreadLocal<long[]> TABLE =
        ThreadLocal.withInitial(() -> new long[SlidingWindow.tableLimbs(Fq.LIMBS)]);

    private FqRoots()
    {
    }

    /** {@code r = a^((p+1)/4)} without checking that it is a root. */
    static void pow(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.FIELD.pow(r, ro, a, ao, SCHEDULE, TABLE.get());
    }

    /**
     * @return whether {@code a} is a square; when it is, {@code r} holds a root (which one is unspecified), else
     * {@code r} is unspecified. {@code r} may alias {@code a}.
     */
    static boolean sqrt(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] table = TABLE.get();
        final int check = 17 * Fq.LIMBS;
        pow(table, 16 * Fq.LIMBS, a, ao);
        Fq.square(table, check, table, 16 * Fq.LIMBS);
        final boolean square = Fq.equal(table, check, a, ao);
        Fq.copy(r, ro, table, 16 * Fq.LIMBS);
        return square;
    }
}
