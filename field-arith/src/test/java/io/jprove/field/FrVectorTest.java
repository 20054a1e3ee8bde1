package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** FrVector: the off-heap layout, element access and the canonical scalar encoding, against {@link Fr}. */
class FrVectorTest
{
    @Test
    void shouldStoreMontgomeryLimbsLittleEndianAtThirtyTwoBytesPerElement()
    {
        final SplittableRandom rng = new SplittableRandom(11);
        try (Arena arena = Arena.ofConfined())
        {
            final FrVector v = FrVector.allocate(arena, 17);
            assertEquals(17, v.size());
            assertEquals(17 * 32, v.segment().byteSize());
            final long[][] values = new long[17][];
            for (int i = 0; i < 17; i++)
            {
                values[i] = Fr.random(rng);
                v.set(i, values[i], 0);
            }
            final long[] back = new long[6];
            for (int i = 0; i < 17; i++)
            {
                v.get(i, back, 2);
                assertTrue(Fr.equal(values[i], 0, back, 2));
                for (int k = 0; k < 4; k++)
                {
                    for (int b = 0; b < 8; b++)
                    {
                        final byte expected = (byte)(values[i][k] >>> (8 * b));
                        assertEquals(expected, v.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE,
                            32L * i + 8L * k + b));
                    }
                }
            }
            assertThrows(IndexOutOfBoundsException.class, () -> v.get(17, back, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> v.set(-1, back, 0));
        }
    }

    @Test
    void shouldConvertCanonicalScalarsBothWaysLikeFr()
    {
        final SplittableRandom rng = new SplittableRandom(12);
        final int n = 64;
        final byte[] encoded = new byte[3 + n * 32];
        final long[][] values = new long[n][];
        for (int i = 0; i < n; i++)
        {
            values[i] = i == 0 ? Fr.zero() : i == 1 ? Fr.of(Fr.MODULUS.subtract(BigInteger.ONE)) : Fr.random(rng);
            Fr.toBytes(values[i], 0, encoded, 3 + 32 * i);
        }
        try (Arena arena = Arena.ofConfined())
        {
            final FrVector v = FrVector.allocate(arena, n + 2);
            v.readCanonical(encoded, 3, 2, n);
            final long[] e = new long[4];
            for (int i = 0; i < n; i++)
            {
                v.get(i + 2, e, 0);
                assertTrue(Fr.equal(values[i], 0, e, 0), "element " + i);
            }
            final byte[] back = v.toCanonicalBytes(2, n);
            final byte[] expected = new byte[n * 32];
            System.arraycopy(encoded, 3, expected, 0, n * 32);
            assertArrayEquals(expected, back);
            final FrVector viewed = FrVector.wrap(v.segment().asSlice(64));
            assertEquals(n, viewed.size());
            viewed.readCanonical(MemorySegment.ofArray(expected), 0, n);
            assertArrayEquals(expected, viewed.toCanonicalBytes(0, n));
        }
    }

    @Test
    void shouldRejectAScalarNotBelowTheModulusNamingItsIndex()
    {
        final byte[] encoded = new byte[3 * 32];
        final byte[] r = Fr.MODULUS.toByteArray();
        for (int i = 0; i < 32; i++)
        {
            encoded[64 + i] = r[r.length - 1 - i];
        }
        try (Arena arena = Arena.ofConfined())
        {
            final FrVector v = FrVector.allocate(arena, 3);
            final InvalidEncodingException e =
                assertThrows(InvalidEncodingException.class, () -> v.readCanonical(encoded, 0, 0, 3));
            assertEquals(InvalidEncodingException.Reason.NON_CANONICAL, e.reason());
            assertTrue(e.getMessage().contains("element 2"), e.getMessage());
            assertEquals(InvalidEncodingException.Reason.LENGTH,
                assertThrows(InvalidEncodingException.class, () -> v.readCanonical(encoded, 1, 0, 3)).reason());
            assertThrows(IllegalArgumentException.class, () -> FrVector.wrap(MemorySegment.ofArray(new byte[33])));
        }
    }
}
