package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.Limbs;

/** SignedDigits recomposes every scalar within the bucket range for every window width, and the MSM agrees. */
class SignedDigitsTest
{
    @Test
    void shouldRecomposeEveryScalarWithDigitsWithinTheBuckets()
    {
        final SplittableRandom rng = new SplittableRandom(701);
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, MsmFixtures.R.subtract(BigInteger.ONE),
            MsmFixtures.R.shiftRight(1), BigInteger.ONE.shiftLeft(254).subtract(BigInteger.ONE)};
        for (int c = 1; c <= SignedDigits.MAX_WINDOW_BITS; c++)
        {
            final int windows = SignedDigits.windows(c);
            final short[][] digits = new short[windows][1];
            for (int trial = 0; trial < 300; trial++)
            {
                final BigInteger k = trial < edges.length ? edges[trial] : MsmFixtures.uniform(rng);
                final long[] limbs = new long[4];
                Limbs.fromBigInteger(k, limbs, 0, 4);
                SignedDigits.decompose(limbs, c, digits, 0);
                BigInteger back = BigInteger.ZERO;
                for (int w = windows - 1; w >= 0; w--)
                {
                    final int d = digits[w][0];
                    assertTrue(Math.abs(d) <= 1 << (c - 1), "c=" + c + " digit " + d);
                    back = back.shiftLeft(c).add(BigInteger.valueOf(d));
                }
                assertEquals(k, back, "c=" + c);
            }
        }
    }

    @Test
    void shouldGiveTheSameMsmForEveryWindowWidth()
    {
        final SplittableRandom rng = new SplittableRandom(702);
        try (Arena arena = Arena.ofShared())
        {
            final int n = 150;
            final BigInteger[] m = MsmFixtures.iG(n, 7);
            final G1AffineVector bases = MsmFixtures.g1Bases(arena, m);
            final BigInteger[] s = MsmFixtures.scalars(rng, n, MsmFixtures.Mix.EDGES);
            final FrVector scalars = MsmFixtures.frVector(arena, s);
            final BigInteger expected = MsmFixtures.combination(s, m, null);
            for (final boolean glv : new boolean[] {false, true})
            {
                for (int c = 1; c <= SignedDigits.MAX_WINDOW_BITS; c += 3)
                {
                    final long[] r = new long[G1.AFFINE_LIMBS];
                    Pippenger.msm(MsmGroup.G1_GROUP, bases.segment(), scalars.segment(), null, 2, c, glv, r, 0);
                    MsmFixtures.assertG1Equals(expected, r, "c=" + c + " glv=" + glv);
                }
            }
        }
    }
}
