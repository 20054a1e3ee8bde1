package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The scalar recoding shared by the G1 and G2 scalar multiplications. */
class ShortWeierstrassCurveTest
{
    private static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);

    @Test
    void shouldRecodeTwoWordScalarsExactlyAsTheBigIntegerNaf()
    {
        final List<BigInteger> values = new ArrayList<>();
        for (int bits = 0; bits <= 128; bits++)
        {
            values.add(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE).min(TWO_128.subtract(BigInteger.ONE)));
            values.add(BigInteger.ONE.shiftLeft(bits).min(TWO_128.subtract(BigInteger.ONE)));
        }
        // runs of ones across the word boundary make negative digits carry into the high word and out of it
        values.add(new BigInteger("ffffffffffffffff", 16));
        values.add(new BigInteger("1ffffffffffffffff", 16));
        values.add(new BigInteger("fffffffffffffffffffffffffffffff1", 16));
        values.add(G1.LAMBDA);
        values.add(G1.LAMBDA.subtract(BigInteger.ONE));
        final Random rng = new Random(4711);
        for (int i = 0; i < 5000; i++)
        {
            values.add(new BigInteger(1 + rng.nextInt(128), rng));
        }
        for (final int w : new int[] {2, 4, 5, 8})
        {
            for (final BigInteger k : values)
            {
                final byte[] expected = new byte[130];
                final int expectedLength = ShortWeierstrassCurve.wnaf(k, w, expected);
                final byte[] actual = new byte[130];
                final int length = ShortWeierstrassCurve.wnaf(k.longValue(), k.shiftRight(64).longValue(), w, actual);
                assertEquals(expectedLength, length, () -> "length for " + k.toString(16) + ", w = " + w);
                assertArrayEquals(expected, actual, () -> "digits for " + k.toString(16) + ", w = " + w);
                assertEquals(k, value(actual, length), "digits sum back to the scalar");
            }
        }
    }

    private static BigInteger value(final byte[] digits, final int length)
    {
        BigInteger v = BigInteger.ZERO;
        for (int i = length - 1; i >= 0; i--)
        {
            v = v.shiftLeft(1).add(BigInteger.valueOf(digits[i]));
        }
        return v;
    }
}
