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
    private SlidingWindow()
    {
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
