package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Fq6 multiplication, which combines its Fq2 products double-width before reducing, against the schoolbook formula
 * in reduced Fq2 arithmetic — at the coordinates that push the lazy bounds furthest (p − 1 everywhere) and at random.
 */
class Fq6Test
{
    private static final int E = Fq2.LIMBS;

    @Test
    void shouldMultiplyLikeTheSchoolbookFormulaAtTheEdgesOfTheLazyBounds()
    {
        final BigInteger pm1 = Fq.MODULUS.subtract(BigInteger.ONE);
        final List<BigInteger> coordinates = List.of(BigInteger.ZERO, BigInteger.ONE, pm1, pm1.shiftRight(1),
            pm1.subtract(BigInteger.ONE));
        final List<long[]> elements = new ArrayList<>();
        final SplittableRandom rng = new SplittableRandom(66);
        for (int i = 0; i < 60; i++)
        {
            final long[] e = new long[Fq6.LIMBS];
            for (int c = 0; c < 6; c++)
            {
                // mostly edge coordinates in the first elements, random ones later
                final BigInteger v = i < 30 ? coordinates.get((i * 7 + c * 3) % coordinates.size())
                    : new BigInteger(381, new java.util.Random(rng.nextLong())).mod(Fq.MODULUS);
                System.arraycopy(Fq.of(v), 0, e, c * Fq.LIMBS, Fq.LIMBS);
            }
            elements.add(e);
        }
        final long[] all = new long[Fq6.LIMBS];
        for (int c = 0; c < 6; c++)
        {
            System.arraycopy(Fq.of(pm1), 0, all, c * Fq.LIMBS, Fq.LIMBS);
        }
        elements.add(0, all);
        final long[] r = new long[Fq6.LIMBS];
        final long[] scratch = new long[Fq6.SCRATCH + 3];
        for (final long[] a : elements)
        {
            for (final long[] b : List.of(all, elements.get(elements.size() - 1), elements.get(7), a))
            {
                Fq6.mul(r, 0, a, 0, b, 0, scratch, 3);
                assertArrayEquals(schoolbook(a, b), r);
            }
        }
    }

    @Test
    void shouldKeepTheWideSparseProductsWithinTheirBoundsAtEveryCorner()
    {
        // every coordinate 0, 1 or p − 1: the corners where the double-width sums and the offsets subtracted from them
        // are largest; an offset too small would wrap below zero and show as a value far above its bound
        final BigInteger p = Fq.MODULUS;
        final long[][] corner = {Fq.of(BigInteger.ZERO), Fq.of(BigInteger.ONE), Fq.of(p.subtract(BigInteger.ONE))};
        final BigInteger pp = p.multiply(p);
        final long[] a = new long[Fq6.LIMBS];
        final long[] b = new long[2 * E];
        final long[] wide = new long[Fq6.WIDE_LIMBS];
        final long[] s = new long[Fq6.SCRATCH + Fq6.WIDE_SCRATCH];
        final long[] expected = new long[Fq6.LIMBS];
        final long[] actual = new long[Fq6.LIMBS];
        final int[] bounds01 = {14, 14, 12, 12, 8, 8};
        final int[] bounds1 = {4, 4, 2, 2, 2, 2};
        for (int code = 0; code < 59049; code++)
        {
            int c = code;
            for (int i = 0; i < 6; i++, c /= 3)
            {
                System.arraycopy(corner[c % 3], 0, a, i * Fq.LIMBS, Fq.LIMBS);
            }
            for (int i = 0; i < 4; i++, c /= 3)
            {
                System.arraycopy(corner[c % 3], 0, b, i * Fq.LIMBS, Fq.LIMBS);
            }
            Fq6.mulBy01Wide(wide, 0, a, 0, b, 0, b, E, s, 0);
            Fq6.mulBy01(expected, 0, a, 0, b, 0, b, E, s, 0);
            assertWithin(wide, bounds01, pp, expected, actual, "mulBy01Wide at corner " + code);
            if (code < 6561)
            {
                Fq6.mulBy1Wide(wide, 0, a, 0, b, E, s, 0);
                Fq6.mulBy1(expected, 0, a, 0, b, E, s, 0);
                assertWithin(wide, bounds1, pp, expected, actual, "mulBy1Wide at corner " + code);
            }
        }
    }

    private static void assertWithin(final long[] wide, final int[] bounds, final BigInteger pSquared,
        final long[] expected, final long[] actual, final String what)
    {
        for (int c = 0; c < 6; c++)
        {
            final BigInteger v = FqWide.toBigInteger(wide, c * FqWide.LIMBS);
            if (v.compareTo(pSquared.multiply(BigInteger.valueOf(bounds[c]))) >= 0)
            {
                throw new AssertionError(what + ": coordinate " + c + " is not below " + bounds[c] + "p²");
            }
            FqWide.reduce(actual, c * Fq.LIMBS, wide, c * FqWide.LIMBS);
        }
        assertArrayEquals(expected, actual, what);
    }

    /** c0 = a0b0 + ξ(a1b2 + a2b1), c1 = a0b1 + a1b0 + ξa2b2, c2 = a0b2 + a1b1 + a2b0, all reduced. */
    private static long[] schoolbook(final long[] a, final long[] b)
    {
        final long[] r = new long[Fq6.LIMBS];
        final long[] t = new long[E];
        final long[] u = new long[E];
        // c0
        Fq2.mul(t, 0, a, E, b, 2 * E);
        Fq2.mul(u, 0, a, 2 * E, b, E);
        Fq2.add(t, 0, t, 0, u, 0);
        Fq2.mulByNonResidue(t, 0, t, 0);
        Fq2.mul(u, 0, a, 0, b, 0);
        Fq2.add(r, 0, t, 0, u, 0);
        // c1
        Fq2.mul(t, 0, a, 2 * E, b, 2 * E);
        Fq2.mulByNonResidue(t, 0, t, 0);
        Fq2.mul(u, 0, a, 0, b, E);
        Fq2.add(t, 0, t, 0, u, 0);
        Fq2.mul(u, 0, a, E, b, 0);
        Fq2.add(r, E, t, 0, u, 0);
        // c2
        Fq2.mul(t, 0, a, 0, b, 2 * E);
        Fq2.mul(u, 0, a, E, b, E);
        Fq2.add(t, 0, t, 0, u, 0);
        Fq2.mul(u, 0, a, 2 * E, b, 0);
        Fq2.add(r, 2 * E, t, 0, u, 0);
        return r;
    }
}
