package io.jprove.field;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The left-to-right sliding-window schedule of an exponent, shared by the fields' exponentiations: with a table of
 * the odd powers a, a³, …, a^(2^w − 1), an exponent of n bits costs n squarings and about n/(w + 1) multiplications,
 * against n/2 for plain square-and-multiply.
 * <p>
 * The schedule is a run of pairs (squarings, odd digit) from the most significant end: the first pair starts the
 * accumulator at the digit's table entry (its squarings are 0); each later pair squares that many times, then
 * multiplies by the digit's entry; the last pair has digit 0 and carries the trailing squarings.
 */
final class SlidingWindow
{
    /** Window width used by the fields' exponentiations: a table of 16 odd powers. */
    static final int WIDTH = 5;

    private SlidingWindow()
    {
    }

    /** @return the limbs of the table {@link #pow} works in, for elements of {@code limbs} limbs. */
    static int tableLimbs(final int limbs)
    {
        return ((1 << (WIDTH - 1)) + 2) * limbs;
    }

    /**
     * {@code out = a^e} for the schedule of e with windows of {@value #WIDTH} bits, over any field given by its
     * multiplication and squaring on elements of {@code limbs} limbs, in the caller's table of {@link #tableLimbs}
     * limbs (so fixed exponents can be scheduled once and run without allocating). {@code out} may lie in the
     * table's last two slots or alias {@code a}.
     */
    static void pow(final long[] out, final int oo, final long[] a, final int ao, final int[] schedule,
        final long[] table, final int limbs, final MontgomeryField.Multiply multiply,
        final MontgomeryField.Square square)
    {
        final int odd = 1 << (WIDTH - 1);
        final int acc = odd * limbs;
        final int sq = acc + limbs;
        // table[k] = a^(2k+1)
        System.arraycopy(a, ao, table, 0, limbs);
        square.square(table, sq, a, ao);
        for (int k = 1; k < odd; k++)
        {
            multiply.mul(table, k * limbs, table, (k - 1) * limbs, table, sq);
        }
        System.arraycopy(table, (schedule[1] >> 1) * limbs, table, acc, limbs);
        for (int step = 2; step < schedule.length; step += 2)
        {
            for (int k = 0; k < schedule[step]; k++)
            {
                square.square(table, acc, table, acc);
            }
            final int digit = schedule[step + 1];
            if (digit != 0)
            {
                multiply.mul(table, acc, table, acc, table, (digit >> 1) * limbs);
            }
        }
        System.arraycopy(table, acc, out, oo, limbs);
    }

    /**
     * @return the schedule of {@code e > 0} for windows of at most {@code w} bits (digits below 2^w).
     */
    static int[] schedule(final BigInteger e, final int w)
    {
        if (e.signum() <= 0)
        {
            throw new IllegalArgumentException("sliding window: exponent must be positive, got " + e);
        }
        final List<Integer> steps = new ArrayList<>();
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
            // the longest window of at most w bits starting at i and ending on a set bit
            int low = Math.max(i - w + 1, 0);
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
}
