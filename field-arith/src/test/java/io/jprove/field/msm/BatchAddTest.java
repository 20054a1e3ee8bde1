package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.G1AffineVector;

/** BatchAdd against closed forms computed by blst, including equal, opposite and infinite points. */
class BatchAddTest
{
    @Test
    void shouldSumTheSelectedIgPointsForManySizes()
    {
        final SplittableRandom rng = new SplittableRandom(401);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {0, 1, 2, 3, 17, 33, 1000, 2 * BatchAdd.CHUNK + 77})
            {
                final BigInteger[] m = MsmFixtures.iG(n, 9);
                final G1AffineVector points = MsmFixtures.g1Bases(arena, m);
                final BitSet select = new BitSet();
                BigInteger expected = BigInteger.ZERO;
                for (int i = 0; i < n; i++)
                {
                    if (rng.nextInt(3) != 0)
                    {
                        select.set(i);
                        expected = expected.add(m[i]);
                    }
                }
                MsmFixtures.assertG1Equals(expected.mod(MsmFixtures.R), BatchAdd.g1(points, select, 1 + n % 2),
                    "n=" + n);
                BigInteger all = BigInteger.ZERO;
                for (final BigInteger x : m)
                {
                    all = all.add(x);
                }
                MsmFixtures.assertG1Equals(all.mod(MsmFixtures.R), BatchAdd.g1(points, null, 2), "all of n=" + n);
            }
        }
    }

    @Test
    void shouldDoubleEqualPointsAndCancelOppositeOnes()
    {
        try (Arena arena = Arena.ofShared())
        {
            final int n = 100;
            final BigInteger[] m = new BigInteger[n];
            final BigInteger minusFive = MsmFixtures.R.subtract(BigInteger.valueOf(5));
            BigInteger expected = BigInteger.ZERO;
            for (int i = 0; i < n; i++)
            {
                m[i] = i % 3 == 2 ? minusFive : BigInteger.valueOf(5);
                expected = expected.add(m[i]);
            }
            MsmFixtures.assertG1Equals(expected.mod(MsmFixtures.R),
                BatchAdd.g1(MsmFixtures.g1Bases(arena, m), null, 2), "5G and -5G");
            MsmFixtures.assertG2Equals(expected.mod(MsmFixtures.R),
                BatchAdd.g2(MsmFixtures.g2Bases(arena, m), null, 2), "5G2 and -5G2");
        }
    }

    @Test
    void shouldSumG2Points()
    {
        final SplittableRandom rng = new SplittableRandom(402);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {0, 1, 2, 40, 300})
            {
                final BigInteger[] m = n == 40 ? MsmFixtures.randomMultipliers(rng, n) : MsmFixtures.iG(n, 6);
                final BitSet select = new BitSet();
                BigInteger expected = BigInteger.ZERO;
                for (int i = 0; i < n; i++)
                {
                    if (rng.nextBoolean())
                    {
                        select.set(i);
                        expected = expected.add(m[i]);
                    }
                }
                MsmFixtures.assertG2Equals(expected.mod(MsmFixtures.R),
                    BatchAdd.g2(MsmFixtures.g2Bases(arena, m), select, 2), "G2 n=" + n);
            }
        }
    }

    @Test
    void shouldRejectASelectionPastTheLastPoint()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final BitSet select = new BitSet();
            select.set(5);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchAdd.g1(G1AffineVector.allocate(arena, 5), select, 1));
            assertTrue(e.getMessage().contains("bit 5"), e.getMessage());
        }
    }
}
