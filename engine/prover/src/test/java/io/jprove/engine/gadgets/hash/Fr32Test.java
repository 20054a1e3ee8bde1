package io.jprove.engine.gadgets.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;

/** The 254-bit truncation: the two most significant bits of the little-endian value, nothing else. */
class Fr32Test
{
    @Test
    void shouldClearOnlyTheTopTwoBitsOfTheLastByte()
    {
        final byte[] ones = new byte[32];
        Arrays.fill(ones, (byte)0xff);
        final byte[] expected = ones.clone();
        expected[31] = 0x3f;
        assertArrayEquals(expected, Fr32.trimmed(ones));
        assertEquals(BigInteger.ONE.shiftLeft(254).subtract(BigInteger.ONE), Fr.toBigInteger(Fr32.toFr(ones)));
    }

    @Test
    void shouldReadTheRestLittleEndian()
    {
        final byte[] v = new byte[32];
        v[0] = 5;
        v[31] = (byte)0xc1;
        assertEquals(BigInteger.ONE.shiftLeft(248).add(BigInteger.valueOf(5)), Fr.toBigInteger(Fr32.toFr(v)));
        assertThrows(IllegalArgumentException.class, () -> Fr32.trim(new byte[31]));
    }
}
