package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The double-width routines of lazy reduction against BigInteger, at the edges of their stated ranges. */
class FqWideTest
{
    private static final BigInteger P = Fq.MODULUS;
    private static final BigInteger R = BigInteger.ONE.shiftLeft(384);
    private static final BigInteger R_INVERSE = R.modInverse(P);

    private static long[] limbs(final BigInteger v, final int n)
    {
        final long[] r = new long[n];
        Limbs.fromBigInteger(v, r, 0, n);
        return r;
    }

    private static List<BigInteger> operands(final BigInteger bound, final long seed)
    {
        final List<BigInteger> out = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE,
            bound.subtract(BigInteger.ONE), P.subtract(BigInteger.ONE), bound.shiftRight(1)));
        final SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < 500; i++)
        {
            out.add(new BigInteger(bound.bitLength() + 8, new java.util.Random(rng.nextLong())).mod(bound));
        }
        return out;
    }

    @Test
    void shouldMultiplyAndReduceLikeBigIntegerUpToTwiceTheModulus()
    {
        final BigInteger twoP = P.shiftLeft(1);
        final List<BigInteger> xs = operands(twoP, 51);
        final List<BigInteger> ys = operands(P, 52);
        final long[] wide = new long[FqWide.LIMBS];
        final long[] r = new long[Fq.LIMBS];
        for (int i = 0; i < xs.size(); i++)
        {
            final BigInteger x = xs.get(i);
            final BigInteger y = ys.get(i);
            FqWide.mul(wide, 0, limbs(x, Fq.LIMBS), 0, limbs(y, Fq.LIMBS), 0);
            assertEquals(x.multiply(y), FqWide.toBigInteger(wide, 0), "product");
            FqWide.reduce(r, 0, wide, 0);
            assertEquals(x.multiply(y).multiply(R_INVERSE).mod(P), Limbs.toBigInteger(r, 0, Fq.LIMBS), "REDC");
        }
        // the largest input REDC is used on: 2p² − 1
        final BigInteger top = P.multiply(P).shiftLeft(1).subtract(BigInteger.ONE);
        FqWide.reduce(r, 0, limbs(top, FqWide.LIMBS), 0);
        assertEquals(top.multiply(R_INVERSE).mod(P), Limbs.toBigInteger(r, 0, Fq.LIMBS));
        // two inputs below 2p, as in Karatsuba's (a0 + a1)(b0 + b1): the product is exact
        FqWide.mul(wide, 0, limbs(twoP.subtract(BigInteger.ONE), Fq.LIMBS), 0,
            limbs(twoP.subtract(BigInteger.ONE), Fq.LIMBS), 0);
        assertEquals(twoP.subtract(BigInteger.ONE).pow(2), FqWide.toBigInteger(wide, 0));
    }

    @Test
    void shouldMultiplyExactlyUpToTheLargestKaratsubaSum()
    {
        // Fq2's Karatsuba multiplies sums of two unreduced coordinates: each below 4p < 2^383
        final BigInteger bound = BigInteger.ONE.shiftLeft(383);
        final List<BigInteger> as = operands(bound, 55);
        final List<BigInteger> bs = operands(bound, 56);
        final long[] wide = new long[FqWide.LIMBS];
        for (int i = 0; i < as.size(); i++)
        {
            final BigInteger a = as.get(i);
            final BigInteger b = bs.get(i);
            FqWide.mul(wide, 0, limbs(a, Fq.LIMBS), 0, limbs(b, Fq.LIMBS), 0);
            assertEquals(a.multiply(b), FqWide.toBigInteger(wide, 0), "a·b at " + i);
        }
        final BigInteger max = bound.subtract(BigInteger.ONE);
        final long[] m = limbs(max, Fq.LIMBS);
        FqWide.mul(wide, 0, m, 0, m, 0);
        assertEquals(max.multiply(max), FqWide.toBigInteger(wide, 0));
    }

    @Test
    void shouldReduceLooselyBoundedValuesUpToFourTimesTheModulusShifted()
    {
        final BigInteger pR = P.shiftLeft(384);
        final BigInteger bound = pR.shiftLeft(2);
        final List<BigInteger> ts = operands(bound, 59);
        for (final BigInteger edge : List.of(pR.subtract(BigInteger.ONE), pR, pR.shiftLeft(1).subtract(BigInteger.ONE),
            pR.shiftLeft(1), pR.multiply(BigInteger.valueOf(3)), bound.subtract(BigInteger.ONE)))
        {
            ts.add(edge);
        }
        final long[] r = new long[Fq.LIMBS];
        for (final BigInteger t : ts)
        {
            FqWide.reduceLoose(r, 0, limbs(t, FqWide.LIMBS), 0);
            assertEquals(t.multiply(R_INVERSE).mod(P), Limbs.toBigInteger(r, 0, Fq.LIMBS), () -> "REDC of " + t);
        }
    }

    @Test
    void shouldAddAndSubtractDoubleWidthValues()
    {
        final BigInteger bound = P.multiply(P).shiftLeft(1);
        final List<BigInteger> xs = operands(bound, 53);
        final List<BigInteger> ys = operands(bound, 54);
        final long[] r = new long[FqWide.LIMBS];
        for (int i = 0; i < xs.size(); i++)
        {
            final BigInteger x = xs.get(i);
            final BigInteger y = ys.get(i);
            FqWide.add(r, 0, limbs(x, FqWide.LIMBS), 0, limbs(y, FqWide.LIMBS), 0);
            assertEquals(x.add(y), FqWide.toBigInteger(r, 0));
            final BigInteger big = x.max(y);
            final BigInteger small = x.min(y);
            FqWide.sub(r, 0, limbs(big, FqWide.LIMBS), 0, limbs(small, FqWide.LIMBS), 0);
            assertEquals(big.subtract(small), FqWide.toBigInteger(r, 0));
        }
        final long[] six = new long[Fq.LIMBS];
        final BigInteger pm1 = P.subtract(BigInteger.ONE);
        FqWide.addUnreduced(six, 0, limbs(pm1, Fq.LIMBS), 0, limbs(pm1, Fq.LIMBS), 0);
        assertEquals(pm1.shiftLeft(1), Limbs.toBigInteger(six, 0, Fq.LIMBS));
        assertEquals(P.multiply(P), FqWide.toBigInteger(FqWide.P_SQUARED_TIMES[1], 0));
    }
    @Test
    void shouldFinishKaratsubaProductsInOnePass()
    {
        // re = x + k − t and im = y − x − t for any x, t ≤ k and y ≥ x + t; limbs of all ones and zeros make every
        // carry and borrow chain run its full length
        final BigInteger k = P.multiply(P).shiftLeft(2);
        final BigInteger ones = BigInteger.ONE.shiftLeft(700).subtract(BigInteger.ONE);
        final List<BigInteger> xs = new ArrayList<>(operands(k, 61));
        final List<BigInteger> ts = new ArrayList<>(operands(k, 62));
        final List<BigInteger> gaps = new ArrayList<>(operands(k, 63));
        xs.addAll(List.of(ones, BigInteger.ZERO, k.subtract(BigInteger.ONE)));
        ts.addAll(List.of(BigInteger.ZERO, ones, k));
        gaps.addAll(List.of(BigInteger.ZERO, BigInteger.ZERO, ones));
        final long[] r = new long[2 * FqWide.LIMBS];
        for (int i = 0; i < xs.size(); i++)
        {
            final BigInteger x = xs.get(i);
            final BigInteger t = ts.get(i);
            final BigInteger y = x.add(t).add(gaps.get(i));
            Limbs.fromBigInteger(x, r, 0, FqWide.LIMBS);
            Limbs.fromBigInteger(y, r, FqWide.LIMBS, FqWide.LIMBS);
            FqWide.karatsubaFinish(r, 0, FqWide.LIMBS, limbs(t, FqWide.LIMBS), 0, limbs(k, FqWide.LIMBS));
            assertEquals(x.add(k).subtract(t), FqWide.toBigInteger(r, 0), "re at " + i);
            assertEquals(y.subtract(x).subtract(t), FqWide.toBigInteger(r, FqWide.LIMBS), "im at " + i);
        }
    }
}
