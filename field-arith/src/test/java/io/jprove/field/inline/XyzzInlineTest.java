package io.jprove.field.inline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * {@link XyzzInline} against the curve code of G1 ({@code degree} 1) and G2 (degree 2): the same sums, doublings and
 * special cases (infinite operands, equal and opposite points), compared as affine points.
 */
final class XyzzInlineTest
{
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shouldMatchTheCurveCodeWhenAddingMixed(final int degree)
    {
        final SplittableRandom rng = new SplittableRandom(21 + degree);
        for (int i = 0; i < 40; i++)
        {
            final long[] p = xyzz(degree, rng);
            final long[] a = affine(degree, rng);
            final long[] expected = new long[p.length];
            curveAddMixed(degree, expected, p, a);
            XyzzInline.addMixed(p, 0, a, 0, degree);
            assertSamePoint(degree, expected, p, "p + a");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shouldHandleEverySpecialCaseWhenAddingMixed(final int degree)
    {
        final SplittableRandom rng = new SplittableRandom(31 + degree);
        final long[] a = affine(degree, rng);
        final int n = Coordinates.limbs(degree);
        final long[] infinity = new long[4 * n];
        final long[] p = infinity.clone();
        XyzzInline.addMixed(p, 0, new long[2 * n], 0, degree);
        assertTrue(XyzzInline.isInfinity(p, 0, degree), "O + O");
        XyzzInline.addMixed(p, 0, a, 0, degree);
        final long[] expected = new long[4 * n];
        curveAddMixed(degree, expected, infinity, a);
        assertSamePoint(degree, expected, p, "O + a");
        XyzzInline.addMixed(p, 0, new long[2 * n], 0, degree);
        assertSamePoint(degree, expected, p, "a + O");
        final long[] twice = infinity.clone();
        XyzzInline.addMixed(twice, 0, a, 0, degree);
        XyzzInline.addMixed(twice, 0, a, 0, degree);
        curveAddMixed(degree, expected, expected, a);
        assertSamePoint(degree, expected, twice, "a + a (doubling path)");
        final long[] minusA = a.clone();
        Coordinates.negIf(minusA, n, a, n, true, degree);
        XyzzInline.addMixed(p, 0, minusA, 0, degree);
        assertTrue(XyzzInline.isInfinity(p, 0, degree), "a + (−a)");
        final long[] q = xyzz(degree, rng);
        final long[] qAffine = new long[2 * n];
        curveToAffine(degree, qAffine, q);
        final long[] doubled = q.clone();
        XyzzInline.addMixed(doubled, 0, qAffine, 0, degree);
        final long[] expectedDoubled = new long[4 * n];
        curveDbl(degree, expectedDoubled, q);
        assertSamePoint(degree, expectedDoubled, doubled, "q + q with ZZ ≠ 1");
        Coordinates.negIf(qAffine, n, qAffine, n, true, degree);
        XyzzInline.addMixed(q, 0, qAffine, 0, degree);
        assertTrue(XyzzInline.isInfinity(q, 0, degree), "q + (−q) with ZZ ≠ 1");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shouldMatchTheCurveCodeWhenAddingAndDoubling(final int degree)
    {
        final SplittableRandom rng = new SplittableRandom(41 + degree);
        final int n = Coordinates.limbs(degree);
        for (int i = 0; i < 30; i++)
        {
            final long[] p = i % 7 == 0 ? new long[4 * n] : xyzz(degree, rng);
            final long[] q = i % 5 == 0 ? new long[4 * n] : i % 3 == 0 ? p.clone() : xyzz(degree, rng);
            final long[] expected = new long[4 * n];
            curveAdd(degree, expected, p, q);
            final long[] sum = p.clone();
            XyzzInline.add(sum, 0, q, 0, degree);
            assertSamePoint(degree, expected, sum, "p + q");
            curveDbl(degree, expected, p);
            final long[] doubled = p.clone();
            XyzzInline.dbl(doubled, 0, degree);
            assertSamePoint(degree, expected, doubled, "2p");
            final long[] minusP = p.clone();
            Coordinates.negIf(minusP, n, p, n, true, degree);
            XyzzInline.add(minusP, 0, p, 0, degree);
            assertTrue(XyzzInline.isInfinity(minusP, 0, degree), "p + (−p)");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shouldMatchTheCurveCodeWhenConvertingToAffine(final int degree)
    {
        final SplittableRandom rng = new SplittableRandom(51 + degree);
        final int n = Coordinates.limbs(degree);
        for (int i = 0; i < 10; i++)
        {
            final long[] p = xyzz(degree, rng);
            final long[] z = new long[n];
            Coordinates.inverse(z, 0, p, 3 * n, degree);
            final long[] actual = new long[2 * n];
            XyzzInline.toAffine(actual, 0, p, 0, z, 0, degree);
            final long[] expected = new long[2 * n];
            curveToAffine(degree, expected, p);
            assertArrayEquals(expected, actual);
        }
    }

    /** A random point of the group, affine: [k]G. */
    private static long[] affine(final int degree, final SplittableRandom rng)
    {
        final BigInteger k = new BigInteger(255, new java.util.Random(rng.nextLong())).mod(Fr.MODULUS);
        if (degree == 1)
        {
            final long[] jac = new long[G1.JACOBIAN_LIMBS];
            G1.mul(jac, 0, G1.generator(), 0, k);
            final long[] a = new long[G1.AFFINE_LIMBS];
            G1.toAffine(a, 0, jac, 0);
            return a;
        }
        final long[] jac = new long[G2.JACOBIAN_LIMBS];
        G2.mul(jac, 0, G2.generator(), 0, k);
        final long[] a = new long[G2.AFFINE_LIMBS];
        G2.toAffine(a, 0, jac, 0);
        return a;
    }

    /** A random point in XYZZ with ZZ ≠ 1: an affine point plus another, by the curve code. */
    private static long[] xyzz(final int degree, final SplittableRandom rng)
    {
        final int n = Coordinates.limbs(degree);
        final long[] p = new long[4 * n];
        curveAddMixed(degree, p, p, affine(degree, rng));
        curveAddMixed(degree, p, p, affine(degree, rng));
        return p;
    }

    private static void curveAddMixed(final int degree, final long[] r, final long[] p, final long[] a)
    {
        if (degree == 1)
        {
            G1.xyzzAddMixed(r, 0, p, 0, a, 0, G1.newScratch());
        }
        else
        {
            G2.xyzzAddMixed(r, 0, p, 0, a, 0, G2.newScratch());
        }
    }

    private static void curveAdd(final int degree, final long[] r, final long[] p, final long[] q)
    {
        if (degree == 1)
        {
            G1.xyzzAdd(r, 0, p, 0, q, 0, G1.newScratch());
        }
        else
        {
            G2.xyzzAdd(r, 0, p, 0, q, 0, G2.newScratch());
        }
    }

    private static void curveDbl(final int degree, final long[] r, final long[] p)
    {
        if (degree == 1)
        {
            G1.xyzzDbl(r, 0, p, 0, G1.newScratch());
        }
        else
        {
            G2.xyzzDbl(r, 0, p, 0, G2.newScratch());
        }
    }

    private static void curveToAffine(final int degree, final long[] r, final long[] p)
    {
        if (degree == 1)
        {
            G1.xyzzToAffine(r, 0, p, 0);
        }
        else
        {
            G2.xyzzToAffine(r, 0, p, 0);
        }
    }

    private static void assertSamePoint(final int degree, final long[] expected, final long[] actual,
        final String what)
    {
        final int n = Coordinates.limbs(degree);
        final long[] e = new long[2 * n];
        final long[] a = new long[2 * n];
        curveToAffine(degree, e, expected);
        curveToAffine(degree, a, actual);
        assertArrayEquals(e, a, what + " (degree " + degree + ")");
    }
}
