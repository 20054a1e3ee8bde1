package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The exponent schedules: replaying one as its exponentiation does must give back the exponent. */
class SlidingWindowTest
{
    @Test
    void shouldReplayToTheExponentWithOddDigitsBelowTheWindow()
    {
        final List<BigInteger> exponents = new ArrayList<>(List.of(BigInteger.ONE, BigInteger.TWO,
            BigInteger.valueOf(31), BigInteger.valueOf(32), BigInteger.valueOf(33), BigInteger.ONE.shiftLeft(200),
            BigInteger.ONE.shiftLeft(381).subtract(BigInteger.ONE), Fq.MODULUS.subtract(BigInteger.TWO),
            Fq.MODULUS.add(BigInteger.ONE).shiftRight(2), Fr.MODULUS.subtract(BigInteger.ONE).shiftRight(1)));
        final Random rng = new Random(99);
        for (int i = 0; i < 500; i++)
        {
            exponents.add(new BigInteger(1 + rng.nextInt(400), rng).add(BigInteger.ONE));
        }
        for (final int w : new int[] {1, 3, 5})
        {
            for (final BigInteger e : exponents)
            {
                final int[] schedule = SlidingWindow.schedule(e, w);
                assertEquals(0, schedule[0], "the first step only loads the table");
                BigInteger v = BigInteger.ZERO;
                for (int s = 0; s < schedule.length; s += 2)
                {
                    final int digit = schedule[s + 1];
                    assertTrue(digit == 0 ? s == schedule.length - 2 : (digit & 1) == 1 && digit < 1 << w,
                        "odd digits below 2^w, zero only in the last step");
                    v = v.shiftLeft(schedule[s]).add(BigInteger.valueOf(digit));
                }
                assertEquals(e, v, () -> "replay of " + e.toString(16) + " with w = " + w);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> SlidingWindow.schedule(BigInteger.ZERO, 5));
    }
}
