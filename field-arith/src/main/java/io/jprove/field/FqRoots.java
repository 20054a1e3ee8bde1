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
    private static final int WINDOW = 5;
    private static final BigInteger EXPONENT = Fq.MODULUS.add(BigInteger.ONE).shiftRight(2);
    /** Pairs (squarings before, odd digit) from the most significant end; digit 0 ends with trailing squarings. */
    private static final int[] SCHEDULE = schedule(EXPONENT);
    private static final ThreadLocal<long[]> TABLE = ThreadLocal.withInitial(() -> new long[18 * Fq.LIMBS]);

    private FqRoots()
    {
    }

    private static int[] schedule(final BigInteger e)
    {
        final java.util.List<Integer> steps = new java.util.ArrayList<>();
        int i = e.bitLength() - 1;
        int pendingSquares = 0;
        boolean first = true;
        while (i >= 0)
        {
            if (!e.testBit(i))
            {
                pendingSquares++;
                i--;
                continue;
            }
            // the longest window of at most WINDOW bits starting at i and ending on a set bit
            int low = Math.max(i - WINDOW + 1, 0);
            while (!e.testBit(low))
            {
                low++;
            }
            final int digit = e.shiftRight(low).intValue() & ((1 << (i - low + 1)) - 1);
            steps.add(first ? 0 : pendingSquares + (i - low + 1));
            steps.add(digit);
            first = false;
            pendingSquares = 0;
            i = low - 1;
        }
        steps.add(pendingSquares);
        steps.add(0);
        return steps.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code r = a^((p+1)/4)} without checking that it is a root. */
    static void pow(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] table = TABLE.get();
        final int acc = 16 * Fq.LIMBS;
        final int square = 17 * Fq.LIMBS;
        // table[k] = a^(2k+1) for k < 16
        Fq.copy(table, 0, a, ao);
        Fq.square(table, square, a, ao);
        for (int k = 1; k < 16; k++)
        {
            Fq.mul(table, k * Fq.LIMBS, table, (k - 1) * Fq.LIMBS, table, square);
        }
        for (int s = 0; s < SCHEDULE.length; s += 2)
        {
            final int squarings = SCHEDULE[s];
            final int digit = SCHEDULE[s + 1];
            if (s == 0)
            {
                Fq.copy(table, acc, table, (digit >> 1) * Fq.LIMBS);
                continue;
            }
            for (int k = 0; k < squarings; k++)
            {
                Fq.square(table, acc, table, acc);
            }
            if (digit != 0)
            {
                Fq.mul(table, acc, table, acc, table, (digit >> 1) * Fq.LIMBS);
            }
        }
        Fq.copy(r, ro, table, acc);
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
