package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/**
 * GLV's split against BigInteger division and φ against scalar multiplication by λ (G1 and G2), then the MSM with the
 * split forced on against the blst-computed closed forms, over sizes, thread counts, window widths and density.
 */
class GlvTest
{
    private static final BigInteger R = Fr.MODULUS;

    @Test
    void lambdaShouldBeACubeRootOfUnityModR()
    {
        final BigInteger l = Glv.LAMBDA;
        assertEquals(BigInteger.ZERO, l.multiply(l).add(l).add(BigInteger.ONE).mod(R));
        assertEquals(l, unsigned(Glv.LAMBDA1).shiftLeft(64).or(unsigned(Glv.LAMBDA0)));
        assertTrue(l.bitLength() <= Glv.HALF_BITS);
    }

    @Test
    void betaShouldBeAPrimitiveCubeRootOfUnityInFq()
    {
        final long[] b2 = new long[Fq.LIMBS];
        final long[] b3 = new long[Fq.LIMBS];
        Fq.mul(b2, 0, Glv.BETA, 0, Glv.BETA, 0);
        Fq.mul(b3, 0, b2, 0, Glv.BETA, 0);
        assertArrayEquals(Fq.one(), b3);
        assertFalse(Fq.isOne(Glv.BETA, 0));
    }

    @Test
    void shouldSplitEveryScalarIntoHalvesBelowTwoTo128()
    {
        final SplittableRandom rng = new SplittableRandom(401);
        final List<BigInteger> ks = new ArrayList<>();
        final BigInteger l = Glv.LAMBDA;
        for (final BigInteger k : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
            l.subtract(BigInteger.ONE), l, l.add(BigInteger.ONE), l.multiply(l), l.multiply(l).subtract(BigInteger.ONE),
            l.multiply(l).add(l), BigInteger.ONE.shiftLeft(128), BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(192), BigInteger.ONE.shiftLeft(254), R.subtract(BigInteger.TWO),
            R.subtract(BigInteger.ONE)})
        {
            ks.add(k);
        }
        for (int i = 0; i < 20_000; i++)
        {
            ks.add(MsmFixtures.uniform(rng));
        }
        // quotients near each integer multiple of λ exercise the correction
        for (int i = 0; i < 2_000; i++)
        {
            final BigInteger q = new BigInteger(128, new java.util.Random(rng.nextLong())).mod(l.add(BigInteger.ONE));
            final BigInteger k = q.multiply(l).add(BigInteger.valueOf(rng.nextInt(3) - 1));
            if (k.signum() >= 0 && k.compareTo(R) < 0)
            {
                ks.add(k);
            }
        }
        final long[] limbs = new long[4];
        final long[] out = new long[4];
        final long[] acc = new long[3];
        for (final BigInteger k : ks)
        {
            for (int j = 0; j < 4; j++)
            {
                limbs[j] = k.shiftRight(64 * j).longValue();
            }
            Glv.decompose(limbs, out, 0, acc);
            final BigInteger k1 = unsigned(out[1]).shiftLeft(64).or(unsigned(out[0]));
            final BigInteger k2 = unsigned(out[3]).shiftLeft(64).or(unsigned(out[2]));
            final BigInteger[] qr = k.divideAndRemainder(l);
            assertEquals(qr[0], k2, "k2 of " + k.toString(16));
            assertEquals(qr[1], k1, "k1 of " + k.toString(16));
            assertTrue(k2.bitLength() <= Glv.HALF_BITS && k1.compareTo(l) < 0);
        }
    }

    private static BigInteger unsigned(final long v)
    {
        return new BigInteger(Long.toUnsignedString(v));
    }

    @Test
    void endomorphismShouldMultiplyG1PointsByLambda()
    {
        final SplittableRandom rng = new SplittableRandom(402);
        final long[] jac = new long[G1.JACOBIAN_LIMBS];
        final long[] p = new long[G1.AFFINE_LIMBS];
        final long[] expected = new long[G1.AFFINE_LIMBS];
        for (int i = 0; i < 20; i++)
        {
            G1.mul(jac, 0, G1.generator(), 0, MsmFixtures.uniform(rng));
            G1.toAffine(p, 0, jac, 0);
            G1.mul(jac, 0, p, 0, Glv.LAMBDA);
            G1.toAffine(expected, 0, jac, 0);
            MsmGroup.G1_GROUP.endomorphism(p, 0);
            assertArrayEquals(expected, p, "phi(P) = [lambda]P");
        }
        final long[] infinity = new long[G1.AFFINE_LIMBS];
        MsmGroup.G1_GROUP.endomorphism(infinity, 0);
        assertTrue(MsmGroup.G1_GROUP.isInfinity(infinity, 0));
    }

    @Test
    void endomorphismShouldMultiplyG2PointsByLambda()
    {
        final SplittableRandom rng = new SplittableRandom(405);
        final long[] jac = new long[G2.JACOBIAN_LIMBS];
        final long[] q = new long[G2.AFFINE_LIMBS];
        final long[] expected = new long[G2.AFFINE_LIMBS];
        for (int i = 0; i < 8; i++)
        {
            G2.mul(jac, 0, G2.generator(), 0, MsmFixtures.uniform(rng));
            G2.toAffine(q, 0, jac, 0);
            G2.mul(jac, 0, q, 0, Glv.LAMBDA);
            G2.toAffine(expected, 0, jac, 0);
            MsmGroup.G2_GROUP.endomorphism(q, 0);
            assertArrayEquals(expected, q, "phi(Q) = [lambda]Q");
        }
    }

    @Test
    void g2MsmWithTheSplitShouldEqualTheClosedForm()
    {
        final SplittableRandom rng = new SplittableRandom(406);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {1, 2, 9, 130})
            {
                final BigInteger[] m = n == 9 ? MsmFixtures.randomMultipliers(rng, n) : MsmFixtures.iG(n, 5);
                final G2AffineVector bases = MsmFixtures.g2Bases(arena, m);
                for (final MsmFixtures.Mix mix : MsmFixtures.Mix.values())
                {
                    final BigInteger[] s = MsmFixtures.scalars(rng, n, mix);
                    for (final int threads : new int[] {1, 2})
                    {
                        final long[] r = new long[G2.AFFINE_LIMBS];
                        Pippenger.msm(MsmGroup.G2_GROUP, bases.segment(), MsmFixtures.frVector(arena, s).segment(),
                            null, threads, 0, true, r, 0);
                        MsmFixtures.assertG2Equals(MsmFixtures.combination(s, m, null), r, "G2 GLV n=" + n + " "
                            + mix + " threads=" + threads);
                    }
                }
            }
        }
    }

    @Test
    void msmWithTheSplitShouldEqualTheClosedFormForEverySizeThreadCountAndWindow()
    {
        final SplittableRandom rng = new SplittableRandom(403);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {1, 2, 3, 17, 100, 777, 4096})
            {
                final BigInteger[] m = n == 100 ? MsmFixtures.randomMultipliers(rng, n) : MsmFixtures.iG(n, 9);
                final G1AffineVector bases = MsmFixtures.g1Bases(arena, m);
                for (final MsmFixtures.Mix mix : MsmFixtures.Mix.values())
                {
                    final BigInteger[] s = MsmFixtures.scalars(rng, n, mix);
                    final FrVector scalars = MsmFixtures.frVector(arena, s);
                    final BigInteger expected = MsmFixtures.combination(s, m, null);
                    for (final int threads : new int[] {1, 2, 3})
                    {
                        for (final int c : new int[] {0, 3, 16})
                        {
                            final long[] r = new long[G1.AFFINE_LIMBS];
                            Pippenger.msm(MsmGroup.G1_GROUP, bases.segment(), scalars.segment(), null, threads, c,
                                true, r, 0);
                            MsmFixtures.assertG1Equals(expected, r, "GLV n=" + n + " " + mix + " threads=" + threads
                                + " c=" + c);
                        }
                    }
                }
            }
        }
    }

    @Test
    void msmWithTheSplitShouldFollowTheDensity()
    {
        final SplittableRandom rng = new SplittableRandom(404);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {5, 300, 3000})
            {
                final BitSet density = new BitSet();
                final int[] baseOf = new int[n];
                int bases = 0;
                for (int i = 0; i < n; i++)
                {
                    final boolean set = rng.nextInt(3) != 0;
                    density.set(i, set);
                    baseOf[i] = set ? bases++ : -1;
                }
                final BigInteger[] m = MsmFixtures.iG(bases, 7);
                final BigInteger[] s = MsmFixtures.scalars(rng, n, MsmFixtures.Mix.UNIFORM);
                final long[] r = new long[G1.AFFINE_LIMBS];
                Pippenger.msm(MsmGroup.G1_GROUP, MsmFixtures.g1Bases(arena, m).segment(),
                    MsmFixtures.frVector(arena, s).segment(), density, 2, 0, true, r, 0);
                MsmFixtures.assertG1Equals(MsmFixtures.combination(s, m, baseOf), r, "GLV density n=" + n);
            }
        }
    }

    @Test
    void theCostModelShouldSplitSmallAndMiddleSizesOnly()
    {
        assertTrue(Pippenger.useGlv(MsmGroup.G1_GROUP, 1 << 12, null));
        assertTrue(Pippenger.useGlv(MsmGroup.G2_GROUP, 1 << 12, null));
        assertFalse(Pippenger.useGlv(MsmGroup.G1_GROUP, 1L << 23, null));
        assertFalse(Pippenger.useGlv(MsmGroup.G1_GROUP, 1 << 12, false));
    }
}
