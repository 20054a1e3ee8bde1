package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The tower above Fq2: Fq6 and Fq12 products against schoolbook products written here over Fq2 (v³ = ξ, w⁶ = ξ),
 * the sparse products against full ones, the Frobenius constants recomputed, and the cyclotomic operations against
 * plain squaring and exponentiation on elements of the cyclotomic subgroup.
 */
class Fq12Test
{
    private static final int E = Fq2.LIMBS;
    private static final BigInteger P = Fq.MODULUS;
    /** Memory position of the coefficient of w^j, j = 0..5. */
    private static final int[] POSITION_OF_W_POWER = {0, 3, 1, 4, 2, 5};
    private static final long[] XI = Fq2.of(BigInteger.ONE, BigInteger.ONE);

    /** Schoolbook product of polynomials of degree < n over Fq2 modulo X^n − ξ; coefficients back to back. */
    private static long[] schoolbook(final long[] a, final long[] b, final int n)
    {
        final long[] wide = new long[2 * n * E];
        final long[] t = new long[E];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                Fq2.mul(t, 0, a, i * E, b, j * E);
                Fq2.add(wide, (i + j) * E, wide, (i + j) * E, t, 0);
            }
        }
        final long[] r = new long[n * E];
        for (int k = 0; k < n; k++)
        {
            Fq2.mul(t, 0, wide, (k + n) * E, XI, 0);
            Fq2.add(r, k * E, wide, k * E, t, 0);
        }
        return r;
    }

    /** Reorders an Fq12 element from memory order to coefficients of w⁰..w⁵, or back. */
    private static long[] wPowers(final long[] a, final boolean toMemory)
    {
        final long[] r = new long[Fq12.LIMBS];
        for (int j = 0; j < 6; j++)
        {
            final int pos = POSITION_OF_W_POWER[j];
            System.arraycopy(a, (toMemory ? j : pos) * E, r, (toMemory ? pos : j) * E, E);
        }
        return r;
    }

    private static long[] fq12Schoolbook(final long[] a, final long[] b)
    {
        return wPowers(schoolbook(wPowers(a, false), wPowers(b, false), 6), true);
    }

    /** An element of the cyclotomic subgroup: f^((p⁶ − 1)(p² + 1)), through conjugation, inversion and Frobenius. */
    static long[] cyclotomic(final long[] f)
    {
        final long[] s = new long[Fq12.SCRATCH];
        final long[] t = new long[Fq12.LIMBS];
        final long[] r = new long[Fq12.LIMBS];
        Fq12.inverse(t, 0, f, 0, s, 0);
        Fq12.conjugate(r, 0, f, 0);
        Fq12.mul(r, 0, r, 0, t, 0, s, 0);
        Fq12.frobenius(t, 0, r, 0, 2, s, 0);
        Fq12.mul(r, 0, r, 0, t, 0, s, 0);
        return r;
    }

    @Test
    void shouldMultiplyLikeSchoolbookPolynomials()
    {
        final SplittableRandom rng = new SplittableRandom(31);
        final long[] s = new long[Fq12.SCRATCH];
        for (int i = 0; i < 30; i++)
        {
            final long[] a6 = Fq6.random(rng);
            final long[] b6 = Fq6.random(rng);
            final long[] r6 = new long[Fq6.LIMBS];
            Fq6.mul(r6, 0, a6, 0, b6, 0, s, 0);
            assertArrayEquals(schoolbook(a6, b6, 3), r6, "Fq6 mul");
            Fq6.square(r6, 0, a6, 0, s, 0);
            assertArrayEquals(schoolbook(a6, a6, 3), r6, "Fq6 square");
            final long[] a = Fq12.random(rng);
            final long[] b = Fq12.random(rng);
            final long[] r = new long[Fq12.LIMBS];
            Fq12.mul(r, 0, a, 0, b, 0, s, 0);
            assertArrayEquals(fq12Schoolbook(a, b), r, "Fq12 mul");
            Fq12.square(r, 0, a, 0, s, 0);
            assertArrayEquals(fq12Schoolbook(a, a), r, "Fq12 square");
        }
    }

    @Test
    void shouldAgreeWithFullProductsInTheSparseOnes()
    {
        final SplittableRandom rng = new SplittableRandom(32);
        final long[] s = new long[Fq12.SCRATCH];
        for (int i = 0; i < 30; i++)
        {
            final long[] a6 = Fq6.random(rng);
            final long[] b6 = Fq6.random(rng);
            final long[] sparse = new long[Fq6.LIMBS];
            Fq2.copy(sparse, 0, b6, 0);
            Fq2.copy(sparse, E, b6, E);
            final long[] expected = new long[Fq6.LIMBS];
            final long[] actual = new long[Fq6.LIMBS];
            Fq6.mul(expected, 0, a6, 0, sparse, 0, s, 0);
            Fq6.mulBy01(actual, 0, a6, 0, b6, 0, b6, E, s, 0);
            assertArrayEquals(expected, actual, "mulBy01");
            Fq2.setZero(sparse, 0);
            Fq6.mul(expected, 0, a6, 0, sparse, 0, s, 0);
            Fq6.mulBy1(actual, 0, a6, 0, b6, E, s, 0);
            assertArrayEquals(expected, actual, "mulBy1");
            final long[] v = new long[Fq6.LIMBS];
            Fq2.setOne(v, E);
            Fq6.mul(expected, 0, a6, 0, v, 0, s, 0);
            Fq6.mulByNonResidue(actual, 0, a6, 0, s, 0);
            assertArrayEquals(expected, actual, "mulByNonResidue");
            Fq6.mulByFq2(actual, 0, a6, 0, b6, 2 * E, s, 0);
            final long[] k = new long[Fq6.LIMBS];
            Fq2.copy(k, 0, b6, 2 * E);
            Fq6.mul(expected, 0, a6, 0, k, 0, s, 0);
            assertArrayEquals(expected, actual, "mulByFq2");

            final long[] a = Fq12.random(rng);
            final long[] line = new long[Fq12.LIMBS];
            final long[] coefficients = Fq6.random(rng);
            Fq2.copy(line, 0, coefficients, 0);
            Fq2.copy(line, E, coefficients, E);
            Fq2.copy(line, 4 * E, coefficients, 2 * E);
            final long[] full = new long[Fq12.LIMBS];
            Fq12.mul(full, 0, a, 0, line, 0, s, 0);
            Fq12.mulBy014(a, 0, a, 0, coefficients, 0, coefficients, E, coefficients, 2 * E, s, 0);
            assertArrayEquals(full, a, "mulBy014, in place");
        }
    }

    @Test
    void shouldMultiplyByALineAtTheEdgesOfTheLazyBounds()
    {
        // mulBy014 and the wide sparse products combine double-width values up to 32p² before reducing: coordinates
        // of p − 1 everywhere push every sum to its largest
        final BigInteger pm1 = Fq.MODULUS.subtract(BigInteger.ONE);
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, pm1};
        final long[] s = new long[Fq12.SCRATCH];
        final SplittableRandom rng = new SplittableRandom(91);
        for (int round = 0; round < 3000; round++)
        {
            final long[] a = new long[Fq12.LIMBS];
            final long[] coefficients = new long[Fq6.LIMBS];
            for (int c = 0; c < 12; c++)
            {
                final BigInteger v = round == 0 ? pm1 : edges[rng.nextInt(edges.length)];
                System.arraycopy(Fq.of(v), 0, a, c * Fq.LIMBS, Fq.LIMBS);
            }
            for (int c = 0; c < 6; c++)
            {
                final BigInteger v = round == 0 ? pm1 : edges[rng.nextInt(edges.length)];
                System.arraycopy(Fq.of(v), 0, coefficients, c * Fq.LIMBS, Fq.LIMBS);
            }
            final long[] line = new long[Fq12.LIMBS];
            Fq2.copy(line, 0, coefficients, 0);
            Fq2.copy(line, E, coefficients, E);
            Fq2.copy(line, 4 * E, coefficients, 2 * E);
            final long[] full = new long[Fq12.LIMBS];
            Fq12.mul(full, 0, a, 0, line, 0, s, 0);
            final long[] sparse = new long[Fq12.LIMBS];
            Fq12.mulBy014(sparse, 0, a, 0, coefficients, 0, coefficients, E, coefficients, 2 * E, s, 0);
            assertArrayEquals(full, sparse, "mulBy014 at round " + round);
        }
    }

    @Test
    void shouldRecomputeTheFrobeniusConstantsFromTheirDefinition()
    {
        assertEquals(BigInteger.ONE, P.mod(BigInteger.valueOf(6)), "p ≡ 1 (mod 6) makes (p^k − 1)/6 whole");
        final long[] w = new long[Fq12.LIMBS];
        Fq2.setOne(w, 3 * E);
        final long[] s = new long[Fq12.SCRATCH];
        for (int k = 0; k <= 3; k++)
        {
            final long[] table = FrobeniusCoefficients.of(k);
            for (int j = 0; j < 6; j++)
            {
                final long[] expected = new long[E];
                Fq2.pow(expected, 0, XI, 0, P.pow(k).subtract(BigInteger.ONE).divide(BigInteger.valueOf(6))
                    .multiply(BigInteger.valueOf(j)));
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(table, j * E, (j + 1) * E));
            }
            // (w^j)^(p^k) = γ(k, j)·w^j, checked on w itself through Fq12 exponentiation
            final long[] frob = new long[Fq12.LIMBS];
            Fq12.frobenius(frob, 0, w, 0, k, s, 0);
            final long[] expected = new long[Fq12.LIMBS];
            Fq2.copy(expected, 3 * E, table, E);
            assertArrayEquals(expected, frob, "w^(p^" + k + ")");
        }
        final long[] gamma21 = FrobeniusCoefficients.of(2);
        for (int j = 0; j < 6; j++)
        {
            assertTrue(Fq.isZero(gamma21, j * E + Fq.LIMBS), "the p² constants lie in Fq");
        }
    }

    @Test
    void shouldConjugateAsThePowerPToTheSix()
    {
        final SplittableRandom rng = new SplittableRandom(33);
        final long[] s = new long[Fq12.SCRATCH];
        final long[] a = Fq12.random(rng);
        final long[] t = new long[Fq12.LIMBS];
        Fq12.frobenius(t, 0, a, 0, 3, s, 0);
        Fq12.frobenius(t, 0, t, 0, 3, s, 0);
        final long[] c = new long[Fq12.LIMBS];
        Fq12.conjugate(c, 0, a, 0);
        assertArrayEquals(t, c);
    }

    @Test
    void shouldSquareAndExponentiateInTheCyclotomicSubgroup()
    {
        final SplittableRandom rng = new SplittableRandom(34);
        final long[] s = new long[Fq12.SCRATCH];
        final BigInteger cyclotomicOrder = P.pow(4).subtract(P.pow(2)).add(BigInteger.ONE);
        final BigInteger seed = new BigInteger("-d201000000010000", 16);
        for (int i = 0; i < 5; i++)
        {
            final long[] g = cyclotomic(Fq12.random(rng));
            final long[] expected = new long[Fq12.LIMBS];
            final long[] actual = new long[Fq12.LIMBS];
            Fq12.square(expected, 0, g, 0, s, 0);
            Fq12.cyclotomicSquare(actual, 0, g, 0, s, 0);
            assertArrayEquals(expected, actual, "cyclotomic square");
            final long[] inPlace = g.clone();
            Fq12.cyclotomicSquare(inPlace, 0, inPlace, 0, s, 0);
            assertArrayEquals(expected, inPlace, "cyclotomic square in place");

            final long[] pow = new long[Fq12.LIMBS];
            // g^x = (g^(order + x)) since g has order dividing p⁴ − p² + 1
            powPlain(pow, g, cyclotomicOrder.add(seed), s);
            final long[] byChain = g.clone();
            Fq12.cyclotomicExpBySeed(byChain, 0, byChain, 0, s, 0);
            assertArrayEquals(pow, byChain, "exponentiation by the seed");
        }
        final long[] notCyclotomic = Fq12.random(rng);
        final long[] a = new long[Fq12.LIMBS];
        final long[] b = new long[Fq12.LIMBS];
        Fq12.square(a, 0, notCyclotomic, 0, s, 0);
        Fq12.cyclotomicSquare(b, 0, notCyclotomic, 0, s, 0);
        assertFalse(Fq12.equal(a, 0, b, 0), "the shortcut is only valid on the subgroup, so the test can tell");
    }

    private static void powPlain(final long[] r, final long[] a, final BigInteger e, final long[] s)
    {
        Fq12.setOne(r, 0);
        for (int i = e.bitLength() - 1; i >= 0; i--)
        {
            Fq12.square(r, 0, r, 0, s, 0);
            if (e.testBit(i))
            {
                Fq12.mul(r, 0, r, 0, a, 0, s, 0);
            }
        }
    }
}
