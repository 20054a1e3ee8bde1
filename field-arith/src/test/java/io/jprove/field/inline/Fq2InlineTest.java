package io.jprove.field.inline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fq;
import io.jprove.field.Fq2;

/** {@link Fq2Inline} and {@link FermatInverse} bit for bit against {@link Fq2} and {@link Fq}. */
final class Fq2InlineTest
{
    private static final int N = Fq.LIMBS;

    @Test
    void shouldMatchFq2WhenMultiplyingSquaringAndInverting()
    {
        final SplittableRandom rng = new SplittableRandom(11);
        for (int i = 0; i < 200; i++)
        {
            final long[] a = element(rng, i);
            final long[] b = element(rng, i + 1);
            final long[] expected = new long[Fq2.LIMBS];
            final long[] actual = new long[Fq2.LIMBS];
            Fq2.mul(expected, 0, a, 0, b, 0);
            Fq2Inline.mul(actual, 0, a, 0, b, 0);
            assertArrayEquals(expected, actual, "mul");
            Fq2.square(expected, 0, a, 0);
            Fq2Inline.square(actual, 0, a, 0);
            assertArrayEquals(expected, actual, "square");
            Fq2.add(expected, 0, a, 0, b, 0);
            Fq2Inline.add(actual, 0, a, 0, b, 0);
            assertArrayEquals(expected, actual, "add");
            Fq2.sub(expected, 0, a, 0, b, 0);
            Fq2Inline.sub(actual, 0, a, 0, b, 0);
            assertArrayEquals(expected, actual, "sub");
            Fq2.neg(expected, 0, a, 0);
            Fq2Inline.neg(actual, 0, a, 0);
            assertArrayEquals(expected, actual, "neg");
            Fq2Inline.negIf(actual, 0, a, 0, (i & 1) == 0);
            assertArrayEquals((i & 1) == 0 ? expected : a, actual, "negIf");
            if (!Fq2.isZero(a, 0))
            {
                Fq2.inverse(expected, 0, a, 0);
                Fq2Inline.inverse(actual, 0, a, 0);
                assertArrayEquals(expected, actual, "inverse");
            }
            assertEquals(Fq2.isZero(a, 0), Fq2Inline.isZero(a, 0), "isZero");
            assertEquals(Fq2.equal(a, 0, b, 0), Fq2Inline.equal(a, 0, b, 0), "equal");
        }
    }

    @Test
    void shouldAliasTheResultWithEitherOperandWhenMultiplying()
    {
        final SplittableRandom rng = new SplittableRandom(12);
        final long[] a = element(rng, 5);
        final long[] b = element(rng, 6);
        final long[] expected = new long[Fq2.LIMBS];
        Fq2.mul(expected, 0, a, 0, b, 0);
        final long[] both = new long[2 * Fq2.LIMBS];
        System.arraycopy(a, 0, both, 0, Fq2.LIMBS);
        System.arraycopy(b, 0, both, Fq2.LIMBS, Fq2.LIMBS);
        Fq2Inline.mul(both, Fq2.LIMBS, both, 0, both, Fq2.LIMBS);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(both, Fq2.LIMBS, 2 * Fq2.LIMBS));
        Fq2Inline.square(both, 0, both, 0);
        Fq2.square(expected, 0, a, 0);
        assertArrayEquals(expected, java.util.Arrays.copyOf(both, Fq2.LIMBS));
    }

    @Test
    void shouldInvertFqWhenRaisingToPMinusTwo()
    {
        final SplittableRandom rng = new SplittableRandom(13);
        final long[] expected = new long[N];
        final long[] actual = new long[N];
        for (int i = 0; i < 20; i++)
        {
            final long[] a = i == 0 ? Fq.one() : Fq.random(rng);
            Fq.inverse(expected, 0, a, 0);
            FermatInverse.fq(actual, 0, a, 0);
            assertArrayEquals(expected, actual);
        }
        FermatInverse.fq(actual, 0, new long[N], 0);
        assertArrayEquals(new long[N], actual, "zero stays zero");
    }

    @Test
    void shouldHoldPMinusTwoAndOneWhenItsConstantsAreRecomputed()
    {
        final BigInteger e = Fq.MODULUS.subtract(BigInteger.TWO);
        assertEquals(e.bitLength(), FermatInverse.BITS);
        for (int j = 0; j < N; j++)
        {
            assertEquals(e.shiftRight(64 * j).longValue(), FermatInverse.exponentLimb(j), "limb " + j);
        }
        final long[] one = new long[N];
        FermatInverse.setOne(one, 0);
        assertArrayEquals(Fq.one(), one);
    }

    /** Random elements, with zero, one and a real (c1 = 0) or imaginary (c0 = 0) one among them. */
    private static long[] element(final SplittableRandom rng, final int i)
    {
        final long[] x = Fq2.random(rng);
        switch (i % 17)
        {
            case 0 -> java.util.Arrays.fill(x, 0L);
            case 1 -> System.arraycopy(Fq2.one(), 0, x, 0, Fq2.LIMBS);
            case 2 -> java.util.Arrays.fill(x, N, 2 * N, 0L);
            case 3 -> java.util.Arrays.fill(x, 0, N, 0L);
            default ->
            {
            }
        }
        return x;
    }
}
