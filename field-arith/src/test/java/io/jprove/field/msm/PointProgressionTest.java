package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/** PointProgression's closed forms agree with the MSM and batch-add (which are checked against blst elsewhere). */
class PointProgressionTest
{
    @Test
    void shouldPredictTheMsmAndTheSelectedSumOnG1AndG2()
    {
        final SplittableRandom rng = new SplittableRandom(601);
        try (Arena arena = Arena.ofShared())
        {
            final int n = 5000;
            final PointProgression p1 = PointProgression.random(PointProgression.Curve.G1, 7);
            final G1AffineVector g1 = G1AffineVector.allocate(arena, n);
            p1.fill(g1.segment(), 2);
            final BigInteger[] s = MsmFixtures.scalars(rng, n, MsmFixtures.Mix.UNIFORM);
            final FrVector scalars = MsmFixtures.frVector(arena, s);
            assertArrayEquals(p1.expectedMsm(scalars), Msm.g1(g1, scalars, null, 2));
            final BitSet select = new BitSet();
            for (int i = 0; i < n; i++)
            {
                select.set(i, rng.nextBoolean());
            }
            assertArrayEquals(p1.expectedSum(select, n), BatchAdd.g1(g1, select, 2));
            assertArrayEquals(p1.expectedSum(null, n), BatchAdd.g1(g1, null, 2));

            final int m = 300;
            final PointProgression p2 = PointProgression.random(PointProgression.Curve.G2, 8);
            final G2AffineVector g2 = G2AffineVector.allocate(arena, m);
            p2.fill(g2.segment(), 2);
            final FrVector s2 = MsmFixtures.frVector(arena, MsmFixtures.scalars(rng, m, MsmFixtures.Mix.UNIFORM));
            assertArrayEquals(p2.expectedMsm(s2), Msm.g2(g2, s2, null, 2));
            assertArrayEquals(p2.expectedSum(null, m), BatchAdd.g2(g2, null, 1));
        }
    }
}
