package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Fr's own facts: its constants (recomputed), roots of unity and the little-endian encoding. */
class FrTest
{
    private static final BigInteger R = Fr.MODULUS;

    @Test
    void shouldHaveTheModulusDerivedFromTheCurveSeed()
    {
        final BigInteger x = new BigInteger("-d201000000010000", 16);
        assertEquals(x.pow(4).subtract(x.pow(2)).add(BigInteger.ONE), R);
        assertTrue(R.isProbablePrime(64));
        assertEquals(32, R.subtract(BigInteger.ONE).getLowestSetBit());
        final long[] q = new long[Fr.LIMBS];
        Limbs.fromBigInteger(R, q, 0, Fr.LIMBS);
        assertEquals(Fr.Q0, q[0]);
        assertEquals(Fr.Q3, q[3]);
        assertEquals(BigInteger.ONE.shiftLeft(64).subtract(R.modInverse(BigInteger.ONE.shiftLeft(64))).longValue(),
            Fr.INV);
    }

    @Test
    void shouldGiveThePublishedPrimitiveRootsOfUnity()
    {
        final BigInteger published =
            new BigInteger("16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b", 16);
        assertEquals(published, Fr.toBigInteger(Fr.rootOfUnity(32)));
        for (int k = 0; k <= 32; k++)
        {
            final BigInteger w = Fr.toBigInteger(Fr.rootOfUnity(k));
            assertEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(k), R));
            if (k > 0)
            {
                assertEquals(R.subtract(BigInteger.ONE), w.modPow(BigInteger.ONE.shiftLeft(k - 1), R));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Fr.rootOfUnity(33));
    }

    @Test
    void shouldHaveSevenAsAQuadraticNonResidue()
    {
        assertEquals(-1, Fr.legendre(Fr.of(Fr.GENERATOR), 0));
    }

    @Test
    void shouldEncodeLittleEndianAndRejectNonCanonicalBytes()
    {
        final SplittableRandom rng = new SplittableRandom(3);
        final byte[] bytes = new byte[Fr.BYTES];
        final long[] back = new long[Fr.LIMBS];
        for (int i = 0; i < 1000; i++)
        {
            final long[] a = Fr.random(rng);
            Fr.toBytes(a, 0, bytes, 0);
            final byte[] bigEndian = new byte[Fr.BYTES];
            for (int j = 0; j < Fr.BYTES; j++)
            {
                bigEndian[j] = bytes[Fr.BYTES - 1 - j];
            }
            assertEquals(Fr.toBigInteger(a), new BigInteger(1, bigEndian));
            assertTrue(Fr.fromBytes(bytes, 0, back, 0));
            assertTrue(Fr.equal(a, 0, back, 0));
        }
        final byte[] modulus = new byte[Fr.BYTES];
        final byte[] be = R.toByteArray();
        for (int j = 0; j < Fr.BYTES; j++)
        {
            modulus[j] = be[be.length - 1 - j];
        }
        assertFalse(Fr.fromBytes(modulus, 0, back, 0), "r itself is not canonical");
        final byte[] ones = new byte[Fr.BYTES];
        java.util.Arrays.fill(ones, (byte)0xff);
        assertFalse(Fr.fromBytes(ones, 0, back, 0));
    }
}
