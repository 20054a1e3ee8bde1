package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Fq's own facts: its constants (recomputed), the big-endian encoding and the sign rule. */
class FqTest
{
    private static final BigInteger P = Fq.MODULUS;

    @Test
    void shouldHaveTheModulusDerivedFromTheCurveSeed()
    {
        final BigInteger x = new BigInteger("-d201000000010000", 16);
        final BigInteger r = x.pow(4).subtract(x.pow(2)).add(BigInteger.ONE);
        final BigInteger xMinusOne = x.subtract(BigInteger.ONE);
        assertEquals(xMinusOne.pow(2).multiply(r).divide(BigInteger.valueOf(3)).add(x), P);
        assertTrue(P.isProbablePrime(64));
        assertEquals(3, P.mod(BigInteger.valueOf(4)).intValue(), "p = 3 mod 4 makes sqrt one exponentiation");
        final long[] q = new long[Fq.LIMBS];
        Limbs.fromBigInteger(P, q, 0, Fq.LIMBS);
        assertEquals(Fq.Q0, q[0]);
        assertEquals(Fq.Q5, q[5]);
        assertTrue(Fq.Q5 < Long.MAX_VALUE - 1, "no-carry CIOS needs the top limb below 2^63 - 1");
        assertEquals(BigInteger.ONE.shiftLeft(64).subtract(P.modInverse(BigInteger.ONE.shiftLeft(64))).longValue(),
            Fq.INV);
    }

    @Test
    void shouldEncodeBigEndianAndRejectNonCanonicalBytes()
    {
        final SplittableRandom rng = new SplittableRandom(5);
        final byte[] bytes = new byte[Fq.BYTES];
        final long[] back = new long[Fq.LIMBS];
        for (int i = 0; i < 1000; i++)
        {
            final long[] a = Fq.random(rng);
            Fq.toBytes(a, 0, bytes, 0);
            assertEquals(Fq.toBigInteger(a), new BigInteger(1, bytes));
            assertTrue(Fq.fromBytes(bytes, 0, 0xff, back, 0));
            assertTrue(Fq.equal(a, 0, back, 0));
        }
        final byte[] modulus = new byte[Fq.BYTES];
        final byte[] be = P.toByteArray();
        System.arraycopy(be, be.length - Fq.BYTES, modulus, 0, Fq.BYTES);
        assertFalse(Fq.fromBytes(modulus, 0, 0xff, back, 0), "p itself is not canonical");
        final byte[] flagged = modulus.clone();
        flagged[0] |= (byte)0x80;
        assertFalse(Fq.fromBytes(flagged, 0, 0x1f, back, 0), "the mask clears flags but p stays non-canonical");
        final byte[] pMinusOne = new byte[Fq.BYTES];
        final byte[] pm1 = P.subtract(BigInteger.ONE).toByteArray();
        System.arraycopy(pm1, pm1.length - Fq.BYTES, pMinusOne, 0, Fq.BYTES);
        pMinusOne[0] |= (byte)0xe0;
        assertTrue(Fq.fromBytes(pMinusOne, 0, 0x1f, back, 0));
        assertEquals(P.subtract(BigInteger.ONE), Fq.toBigInteger(back));
    }

    @Test
    void shouldCallAnElementLargestExactlyWhenAboveHalfTheModulus()
    {
        final BigInteger half = P.subtract(BigInteger.ONE).shiftRight(1);
        assertFalse(Fq.isLexicographicallyLargest(Fq.of(BigInteger.ZERO), 0));
        assertFalse(Fq.isLexicographicallyLargest(Fq.of(half), 0));
        assertTrue(Fq.isLexicographicallyLargest(Fq.of(half.add(BigInteger.ONE)), 0));
        assertTrue(Fq.isLexicographicallyLargest(Fq.of(P.subtract(BigInteger.ONE)), 0));
        final SplittableRandom rng = new SplittableRandom(6);
        for (int i = 0; i < 500; i++)
        {
            final long[] a = Fq.random(rng);
            assertEquals(Fq.toBigInteger(a).compareTo(half) > 0, Fq.isLexicographicallyLargest(a, 0));
        }
    }
}
