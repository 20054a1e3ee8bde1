package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The carry and borrow helpers against BigInteger, on every pair of edge words and on random words. */
class LimbsTest
{
    private static final BigInteger WORD = BigInteger.ONE.shiftLeft(64);

    private static List<Long> words()
    {
        final List<Long> out = new ArrayList<>(List.of(0L, 1L, 2L, -1L, -2L, Long.MIN_VALUE, Long.MAX_VALUE,
            Long.MIN_VALUE + 1, 0xffff_ffffL, 0x1_0000_0000L));
        final SplittableRandom rng = new SplittableRandom(31);
        for (int i = 0; i < 60; i++)
        {
            out.add(rng.nextLong());
        }
        return out;
    }

    private static BigInteger unsigned(final long x)
    {
        return BigInteger.valueOf(x).mod(WORD);
    }

    @Test
    void shouldCarryAndBorrowLikeBigIntegerForEveryIncomingBit()
    {
        final List<Long> words = words();
        for (final long x : words)
        {
            for (final long y : words)
            {
                for (long in = 0; in <= 1; in++)
                {
                    final BigInteger sum = unsigned(x).add(unsigned(y)).add(BigInteger.valueOf(in));
                    final long carry = sum.compareTo(WORD) >= 0 ? 1 : 0;
                    final long t = x + y;
                    final String at = Long.toHexString(x) + " + " + Long.toHexString(y) + " + " + in;
                    assertEquals(carry, Limbs.carryOut(x, t, in), "carryOut " + at);
                    assertEquals(carry, Limbs.carry(x, y, t + in), "carry " + at);
                    if (in == 0)
                    {
                        assertEquals(carry, Limbs.carry(x, t), "two-operand carry " + at);
                    }
                    final BigInteger diff = unsigned(x).subtract(unsigned(y)).subtract(BigInteger.valueOf(in));
                    final long borrow = diff.signum() < 0 ? 1 : 0;
                    final long d = x - y;
                    assertEquals(borrow, Limbs.borrowOut(x, y, d, in), "borrowOut " + at);
                    assertEquals(borrow, Limbs.borrow(x, y, d - in), "borrow " + at);
                }
            }
        }
    }
}
