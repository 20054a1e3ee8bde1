package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import supranational.blst.P1;
import supranational.blst.P2;

/** The pairing against blst's, and its defining properties: bilinearity, non-degeneracy, order r, products. */
class PairingTest
{
    private static final HexFormat HEX = HexFormat.of();
    private static final long[] ONE = Fq12.one();

    private static long[] pow(final long[] a, final BigInteger e)
    {
        final long[] r = Fq12.one();
        for (int i = e.bitLength() - 1; i >= 0; i--)
        {
            Fq12.square(r, 0, r, 0);
            if (e.testBit(i))
            {
                Fq12.mul(r, 0, r, 0, a, 0);
            }
        }
        return r;
    }

    private static long[] mul(final long[] a, final long[] b)
    {
        final long[] r = new long[Fq12.LIMBS];
        Fq12.mul(r, 0, a, 0, b, 0);
        return r;
    }

    @Test
    void shouldEqualBlstsPairingOnRandomPoints()
    {
        final SplittableRandom rng = new SplittableRandom(41);
        final P1 g1 = P1.generator();
        final P2 g2 = P2.generator();
        final long[] e = Pairing.pair(BlstOracle.limbs(g1), BlstOracle.limbs(g2));
        assertEquals(HEX.formatHex(BlstOracle.pairing(g1, g2)), HEX.formatHex(BlstOracle.bytes(e, 0)), "e(G1, G2)");
        assertNotEquals(HEX.formatHex(BlstOracle.pairing(g1.dup().dbl(), g2)), HEX.formatHex(BlstOracle.bytes(e, 0)),
            "the comparison can tell pairings apart");
        for (int i = 0; i < 4; i++)
        {
            final P1 p = BlstOracle.g1(BlstOracle.randomScalar(rng));
            final P2 q = BlstOracle.g2(BlstOracle.randomScalar(rng));
            final long[] pq = Pairing.pair(BlstOracle.limbs(p), BlstOracle.limbs(q));
            assertEquals(HEX.formatHex(BlstOracle.pairing(p, q)), HEX.formatHex(BlstOracle.bytes(pq, 0)));
        }
    }

    @Test
    void shouldBeBilinearNonDegenerateAndOfOrderR()
    {
        final SplittableRandom rng = new SplittableRandom(42);
        final P1 p = BlstOracle.g1(BlstOracle.randomScalar(rng));
        final P2 q = BlstOracle.g2(BlstOracle.randomScalar(rng));
        final long[] e = Pairing.pair(BlstOracle.limbs(p), BlstOracle.limbs(q));
        assertFalse(Fq12.isOne(e, 0), "non-degenerate");
        assertArrayEquals(ONE, pow(e, BlstOracle.R), "e^r = 1");
        final long[] gen = Pairing.pair(BlstOracle.limbs(P1.generator()), BlstOracle.limbs(P2.generator()));
        assertFalse(Fq12.isOne(gen, 0), "e(G1, G2) ≠ 1");
        for (int i = 0; i < 2; i++)
        {
            final BigInteger a = BlstOracle.randomScalar(rng);
            final BigInteger b = BlstOracle.randomScalar(rng);
            final long[] eab = Pairing.pair(BlstOracle.limbs(p.dup().mult(a)), BlstOracle.limbs(q.dup().mult(b)));
            assertArrayEquals(pow(e, a.multiply(b).mod(BlstOracle.R)), eab, "e(aP, bQ) = e(P, Q)^(ab)");
        }
    }

    @Test
    void shouldMultiplyPairingsInOneMultiPairingAndIgnoreInfinity()
    {
        final SplittableRandom rng = new SplittableRandom(43);
        final int count = 4;
        final long[] g1s = new long[(count + 2) * Pairing.G1_LIMBS];
        final long[] g2s = new long[(count + 2) * Pairing.G2_LIMBS];
        long[] expected = Fq12.one();
        for (int i = 0; i < count; i++)
        {
            final long[] p = BlstOracle.limbs(BlstOracle.g1(BlstOracle.randomScalar(rng)));
            final long[] q = BlstOracle.limbs(BlstOracle.g2(BlstOracle.randomScalar(rng)));
            // pair 1 has P at infinity, pair 3 has Q at infinity: both contribute 1
            if (i != 1)
            {
                System.arraycopy(p, 0, g1s, (i + 1) * Pairing.G1_LIMBS, Pairing.G1_LIMBS);
            }
            if (i != 3)
            {
                System.arraycopy(q, 0, g2s, (i + 2) * Pairing.G2_LIMBS, Pairing.G2_LIMBS);
            }
            if (i != 1 && i != 3)
            {
                expected = mul(expected, Pairing.pair(p, q));
            }
        }
        final long[] r = new long[Fq12.LIMBS + 3];
        Pairing.multiPair(r, 3, g1s, Pairing.G1_LIMBS, g2s, 2 * Pairing.G2_LIMBS, count);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(r, 3, 3 + Fq12.LIMBS));

        final long[] f = new long[Fq12.LIMBS];
        Pairing.millerLoop(f, 0, g1s, Pairing.G1_LIMBS, g2s, 2 * Pairing.G2_LIMBS, count);
        Pairing.finalExponentiation(f, 0, f, 0);
        assertArrayEquals(expected, f, "Miller loop then final exponentiation");

        final long[] none = new long[Fq12.LIMBS];
        Pairing.multiPair(none, 0, g1s, 0, g2s, 0, 0);
        assertArrayEquals(ONE, none, "the empty product");
        assertArrayEquals(ONE, Pairing.pair(new long[Pairing.G1_LIMBS], BlstOracle.limbs(P2.generator())));
        assertArrayEquals(ONE, Pairing.pair(BlstOracle.limbs(P1.generator()), new long[Pairing.G2_LIMBS]));
    }

    @Test
    void shouldCancelAPairingWithItsNegatedPartner()
    {
        final SplittableRandom rng = new SplittableRandom(44);
        final P1 p = BlstOracle.g1(BlstOracle.randomScalar(rng));
        final P2 q = BlstOracle.g2(BlstOracle.randomScalar(rng));
        final long[] g1s = new long[2 * Pairing.G1_LIMBS];
        final long[] g2s = new long[2 * Pairing.G2_LIMBS];
        System.arraycopy(BlstOracle.limbs(p), 0, g1s, 0, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(p), 0, g1s, Pairing.G1_LIMBS, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(q), 0, g2s, 0, Pairing.G2_LIMBS);
        System.arraycopy(BlstOracle.limbs(q.dup().neg()), 0, g2s, Pairing.G2_LIMBS, Pairing.G2_LIMBS);
        final long[] r = new long[Fq12.LIMBS];
        Pairing.multiPair(r, 0, g1s, 0, g2s, 0, 2);
        assertArrayEquals(ONE, r, "e(P, −Q)·e(P, Q) = 1");
        // a Groth16-shaped check: e(aP, Q)·e(−P, aQ) = 1
        final BigInteger a = BlstOracle.randomScalar(rng);
        System.arraycopy(BlstOracle.limbs(p.dup().mult(a)), 0, g1s, 0, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(p.dup().neg()), 0, g1s, Pairing.G1_LIMBS, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(q.dup().mult(a)), 0, g2s, Pairing.G2_LIMBS, Pairing.G2_LIMBS);
        System.arraycopy(BlstOracle.limbs(q), 0, g2s, 0, Pairing.G2_LIMBS);
        Pairing.multiPair(r, 0, g1s, 0, g2s, 0, 2);
        assertTrue(Fq12.isOne(r, 0));
    }

    @Test
    void shouldRejectRangesOutsideTheArraysAndAZeroMillerValue()
    {
        final long[] r = new long[Fq12.LIMBS];
        assertThrows(IllegalArgumentException.class,
            () -> Pairing.multiPair(r, 0, new long[Pairing.G1_LIMBS], 0, new long[Pairing.G2_LIMBS], 0, 2));
        assertThrows(IllegalArgumentException.class,
            () -> Pairing.multiPair(r, 0, new long[Pairing.G1_LIMBS], 0, new long[Pairing.G2_LIMBS], 0, -1));
        assertThrows(IllegalArgumentException.class,
            () -> Pairing.pair(new long[5], 0, new long[Pairing.G1_LIMBS], 0, new long[Pairing.G2_LIMBS], 0));
        assertThrows(ArithmeticException.class, () -> Pairing.finalExponentiation(r, 0, new long[Fq12.LIMBS], 0));
    }

    @Test
    void shouldNotAllocateOnceAThreadHasPaired()
    {
        final var threads = (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        final long[] g1s = new long[2 * Pairing.G1_LIMBS];
        final long[] g2s = new long[2 * Pairing.G2_LIMBS];
        System.arraycopy(BlstOracle.limbs(P1.generator()), 0, g1s, 0, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(P1.generator().dbl()), 0, g1s, Pairing.G1_LIMBS, Pairing.G1_LIMBS);
        System.arraycopy(BlstOracle.limbs(P2.generator()), 0, g2s, 0, Pairing.G2_LIMBS);
        System.arraycopy(BlstOracle.limbs(P2.generator().dbl()), 0, g2s, Pairing.G2_LIMBS, Pairing.G2_LIMBS);
        final long[] r = new long[Fq12.LIMBS];
        Pairing.multiPair(r, 0, g1s, 0, g2s, 0, 2);
        Pairing.pair(r, 0, g1s, 0, g2s, 0);
        // the first reading sets the bean up, which allocates
        threads.getCurrentThreadAllocatedBytes();
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 10; i++)
        {
            Pairing.multiPair(r, 0, g1s, 0, g2s, 0, 2);
            Pairing.pair(r, 0, g1s, 0, g2s, 0);
        }
        // twenty calls: a per-call allocation of even one small array would pass 512 bytes; the bound leaves room
        // for the odd object the runtime itself allocates on this thread (seen: 152 bytes once)
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 512, "bytes allocated by twenty warm pairings: " + allocated);
    }

    @Test
    void shouldHalveFieldElements()
    {
        final SplittableRandom rng = new SplittableRandom(45);
        final BigInteger inverseOfTwo = BigInteger.TWO.modInverse(Fq.MODULUS);
        for (int i = 0; i < 200; i++)
        {
            final long[] a = i == 0 ? Fq.of(Fq.MODULUS.subtract(BigInteger.ONE)) : Fq.random(rng);
            final BigInteger expected = Fq.toBigInteger(a).multiply(inverseOfTwo).mod(Fq.MODULUS);
            Fq.halve(a, 0);
            assertEquals(expected, Fq.toBigInteger(a));
        }
    }

    @Test
    void shouldUseTheHardPartDecompositionOfTheCurveSeed()
    {
        final BigInteger x = new BigInteger("-d201000000010000", 16);
        final BigInteger p = Fq.MODULUS;
        final BigInteger phi12 = p.pow(4).subtract(p.pow(2)).add(BigInteger.ONE);
        assertEquals(BigInteger.ZERO, phi12.mod(BlstOracle.R));
        final BigInteger xm1 = x.subtract(BigInteger.ONE);
        final BigInteger chain = xm1.pow(2).multiply(x.add(p))
            .multiply(x.pow(2).add(p.pow(2)).subtract(BigInteger.ONE));
        assertEquals(phi12.divide(BlstOracle.R).multiply(BigInteger.valueOf(3)), chain.add(BigInteger.valueOf(3)));
        assertEquals(x.negate().longValue(), Fq12.SEED_ABS);
    }
}
