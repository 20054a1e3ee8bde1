package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Karabina's compressed squaring against Granger and Scott's {@link Fq12#cyclotomicSquare}, decompression against
 * the elements compressed, and the exponentiation by the seed against plain square-and-multiply with Granger–Scott
 * squarings, on random elements of the cyclotomic subgroup and on the elements where the formulas change: one
 * (g2 = g3 = 0) and elements with g2 = 0 ≠ g3, built here from the defining equations.
 */
class CyclotomicCompressionTest
{
    private static final int L = Fq12.LIMBS;
    private static final int E = Fq2.LIMBS;
    private static final int G2 = 3 * E;
    private static final int G3 = 2 * E;
    private static final int G4 = E;
    private static final int G1 = 4 * E;
    private static final int G5 = 5 * E;
    private static final BigInteger P = Fq.MODULUS;
    private static final BigInteger Q = P.multiply(P);
    private static final BigInteger CYCLOTOMIC_ORDER = P.pow(4).subtract(P.pow(2)).add(BigInteger.ONE);
    private static final long[] XI = Fq2.of(BigInteger.ONE, BigInteger.ONE);

    private final long[] s = new long[Fq12.SCRATCH];

    /** Granger–Scott square-and-multiply over |x|, then the conjugation: the exponentiation before compression. */
    private void expBySeedReference(final long[] r, final long[] a)
    {
        final long[] acc = a.clone();
        for (int i = 62 - Long.numberOfLeadingZeros(Fq12.SEED_ABS); i >= 0; i--)
        {
            Fq12.cyclotomicSquare(acc, 0, acc, 0, s, 0);
            if (((Fq12.SEED_ABS >>> i) & 1) != 0)
            {
                Fq12.mul(acc, 0, acc, 0, a, 0, s, 0);
            }
        }
        Fq12.conjugate(r, 0, acc, 0);
    }

    /** Compressed copy of {@code a}: g0 and g1 replaced by junk, which neither squaring nor decompression may read. */
    private static long[] compressed(final long[] a, final SplittableRandom rng)
    {
        final long[] c = a.clone();
        Fq2.copy(c, 0, Fq2.random(rng), 0);
        Fq2.copy(c, G1, Fq2.random(rng), 0);
        return c;
    }

    /** @return whether {@code a^(p⁴ − p² + 1) = 1}, checked as {@code a^(p⁴)·a = a^(p²)}. */
    private boolean isCyclotomic(final long[] a)
    {
        final long[] p2 = new long[L];
        final long[] p4 = new long[L];
        Fq12.frobenius(p2, 0, a, 0, 2, s, 0);
        Fq12.frobenius(p4, 0, p2, 0, 2, s, 0);
        Fq12.mul(p4, 0, p4, 0, a, 0, s, 0);
        return Fq12.equal(p4, 0, p2, 0);
    }

    @Test
    void shouldSquareLikeGrangerScottOverChainsOfSquarings()
    {
        final SplittableRandom rng = new SplittableRandom(71);
        for (final int chain : new int[] {1, 2, 15, 63})
        {
            for (int i = 0; i < 4; i++)
            {
                final long[] g = Fq12Test.cyclotomic(Fq12.random(rng));
                final long[] expected = g.clone();
                final long[] c = compressed(g, rng);
                final long[] other = new long[L];
                for (int k = 0; k < chain; k++)
                {
                    Fq12.cyclotomicSquare(expected, 0, expected, 0, s, 0);
                    // alternate between squaring in place and into another array
                    if ((k & 1) == 0)
                    {
                        CyclotomicCompression.square(c, 0, c, 0, s, 0);
                    }
                    else
                    {
                        CyclotomicCompression.square(other, 0, c, 0, s, 0);
                        Fq2.copy(c, G2, other, G2);
                        Fq2.copy(c, G3, other, G3);
                        Fq2.copy(c, G4, other, G4);
                        Fq2.copy(c, G5, other, G5);
                    }
                }
                CyclotomicCompression.decompress(c, 0, 1, s, 0);
                assertArrayEquals(expected, c, "chain of " + chain + " squarings");
            }
        }
    }

    @Test
    void shouldDecompressWhatWasCompressedOneByOneAndInBatches()
    {
        final SplittableRandom rng = new SplittableRandom(72);
        for (int count = 1; count <= 7; count++)
        {
            final long[] elements = new long[count * L];
            for (int i = 0; i < count; i++)
            {
                // a one and an element with g2 = 0 among the others, in varying places
                final long[] g = i == count / 2 ? Fq12.one()
                    : i == count - 1 && count > 2 ? withG2Zero(rng) : Fq12Test.cyclotomic(Fq12.random(rng));
                System.arraycopy(g, 0, elements, i * L, L);
            }
            final long[] c = new long[count * L];
            for (int i = 0; i < count; i++)
            {
                System.arraycopy(compressed(java.util.Arrays.copyOfRange(elements, i * L, (i + 1) * L), rng), 0,
                    c, i * L, L);
            }
            final long[] one = c.clone();
            for (int i = 0; i < count; i++)
            {
                CyclotomicCompression.decompress(one, i * L, 1, s, 0);
            }
            assertArrayEquals(elements, one, "one by one, count " + count);
            CyclotomicCompression.decompress(c, 0, count, s, 0);
            assertArrayEquals(elements, c, "in one batch of " + count);
        }
    }

    @Test
    void shouldExponentiateBySeedLikeSquareAndMultiply()
    {
        final SplittableRandom rng = new SplittableRandom(73);
        for (int i = 0; i < 40; i++)
        {
            final long[] g = Fq12Test.cyclotomic(Fq12.random(rng));
            final long[] expected = new long[L];
            expBySeedReference(expected, g);
            final long[] actual = new long[L];
            Fq12.cyclotomicExpBySeed(actual, 0, g, 0, s, 0);
            assertArrayEquals(expected, actual, "element " + i);
            Fq12.cyclotomicExpBySeed(g, 0, g, 0, s, 0);
            assertArrayEquals(expected, g, "in place, element " + i);
        }
        final long[] one = Fq12.one();
        Fq12.cyclotomicExpBySeed(one, 0, one, 0, s, 0);
        assertTrue(Fq12.isOne(one, 0), "1^x = 1: every kept power has g2 = g3 = 0");
    }

    @Test
    void shouldHandleG2ZeroInSquaringsDecompressionAndTheExponentiation()
    {
        final SplittableRandom rng = new SplittableRandom(74);
        for (int i = 0; i < 3; i++)
        {
            final long[] e = withG2Zero(rng);
            assertTrue(isCyclotomic(e), "the constructed element lies in the cyclotomic subgroup");
            assertTrue(Fq2.isZero(e, G2) && !Fq2.isZero(e, G3), "g2 = 0 ≠ g3");

            final long[] c = compressed(e, rng);
            CyclotomicCompression.decompress(c, 0, 1, s, 0);
            assertArrayEquals(e, c, "decompression with g2 = 0");

            final long[] expected = new long[L];
            Fq12.cyclotomicSquare(expected, 0, e, 0, s, 0);
            final long[] squared = compressed(e, rng);
            CyclotomicCompression.square(squared, 0, squared, 0, s, 0);
            CyclotomicCompression.decompress(squared, 0, 1, s, 0);
            assertArrayEquals(expected, squared, "compressed square of an element with g2 = 0");

            // b = e^(2^−k): the exponentiation keeps b^(2^k) = e, with g2 = 0, among its powers
            for (final int k : new int[] {16, 63})
            {
                final BigInteger root = BigInteger.TWO.pow(k).modInverse(CYCLOTOMIC_ORDER);
                final long[] b = pow(e, root);
                final long[] check = b.clone();
                for (int j = 0; j < k; j++)
                {
                    Fq12.cyclotomicSquare(check, 0, check, 0, s, 0);
                }
                assertArrayEquals(e, check, "b^(2^" + k + ") = e");
                final long[] ref = new long[L];
                expBySeedReference(ref, b);
                Fq12.cyclotomicExpBySeed(b, 0, b, 0, s, 0);
                assertArrayEquals(ref, b, "exponentiation through g2 = 0 at bit " + k);
            }
        }
    }

    @Test
    void shouldComputeThreeTimesPlusMinusTwiceLikeBigIntegers()
    {
        final SplittableRandom rng = new SplittableRandom(76);
        final java.util.List<BigInteger[]> pairs = new java.util.ArrayList<>();
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, P.subtract(BigInteger.ONE),
            P.subtract(BigInteger.TWO), P.shiftRight(1), P.shiftRight(1).add(BigInteger.ONE)};
        for (final BigInteger t : edges)
        {
            for (final BigInteger z : edges)
            {
                pairs.add(new BigInteger[] {t, z});
            }
        }
        for (int i = 0; i < 2000; i++)
        {
            pairs.add(new BigInteger[] {Fq.toBigInteger(Fq.random(rng)), Fq.toBigInteger(Fq.random(rng))});
        }
        // 3t ± 2z' landing just below, on and just above each multiple of p the reduction steps over
        for (int k = 1; k <= 4; k++)
        {
            for (int delta = -2; delta <= 2; delta++)
            {
                for (int tries = 0; tries < 40; tries++)
                {
                    final BigInteger t = Fq.toBigInteger(Fq.random(rng));
                    final BigInteger twiceZ = P.multiply(BigInteger.valueOf(k)).add(BigInteger.valueOf(delta))
                        .subtract(t.multiply(BigInteger.valueOf(3)));
                    if (twiceZ.signum() >= 0 && !twiceZ.testBit(0) && twiceZ.shiftRight(1).compareTo(P) < 0)
                    {
                        pairs.add(new BigInteger[] {t, twiceZ.shiftRight(1)});
                        // the same sum through 3t − 2(p − z), when p − z is below p
                        if (twiceZ.signum() > 0)
                        {
                            pairs.add(new BigInteger[] {t, P.subtract(twiceZ.shiftRight(1))});
                        }
                    }
                }
            }
        }
        final long[] t = new long[Fq.LIMBS];
        final long[] z = new long[Fq.LIMBS];
        final long[] r = new long[Fq.LIMBS];
        for (final BigInteger[] pair : pairs)
        {
            Limbs.fromBigInteger(pair[0], t, 0, Fq.LIMBS);
            Limbs.fromBigInteger(pair[1], z, 0, Fq.LIMBS);
            for (final boolean plus : new boolean[] {true, false})
            {
                final BigInteger twice = pair[1].shiftLeft(1);
                final BigInteger expected = pair[0].multiply(BigInteger.valueOf(3))
                    .add(plus ? twice : twice.negate()).mod(P);
                CyclotomicCompression.threeTimesPlusMinusTwice(r, 0, t, 0, z, 0, plus);
                assertEquals(expected, Limbs.toBigInteger(r, 0, Fq.LIMBS),
                    (plus ? "3t + 2z" : "3t − 2z") + " for t = " + pair[0] + ", z = " + pair[1]);
            }
        }
        // aliasing: r = t and r = z
        Limbs.fromBigInteger(P.subtract(BigInteger.ONE), t, 0, Fq.LIMBS);
        Limbs.fromBigInteger(BigInteger.valueOf(5), z, 0, Fq.LIMBS);
        final long[] zCopy = z.clone();
        CyclotomicCompression.threeTimesPlusMinusTwice(z, 0, t, 0, z, 0, false);
        assertEquals(P.subtract(BigInteger.valueOf(13)), Limbs.toBigInteger(z, 0, Fq.LIMBS), "r aliasing z");
        CyclotomicCompression.threeTimesPlusMinusTwice(t, 0, t, 0, zCopy, 0, true);
        assertEquals(BigInteger.valueOf(7), Limbs.toBigInteger(t, 0, Fq.LIMBS), "r aliasing t");
    }

    @Test
    void shouldTellItselfFromOrdinarySquaringOffTheSubgroup()
    {
        final SplittableRandom rng = new SplittableRandom(75);
        final long[] f = Fq12.random(rng);
        assertFalse(isCyclotomic(f), "the membership check can fail");
        final long[] expected = new long[L];
        Fq12.square(expected, 0, f, 0, s, 0);
        final long[] c = f.clone();
        CyclotomicCompression.square(c, 0, c, 0, s, 0);
        CyclotomicCompression.decompress(c, 0, 1, s, 0);
        assertFalse(Fq12.equal(expected, 0, c, 0), "the formulas need the subgroup, so the tests can tell");
    }

    /**
     * An element of the cyclotomic subgroup with g2 = 0 ≠ g3. With g2 = 0, g3 = (ξg5² + 3g4²)/2 by the first
     * decompression identity (its left side 4g1g2 vanishes), g1 = 2g4g5/g3 and g0 = ξ(2g1² − 3g3g4) + 1; putting
     * g5 = λg4 and k = ξλ² + 3 makes g3 = g4²k/2, g1 = 4λ/k and g0 = ξ(32λ²/k² − 3kg4³/2) + 1, and the
     * v-coefficient of {@code a·ā = 1}, {@code 2g0g4 + ξg3² − 2ξg1g5 = 0}, becomes
     * {@code g4³ = −(2 + 64ξλ²/k² − 8ξλ²/k)/(ξk(k/4 − 3))}. A random λ is kept when the right side is a cube;
     * membership of the result is checked by the caller, independently of these formulas.
     */
    private static long[] withG2Zero(final SplittableRandom rng)
    {
        final BigInteger inverseOfTwo = BigInteger.TWO.modInverse(P);
        final BigInteger inverseOfFour = BigInteger.valueOf(4).modInverse(P);
        while (true)
        {
            final long[] lambda = Fq2.random(rng);
            final long[] xiL2 = mul(XI, mul(lambda, lambda));
            final long[] k = add(xiL2, constant(BigInteger.valueOf(3)));
            final long[] kInv = inv(k);
            final long[] numerator = add(constant(BigInteger.TWO),
                sub(mul(constant(BigInteger.valueOf(64)), mul(xiL2, mul(kInv, kInv))),
                    mul(constant(BigInteger.valueOf(8)), mul(xiL2, kInv))));
            final long[] denominator = mul(mul(XI, k),
                sub(mul(k, constant(inverseOfFour)), constant(BigInteger.valueOf(3))));
            final long[] rhs = sub(Fq2.zero(), mul(numerator, inv(denominator)));
            final long[] g4 = cubeRoot(rhs, rng);
            if (g4 == null)
            {
                continue;
            }
            final long[] g5 = mul(lambda, g4);
            final long[] g3 = mul(add(mul(XI, mul(g5, g5)), mul(constant(BigInteger.valueOf(3)), mul(g4, g4))),
                constant(inverseOfTwo));
            final long[] g1 = mul(add(mul(g4, g5), mul(g4, g5)), inv(g3));
            final long[] g0 = add(mul(XI, sub(mul(constant(BigInteger.TWO), mul(g1, g1)),
                mul(constant(BigInteger.valueOf(3)), mul(g3, g4)))), Fq2.one());
            final long[] e = new long[L];
            Fq2.copy(e, 0, g0, 0);
            Fq2.copy(e, G1, g1, 0);
            Fq2.copy(e, G3, g3, 0);
            Fq2.copy(e, G4, g4, 0);
            Fq2.copy(e, G5, g5, 0);
            return e;
        }
    }

    /**
     * A cube root in Fq2, or null when there is none. q − 1 = 9m with 3 ∤ m, so for a cube c, c^(1/3 mod m) is a
     * root up to a ninth root of unity, which is found by trying all nine.
     */
    private static long[] cubeRoot(final long[] c, final SplittableRandom rng)
    {
        final BigInteger third = Q.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3));
        if (!Fq2.isOne(pow2(c, third), 0))
        {
            return null;
        }
        final BigInteger m = Q.subtract(BigInteger.ONE).divide(BigInteger.valueOf(9));
        long[] nonCube;
        do
        {
            nonCube = Fq2.random(rng);
        }
        while (Fq2.isOne(pow2(nonCube, third), 0));
        final long[] ninthRoot = pow2(nonCube, m);
        long[] root = pow2(c, BigInteger.valueOf(3).modInverse(m));
        for (int i = 0; i < 9; i++)
        {
            if (Fq2.equal(mul(root, mul(root, root)), 0, c, 0))
            {
                return root;
            }
            root = mul(root, ninthRoot);
        }
        throw new AssertionError("no cube root although c^((q − 1)/3) = 1");
    }

    private long[] pow(final long[] a, final BigInteger e)
    {
        final long[] r = Fq12.one();
        for (int i = e.bitLength() - 1; i >= 0; i--)
        {
            Fq12.square(r, 0, r, 0, s, 0);
            if (e.testBit(i))
            {
                Fq12.mul(r, 0, r, 0, a, 0, s, 0);
            }
        }
        return r;
    }

    private static long[] constant(final BigInteger c)
    {
        return Fq2.of(c, BigInteger.ZERO);
    }

    private static long[] pow2(final long[] a, final BigInteger e)
    {
        final long[] r = new long[E];
        Fq2.pow(r, 0, a, 0, e);
        return r;
    }

    private static long[] mul(final long[] a, final long[] b)
    {
        final long[] r = new long[E];
        Fq2.mul(r, 0, a, 0, b, 0);
        return r;
    }

    private static long[] add(final long[] a, final long[] b)
    {
        final long[] r = new long[E];
        Fq2.add(r, 0, a, 0, b, 0);
        return r;
    }

    private static long[] sub(final long[] a, final long[] b)
    {
        final long[] r = new long[E];
        Fq2.sub(r, 0, a, 0, b, 0);
        return r;
    }

    private static long[] inv(final long[] a)
    {
        final long[] r = new long[E];
        Fq2.inverse(r, 0, a, 0);
        return r;
    }
}
