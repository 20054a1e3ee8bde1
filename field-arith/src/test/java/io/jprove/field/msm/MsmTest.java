package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/** Msm against closed forms computed by blst: iG and random bases with infinities, scalar mixes, density. */
class MsmTest
{
    private static final int[] G1_SIZES = {0, 1, 2, 3, 5, 16, 33, 100, 257, 1000, 4096};
    private static final int[] G2_SIZES = {0, 1, 2, 7, 64, 300};

    @Test
    void shouldEqualTheClosedFormOnIgBasesWithInfinitiesForEverySizeAndMix()
    {
        final SplittableRandom rng = new SplittableRandom(301);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : G1_SIZES)
            {
                final BigInteger[] m = MsmFixtures.iG(n, 7);
                final G1AffineVector bases = MsmFixtures.g1Bases(arena, m);
                for (final MsmFixtures.Mix mix : MsmFixtures.Mix.values())
                {
                    final BigInteger[] s = MsmFixtures.scalars(rng, n, mix);
                    final FrVector scalars = MsmFixtures.frVector(arena, s);
                    final int threads = 1 + n % 3;
                    MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, null),
                        Msm.g1(bases, scalars, null, threads), "G1 n=" + n + " " + mix + " threads=" + threads);
                }
            }
        }
    }

    @Test
    void shouldEqualTheClosedFormOnRandomBases()
    {
        final SplittableRandom rng = new SplittableRandom(302);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {1, 2, 40, 513})
            {
                final BigInteger[] m = MsmFixtures.randomMultipliers(rng, n);
                final BigInteger[] s = MsmFixtures.scalars(rng, n, MsmFixtures.Mix.UNIFORM);
                MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, null),
                    Msm.g1(MsmFixtures.g1Bases(arena, m), MsmFixtures.frVector(arena, s)), "G1 random n=" + n);
            }
        }
    }

    @Test
    void shouldGiveInfinityWhenScalarsCancel()
    {
        try (Arena arena = Arena.ofShared())
        {
            final BigInteger[] m = {BigInteger.valueOf(5), BigInteger.valueOf(5)};
            final BigInteger[] s = {BigInteger.valueOf(3), MsmFixtures.R.subtract(BigInteger.valueOf(3))};
            final long[] r = Msm.g1(MsmFixtures.g1Bases(arena, m), MsmFixtures.frVector(arena, s));
            MsmFixtures.assertG1Equals(BigInteger.ZERO, r, "3P + (r-3)P");
            assertTrue(java.util.Arrays.stream(r).allMatch(x -> x == 0));
        }
    }

    @Test
    void shouldHandleRepeatedAndOppositeBasesMeetingInABucket()
    {
        final SplittableRandom rng = new SplittableRandom(306);
        try (Arena arena = Arena.ofShared())
        {
            final int n = 600;
            final BigInteger[] m = new BigInteger[n];
            for (int i = 0; i < n; i++)
            {
                m[i] = i % 2 == 0 ? BigInteger.valueOf(5) : MsmFixtures.R.subtract(BigInteger.valueOf(5));
            }
            final G1AffineVector bases = MsmFixtures.g1Bases(arena, m);
            for (final MsmFixtures.Mix mix : MsmFixtures.Mix.values())
            {
                final BigInteger[] s = MsmFixtures.scalars(rng, n, mix);
                MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, null), Msm.g1(bases,
                    MsmFixtures.frVector(arena, s), null, 2), "±5G " + mix);
            }
        }
    }

    /**
     * The batch-affine bucket sums on wide windows (16 to 128 segments) where segments' running sums meet equal and
     * opposite points: ±5G bases with scalars from a handful of values (every bucket holds copies of one point, and
     * the overflow buckets fill), and a single repeated scalar (one bucket per window, the rest empty).
     */
    @Test
    void shouldSumBucketsOfEqualAndOppositePointsOnWideWindows()
    {
        final SplittableRandom rng = new SplittableRandom(307);
        try (Arena arena = Arena.ofShared())
        {
            final int n = 3000;
            final BigInteger[] m = new BigInteger[n];
            for (int i = 0; i < n; i++)
            {
                m[i] = i % 3 == 0 ? MsmFixtures.R.subtract(BigInteger.valueOf(5)) : BigInteger.valueOf(5);
            }
            final G1AffineVector bases = MsmFixtures.g1Bases(arena, m);
            final BigInteger[] few = {BigInteger.ONE, BigInteger.valueOf(1000), MsmFixtures.uniform(rng),
                MsmFixtures.R.subtract(BigInteger.ONE)};
            final BigInteger[] mixed = new BigInteger[n];
            final BigInteger[] same = new BigInteger[n];
            for (int i = 0; i < n; i++)
            {
                mixed[i] = few[rng.nextInt(few.length)];
                same[i] = few[2];
            }
            for (final BigInteger[] s : new BigInteger[][] {mixed, same})
            {
                final FrVector scalars = MsmFixtures.frVector(arena, s);
                for (final int c : new int[] {9, 12, 16})
                {
                    for (final boolean glv : new boolean[] {false, true})
                    {
                        final long[] r = new long[G1.AFFINE_LIMBS];
                        Pippenger.msm(MsmGroup.G1_GROUP, bases.segment(), scalars.segment(), null, 2, c, glv, r, 0);
                        MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, null), r, "c=" + c + " glv=" + glv
                            + (s == same ? " one scalar" : " few scalars"));
                    }
                }
            }
        }
    }

    @Test
    void shouldPairScalarsWithTheNextBaseOnlyWhereTheDensityBitIsSet()
    {
        final SplittableRandom rng = new SplittableRandom(303);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {0, 1, 9, 200, 2048})
            {
                final BitSet density = new BitSet();
                final int[] baseOf = new int[n];
                int bases = 0;
                for (int i = 0; i < n; i++)
                {
                    final boolean set = rng.nextInt(4) != 0;
                    density.set(i, set);
                    baseOf[i] = set ? bases++ : -1;
                }
                final BigInteger[] m = MsmFixtures.iG(bases, 11);
                final BigInteger[] s = MsmFixtures.scalars(rng, n, MsmFixtures.Mix.POREP);
                MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, baseOf),
                    Msm.g1(MsmFixtures.g1Bases(arena, m), MsmFixtures.frVector(arena, s), density, 2),
                    "G1 density n=" + n);
            }
        }
    }

    @Test
    void shouldRejectABaseCountThatDoesNotMatch()
    {
        try (Arena arena = Arena.ofShared())
        {
            final G1AffineVector bases = G1AffineVector.allocate(arena, 3);
            final FrVector scalars = FrVector.allocate(arena, 4);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Msm.g1(bases, scalars));
            assertTrue(e.getMessage().contains("3 points for 4 scalars"), e.getMessage());
            final BitSet density = new BitSet();
            density.set(0, 2);
            final IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
                () -> Msm.g1(bases, scalars, density, 1));
            assertTrue(d.getMessage().contains("density bit"), d.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Msm.g1(bases, FrVector.allocate(arena, 3), null, 0));
        }
    }

    @Test
    void shouldEqualTheClosedFormOnG2()
    {
        final SplittableRandom rng = new SplittableRandom(304);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : G2_SIZES)
            {
                final BigInteger[] m = n == 7 ? MsmFixtures.randomMultipliers(rng, n) : MsmFixtures.iG(n, 5);
                final G2AffineVector bases = MsmFixtures.g2Bases(arena, m);
                for (final MsmFixtures.Mix mix : MsmFixtures.Mix.values())
                {
                    final BigInteger[] s = MsmFixtures.scalars(rng, n, mix);
                    MsmFixtures.assertG2Equals(MsmFixtures.combination(s, m, null),
                        Msm.g2(bases, MsmFixtures.frVector(arena, s), null, 2), "G2 n=" + n + " " + mix);
                }
            }
        }
    }

    @Test
    void shouldRunOnTheCallingThreadWhenTheVectorsAreConfined()
    {
        final SplittableRandom rng = new SplittableRandom(305);
        try (Arena arena = Arena.ofConfined())
        {
            final BigInteger[] m = MsmFixtures.iG(300, 13);
            final BigInteger[] s = MsmFixtures.scalars(rng, 300, MsmFixtures.Mix.UNIFORM);
            MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, null),
                Msm.g1(MsmFixtures.g1Bases(arena, m), MsmFixtures.frVector(arena, s), null, 4), "confined");
        }
    }

    @Test
    void shouldChooseWiderWindowsForMorePoints()
    {
        assertTrue(Pippenger.windowBits(1) <= 2);
        int previous = 1;
        for (int log = 2; log <= 26; log += 4)
        {
            final int c = Pippenger.windowBits(1L << log);
            assertTrue(c >= previous && c <= SignedDigits.MAX_WINDOW_BITS, "c=" + c + " at 2^" + log);
            previous = c;
        }
    }
}
