package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The windowed square root against BigInteger's modPow and Euler's criterion. */
class FqRootsTest
{
    @Test
    void shouldFindARootExactlyForSquaresLikeBigInteger()
    {
        final BigInteger p = Fq.MODULUS;
        final BigInteger exponent = p.add(BigInteger.ONE).shiftRight(2);
        final SplittableRandom rng = new SplittableRandom(31);
        final long[] root = new long[Fq.LIMBS];
        for (int i = 0; i < 300; i++)
        {
            final long[] a = i < 3 ? Fq.of(i) : Fq.random(rng);
            final BigInteger v = Fq.toBigInteger(a);
            final BigInteger expected = v.modPow(exponent, p);
            final boolean isSquare = expected.multiply(expected).mod(p).equals(v);
            assertEquals(isSquare, FqRoots.sqrt(root, 0, a, 0), "square? " + v);
            FqRoots.pow(root, 0, a, 0);
            assertEquals(expected, Fq.toBigInteger(root), "a^((p+1)/4) of " + v);
            FqRoots.sqrt(a, 0, a, 0);
            assertEquals(expected, Fq.toBigInteger(a), "aliased");
        }
    }
}
