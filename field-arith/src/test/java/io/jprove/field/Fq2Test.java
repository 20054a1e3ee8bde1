package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Fq2 against an independent BigInteger model of Fq[u]/(u² + 1), on random values and edge cases. */
class Fq2Test
{
    private static final BigInteger P = Fq.MODULUS;
    private static final int ROUNDS = 400;

    /** The reference: {@code c0 + c1·u} with canonical BigInteger coordinates. */
    record Ref(BigInteger c0, BigInteger c1)
    {
        static Ref of(final long[] a, final int ao)
        {
            return new Ref(Fq.toBigInteger(a, ao), Fq.toBigInteger(a, ao + Fq.LIMBS));
        }

        static Ref random(final SplittableRandom rng)
        {
            return new Ref(randomFq(rng), randomFq(rng));
        }

        long[] limbs()
        {
            return Fq2.of(c0, c1);
        }

        Ref add(final Ref b)
        {
            return new Ref(c0.add(b.c0).mod(P), c1.add(b.c1).mod(P));
        }

        Ref sub(final Ref b)
        {
            return new Ref(c0.subtract(b.c0).mod(P), c1.subtract(b.c1).mod(P));
        }

        Ref neg()
        {
            return new Ref(c0.negate().mod(P), c1.negate().mod(P));
        }

        Ref mul(final Ref b)
        {
            return new Ref(c0.multiply(b.c0).subtract(c1.multiply(b.c1)).mod(P),
                c0.multiply(b.c1).add(c1.multiply(b.c0)).mod(P));
        }

        Ref scale(final BigInteger k)
        {
            return new Ref(c0.multiply(k).mod(P), c1.multiply(k).mod(P));
        }

        Ref conj()
        {
            return new Ref(c0, c1.negate().mod(P));
        }

        Ref pow(final BigInteger e)
        {
            Ref acc = new Ref(BigInteger.ONE, BigInteger.ZERO);
            for (int i = e.bitLength() - 1; i >= 0; i--)
            {
                acc = acc.mul(acc);
                if (e.testBit(i))
                {
                    acc = acc.mul(this);
                }
            }
            return acc;
        }

        Ref inverse()
        {
            final BigInteger n = c0.pow(2).add(c1.pow(2)).mod(P).modInverse(P);
            return new Ref(c0.multiply(n).mod(P), c1.negate().multiply(n).mod(P));
        }

        boolean isZero()
        {
            return c0.signum() == 0 && c1.signum() == 0;
        }
    }

    static BigInteger randomFq(final SplittableRandom rng)
    {
        return new BigInteger(P.bitLength() + 16, new java.util.Random(rng.nextLong())).mod(P);
    }

    /** Random values plus coordinates drawn from 0, 1, p − 1 and (p ± 1)/2. */
    static List<Ref> samples(final long seed)
    {
        final List<BigInteger> edges = List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE),
            P.shiftRight(1), P.shiftRight(1).add(BigInteger.ONE));
        final List<Ref> out = new ArrayList<>();
        for (final BigInteger x : edges)
        {
            for (final BigInteger y : edges)
            {
                out.add(new Ref(x, y));
            }
        }
        final SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < ROUNDS; i++)
        {
            out.add(Ref.random(rng));
        }
        return out;
    }

    static void assertRef(final Ref expected, final long[] actual, final String what)
    {
        assertEquals(expected, Ref.of(actual, 0), what);
    }

    @Test
    void shouldMatchTheReferenceForRingOperations()
    {
        final List<Ref> xs = samples(11);
        final List<Ref> ys = samples(12);
        final long[] r = new long[Fq2.LIMBS];
        final long[] s = new long[Fq2.SCRATCH + 5];
        for (int i = 0; i < xs.size(); i++)
        {
            final Ref x = xs.get(i);
            final Ref y = ys.get(i);
            final long[] a = x.limbs();
            final long[] b = y.limbs();
            Fq2.add(r, 0, a, 0, b, 0);
            assertRef(x.add(y), r, "add");
            Fq2.sub(r, 0, a, 0, b, 0);
            assertRef(x.sub(y), r, "sub");
            Fq2.neg(r, 0, a, 0);
            assertRef(x.neg(), r, "neg");
            Fq2.dbl(r, 0, a, 0);
            assertRef(x.add(x), r, "dbl");
            Fq2.mul(r, 0, a, 0, b, 0);
            assertRef(x.mul(y), r, "mul");
            Fq2.mul(r, 0, a, 0, b, 0, s, 5);
            assertRef(x.mul(y), r, "mul with scratch at an offset");
            Fq2.square(r, 0, a, 0);
            assertRef(x.mul(x), r, "square");
            Fq2.mulByFq(r, 0, a, 0, b, Fq.LIMBS);
            assertRef(x.scale(y.c1()), r, "mulByFq");
            Fq2.mulByNonResidue(r, 0, a, 0);
            assertRef(x.mul(new Ref(BigInteger.ONE, BigInteger.ONE)), r, "mulByNonResidue");
            Fq2.conjugate(r, 0, a, 0);
            assertRef(x.conj(), r, "conjugate");
            Fq2.frobenius(r, 0, a, 0, 1);
            // x^p by the reference is slow: check it on the edge cases and a few random values, conj elsewhere
            assertRef(i < 40 ? x.pow(P) : x.conj(), r, "frobenius 1");
            Fq2.frobenius(r, 0, a, 0, 2);
            assertRef(x, r, "frobenius 2");
            assertEquals(x.equals(y), Fq2.equal(a, 0, b, 0));
            assertEquals(x.isZero(), Fq2.isZero(a, 0));
        }
    }

    @Test
    void shouldMultiplyUnreducedSumsBelowTwiceTheModulus()
    {
        // Fq6 feeds Fq2.mul sums a + b that were not reduced; every coordinate may lie anywhere in [0, 2p)
        final BigInteger twoP = P.shiftLeft(1);
        final List<BigInteger> edges = List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE), P,
            P.add(BigInteger.ONE), twoP.subtract(BigInteger.TWO), twoP.subtract(BigInteger.ONE));
        final SplittableRandom rng = new SplittableRandom(17);
        final long[] r = new long[Fq2.LIMBS];
        for (int i = 0; i < ROUNDS + edges.size() * edges.size(); i++)
        {
            final BigInteger[] v = new BigInteger[4];
            for (int k = 0; k < 4; k++)
            {
                v[k] = i < edges.size() * edges.size() && k < 2
                    ? edges.get(k == 0 ? i % edges.size() : i / edges.size())
                    : new BigInteger(390, new java.util.Random(rng.nextLong())).mod(twoP);
            }
            final long[] a = rawLimbs(v[0], v[1]);
            final long[] b = rawLimbs(v[2], v[3]);
            Fq2.mul(r, 0, a, 0, b, 0);
            final Ref x = new Ref(montgomeryValue(v[0]), montgomeryValue(v[1]));
            final Ref y = new Ref(montgomeryValue(v[2]), montgomeryValue(v[3]));
            assertRef(x.mul(y), r, "mul of unreduced coordinates " + i);
            assertTrue(Limbs.toBigInteger(r, 0, Fq.LIMBS).compareTo(P) < 0, "c0 reduced");
            assertTrue(Limbs.toBigInteger(r, Fq.LIMBS, Fq.LIMBS).compareTo(P) < 0, "c1 reduced");
        }
    }

    @Test
    void shouldKeepWideProductsExactAndWithinTheirStatedBounds()
    {
        // productWide(k) promises re ≡ u0v0 − u1v1 and im = u0v1 + u1v0 exactly, both below 2k·p², for u1v1 < k·p²:
        // k = 1 for reduced operands, 2 when u has coordinates below 2p, 4 when both do
        final BigInteger twoP = P.shiftLeft(1);
        final BigInteger pp = P.multiply(P);
        final List<BigInteger> reduced = List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE));
        final List<BigInteger> loose = List.of(BigInteger.ZERO, P, twoP.subtract(BigInteger.ONE));
        final SplittableRandom rng = new SplittableRandom(23);
        final long[] wide = new long[2 * FqWide.LIMBS];
        final long[] s = new long[Fq2.PRODUCT_WIDE_SCRATCH];
        for (final int k : new int[] {1, 2, 4})
        {
            final List<BigInteger> us = k == 1 ? reduced : loose;
            final List<BigInteger> vs = k == 4 ? loose : reduced;
            final BigInteger uBound = k == 1 ? P : twoP;
            final BigInteger vBound = k == 4 ? twoP : P;
            for (int i = 0; i < ROUNDS + 81; i++)
            {
                final BigInteger[] v = new BigInteger[4];
                for (int c = 0; c < 4; c++)
                {
                    // the first 81 cases: every combination of three edges per coordinate
                    v[c] = i < 81
                        ? (c < 2 ? us : vs).get(i / (int) Math.pow(3, c) % 3)
                        : new BigInteger(390, new java.util.Random(rng.nextLong())).mod(c < 2 ? uBound : vBound);
                }
                final long[] u = rawLimbs(v[0], v[1]);
                final long[] w = rawLimbs(v[2], v[3]);
                Fq2.productWide(wide, 0, u, 0, w, 0, k, s, 0);
                final BigInteger re = FqWide.toBigInteger(wide, 0);
                final BigInteger im = FqWide.toBigInteger(wide, FqWide.LIMBS);
                final String at = "k = " + k + ", case " + i;
                assertEquals(v[0].multiply(v[2]).subtract(v[1].multiply(v[3])).mod(pp), re.mod(pp), "re " + at);
                assertEquals(v[0].multiply(v[3]).add(v[1].multiply(v[2])), im, "im " + at);
                final BigInteger bound = pp.multiply(BigInteger.valueOf(2L * k));
                assertTrue(re.signum() >= 0 && re.compareTo(bound) < 0, "re below 2k·p², " + at);
                assertTrue(im.compareTo(bound) < 0, "im below 2k·p², " + at);
            }
        }
    }

    /** An Fq2 value whose coordinates' limbs are {@code c0} and {@code c1} as they are (possibly unreduced). */
    private static long[] rawLimbs(final BigInteger c0, final BigInteger c1)
    {
        final long[] r = new long[Fq2.LIMBS];
        Limbs.fromBigInteger(c0, r, 0, Fq.LIMBS);
        Limbs.fromBigInteger(c1, r, Fq.LIMBS, Fq.LIMBS);
        return r;
    }

    /** The field element whose Montgomery limbs are {@code limbs} (which may be unreduced): limbs·R⁻¹ mod p. */
    private static BigInteger montgomeryValue(final BigInteger limbs)
    {
        return limbs.multiply(BigInteger.ONE.shiftLeft(384).modInverse(P)).mod(P);
    }

    @Test
    void shouldAllowTheResultToAliasAnInput()
    {
        final SplittableRandom rng = new SplittableRandom(13);
        for (int i = 0; i < 50; i++)
        {
            final Ref x = Ref.random(rng);
            final Ref y = Ref.random(rng);
            // a and b side by side in one array; the result overwrites each in turn
            final long[] ab = new long[2 * Fq2.LIMBS];
            System.arraycopy(x.limbs(), 0, ab, 0, Fq2.LIMBS);
            System.arraycopy(y.limbs(), 0, ab, Fq2.LIMBS, Fq2.LIMBS);
            final long[] t = ab.clone();
            Fq2.mul(t, 0, t, 0, t, Fq2.LIMBS);
            assertEquals(x.mul(y), Ref.of(t, 0));
            final long[] u = ab.clone();
            Fq2.mul(u, Fq2.LIMBS, u, 0, u, Fq2.LIMBS);
            assertEquals(x.mul(y), Ref.of(u, Fq2.LIMBS));
            final long[] v = ab.clone();
            Fq2.square(v, 0, v, 0);
            assertEquals(x.mul(x), Ref.of(v, 0));
            final long[] w = ab.clone();
            Fq2.mulByNonResidue(w, 0, w, 0);
            assertEquals(x.mul(new Ref(BigInteger.ONE, BigInteger.ONE)), Ref.of(w, 0));
            final long[] k = ab.clone();
            Fq2.mulByFq(k, 0, k, 0, k, 0);
            assertEquals(x.scale(x.c0()), Ref.of(k, 0), "scalar aliasing the result's c0");
            final long[] k1 = ab.clone();
            Fq2.mulByFq(k1, 0, k1, 0, k1, Fq.LIMBS);
            assertEquals(x.scale(x.c1()), Ref.of(k1, 0), "scalar aliasing the result's c1");
            final long[] inv = ab.clone();
            Fq2.inverse(inv, 0, inv, 0);
            assertEquals(x.inverse(), Ref.of(inv, 0));
        }
    }

    @Test
    void shouldInvertAndExponentiateLikeTheReference()
    {
        final long[] r = new long[Fq2.LIMBS];
        final SplittableRandom rng = new SplittableRandom(14);
        for (final Ref x : samples(15))
        {
            if (x.isZero())
            {
                assertThrows(ArithmeticException.class, () -> Fq2.inverse(r, 0, x.limbs(), 0));
                continue;
            }
            Fq2.inverse(r, 0, x.limbs(), 0);
            assertRef(x.inverse(), r, "inverse");
        }
        for (int i = 0; i < 20; i++)
        {
            final Ref x = Ref.random(rng);
            final BigInteger e = new BigInteger(400, new java.util.Random(rng.nextLong()));
            Fq2.pow(r, 0, x.limbs(), 0, e);
            assertRef(x.pow(e), r, "pow");
        }
        Fq2.pow(r, 0, Ref.random(rng).limbs(), 0, BigInteger.ZERO);
        assertTrue(Fq2.isOne(r, 0));
    }

    @Test
    void shouldFindSquareRootsExactlyForSquares()
    {
        final BigInteger euler = P.multiply(P).subtract(BigInteger.ONE).shiftRight(1);
        final Ref one = new Ref(BigInteger.ONE, BigInteger.ZERO);
        final long[] root = new long[Fq2.LIMBS];
        final long[] check = new long[Fq2.LIMBS];
        int squares = 0;
        int nonSquares = 0;
        for (final Ref x : samples(16).subList(0, 90))
        {
            final boolean square = x.isZero() || x.pow(euler).equals(one);
            assertEquals(x.isZero() ? 0 : (square ? 1 : -1), Fq2.legendre(x.limbs(), 0), "legendre");
            assertEquals(square, Fq2.isSquare(x.limbs(), 0));
            assertEquals(square, Fq2.sqrt(root, 0, x.limbs(), 0), "sqrt reports squareness");
            if (square)
            {
                Fq2.square(check, 0, root, 0);
                assertRef(x, check, "root squared");
                squares++;
            }
            else
            {
                nonSquares++;
            }
            // x² is always a square; its roots are ±x
            final Ref sq = x.mul(x);
            assertTrue(Fq2.sqrt(root, 0, sq.limbs(), 0));
            final Ref got = Ref.of(root, 0);
            assertTrue(got.equals(x) || got.equals(x.neg()), "root of x² is ±x");
        }
        assertTrue(squares > 15 && nonSquares > 15, "both kinds sampled");
        // −1 = u², and the elements with c1 = 0 whose c0 is a non-square in Fq (they are squares in Fq2)
        assertTrue(Fq2.sqrt(root, 0, new Ref(P.subtract(BigInteger.ONE), BigInteger.ZERO).limbs(), 0));
        assertTrue(Fq2.sqrt(root, 0, new Ref(P.subtract(BigInteger.TWO), BigInteger.ZERO).limbs(), 0));
        Fq2.square(check, 0, root, 0);
        assertRef(new Ref(P.subtract(BigInteger.TWO), BigInteger.ZERO), check, "root of −2");
        // c1 = 0 with c0 a square in Fq: the root stays in Fq
        assertTrue(Fq2.sqrt(root, 0, new Ref(BigInteger.valueOf(4), BigInteger.ZERO).limbs(), 0));
        final Ref two = Ref.of(root, 0);
        assertTrue(two.equals(new Ref(BigInteger.TWO, BigInteger.ZERO))
            || two.equals(new Ref(P.subtract(BigInteger.TWO), BigInteger.ZERO)), "root of 4 is ±2");
    }

    @Test
    void shouldOrderLexicographicallyOnC1ThenC0()
    {
        final BigInteger half = P.subtract(BigInteger.ONE).shiftRight(1);
        for (final Ref x : samples(17))
        {
            final boolean expected = x.c1().signum() != 0 ? x.c1().compareTo(half) > 0 : x.c0().compareTo(half) > 0;
            assertEquals(expected, Fq2.isLexicographicallyLargest(x.limbs(), 0), x.toString());
            if (!x.isZero())
            {
                assertEquals(!expected, Fq2.isLexicographicallyLargest(x.neg().limbs(), 0), "exactly one of ±x");
            }
        }
    }

    @Test
    void shouldEncodeC1ThenC0AndRejectNonCanonicalCoordinates()
    {
        final byte[] bytes = new byte[Fq2.BYTES];
        final long[] back = new long[Fq2.LIMBS];
        for (final Ref x : samples(18))
        {
            Fq2.toBytes(x.limbs(), 0, bytes, 0);
            assertEquals(x.c1(), new BigInteger(1, java.util.Arrays.copyOfRange(bytes, 0, Fq.BYTES)));
            assertEquals(x.c0(), new BigInteger(1, java.util.Arrays.copyOfRange(bytes, Fq.BYTES, Fq2.BYTES)));
            assertTrue(Fq2.fromBytes(bytes, 0, 0xff, back, 0));
            assertRef(x, back, "round trip");
        }
        final byte[] p = P.toByteArray();
        final byte[] pBytes = java.util.Arrays.copyOfRange(p, p.length - Fq.BYTES, p.length);
        final byte[] badC1 = new byte[Fq2.BYTES];
        System.arraycopy(pBytes, 0, badC1, 0, Fq.BYTES);
        assertFalse(Fq2.fromBytes(badC1, 0, 0x1f, back, 0), "c1 = p");
        final byte[] badC0 = new byte[Fq2.BYTES];
        System.arraycopy(pBytes, 0, badC0, Fq.BYTES, Fq.BYTES);
        assertFalse(Fq2.fromBytes(badC0, 0, 0x1f, back, 0), "c0 = p");
        final byte[] flagged = new byte[Fq2.BYTES + 3];
        Fq2.toBytes(Fq2.of(BigInteger.TWO, BigInteger.ONE), 0, flagged, 3);
        flagged[3] |= (byte)0xa0;
        assertTrue(Fq2.fromBytes(flagged, 3, 0x1f, back, 0), "flags in c1's first byte are masked");
        assertRef(new Ref(BigInteger.TWO, BigInteger.ONE), back, "masked decode");
        assertFalse(Fq2.fromBytes(flagged, 3, 0xff, back, 0), "unmasked flags make c1 too large");
    }
}
