package io.jprove.engine.porep.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** fr32 padding against a bit-by-bit restatement of the rule (254 data bits, 2 zero bits, little-endian). */
class Fr32PaddingTest
{
    @Test
    void shouldPlaceEvery254BitsInANodeWithTwoZeroBits()
    {
        final SplittableRandom rng = new SplittableRandom(3);
        for (int blocks = 1; blocks <= 5; blocks++)
        {
            final byte[] data = new byte[blocks * 127];
            rng.nextBytes(data);
            assertArrayEquals(reference(data), Fr32Padding.pad(data));
            assertArrayEquals(data, Fr32Padding.unpad(Fr32Padding.pad(data)));
        }
    }

    @Test
    void shouldPadAllOnesToNodesOfTwoHundredFiftyFourOnes()
    {
        final byte[] ones = new byte[127];
        java.util.Arrays.fill(ones, (byte)0xff);
        final byte[] padded = Fr32Padding.pad(ones);
        for (int i = 0; i < 128; i++)
        {
            assertEquals(i % 32 == 31 ? 0x3f : 0xff, padded[i] & 0xff, "byte " + i);
        }
    }

    @Test
    void shouldRefuseWrongSizesAndSetTopBits()
    {
        assertThrows(IllegalArgumentException.class, () -> Fr32Padding.pad(new byte[128]));
        assertThrows(IllegalArgumentException.class, () -> Fr32Padding.unpad(new byte[127]));
        final byte[] padded = new byte[128];
        padded[63] = (byte)0x40;
        assertThrows(IllegalArgumentException.class, () -> Fr32Padding.unpad(padded));
        assertEquals(127L << 20, Fr32Padding.unpaddedSize(128L << 20));
    }

    private static byte[] reference(final byte[] data)
    {
        final int bits = data.length * 8;
        final byte[] out = new byte[data.length / 127 * 128];
        for (int j = 0; j < bits; j++)
        {
            final int bit = data[j / 8] >> (j % 8) & 1;
            final int node = j / 254;
            final int at = node * 256 + j % 254;
            out[at / 8] |= (byte)(bit << (at % 8));
        }
        return out;
    }
}
