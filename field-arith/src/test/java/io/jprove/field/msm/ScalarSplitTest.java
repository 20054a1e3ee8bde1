package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/** ScalarSplit: split + batch-add + tail MSM equals the plain MSM, with and without density. */
class ScalarSplitTest
{
    @Test
    void shouldEqualThePlainMsmWhenOnesAreBatchAddedAndTheTailMultiplied()
    {
        final SplittableRandom rng = new SplittableRandom(501);
        try (Arena arena = Arena.ofShared())
        {
            for (final int n : new int[] {0, 1, 2, 50, 3000})
            {
                for (final boolean withDensity : new boolean[] {false, true})
                {
                    final BitSet density = withDensity ? new BitSet() : null;
                    int bases = n;
                    if (withDensity)
                    {
                        bases = 0;
                        for (int i = 0; i < n; i++)
                        {
                            if (rng.nextInt(4) != 0)
                            {
                                density.set(i);
                                bases++;
                            }
                        }
                    }
                    final BigInteger[] m = MsmFixtures.iG(bases, 10);
                    final G1AffineVector g1 = MsmFixtures.g1Bases(arena, m);
                    final FrVector scalars = MsmFixtures.frVector(arena,
                        MsmFixtures.scalars(rng, n, MsmFixtures.Mix.POREP));
                    final ScalarSplit split = ScalarSplit.of(scalars, density, bases, arena);
                    final long[] ones = BatchAdd.g1(g1, split.ones(), 2);
                    final long[] tail = Msm.g1(split.tailBases(g1, arena), split.tailScalars(), null, 2);
                    final long[] whole = Msm.g1(g1, scalars, density, 2);
                    assertArrayEquals(whole, addG1(ones, tail), "n=" + n + " density=" + withDensity);
                    assertEquals(split.tailScalars().size(), split.tailBaseIndices().length);
                }
            }
        }
    }

    @Test
    void shouldServeG2BasesWithTheSameSplit()
    {
        final SplittableRandom rng = new SplittableRandom(502);
        try (Arena arena = Arena.ofShared())
        {
            final int n = 200;
            final BigInteger[] m = MsmFixtures.iG(n, 8);
            final G2AffineVector g2 = MsmFixtures.g2Bases(arena, m);
            final FrVector scalars = MsmFixtures.frVector(arena, MsmFixtures.scalars(rng, n, MsmFixtures.Mix.POREP));
            final ScalarSplit split = ScalarSplit.of(scalars, null, n, arena);
            final long[] ones = BatchAdd.g2(g2, split.ones(), 2);
            final long[] tail = Msm.g2(split.tailBases(g2, arena), split.tailScalars(), null, 2);
            final long[] sum = new long[G2.JACOBIAN_LIMBS];
            final long[] j = new long[G2.JACOBIAN_LIMBS];
            G2.toJacobian(sum, 0, ones, 0);
            G2.addMixed(sum, 0, sum, 0, tail, 0);
            G2.toAffine(j, 0, sum, 0);
            assertArrayEquals(Msm.g2(g2, scalars, null, 2), java.util.Arrays.copyOf(j, G2.AFFINE_LIMBS));
        }
    }

    @Test
    void shouldRejectABaseCountThatDoesNotMatch()
    {
        try (Arena arena = Arena.ofConfined())
        {
            assertThrows(IllegalArgumentException.class, () -> ScalarSplit.of(FrVector.allocate(arena, 4), null, 3,
                arena));
        }
    }

    private static long[] addG1(final long[] a, final long[] b)
    {
        final long[] sum = new long[io.jprove.field.G1.JACOBIAN_LIMBS];
        io.jprove.field.G1.toJacobian(sum, 0, a, 0);
        io.jprove.field.G1.addMixed(sum, 0, sum, 0, b, 0);
        final long[] r = new long[io.jprove.field.G1.AFFINE_LIMBS];
        io.jprove.field.G1.toAffine(r, 0, sum, 0);
        return r;
    }
}
