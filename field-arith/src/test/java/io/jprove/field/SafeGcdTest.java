package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SafeGcd} and the field inverses built on it ({@link Fq#inverse}, {@link Fr#inverse}) against
 * {@link BigInteger#modInverse} on fresh random values and on edge cases, with the number of rounds checked against
 * the divstep bound.
 */
class SafeGcdTest
{
    private static final int RANDOM_ROUNDS = 3000;

    /** One modulus as the inversion sees it. */
    record Field(String name, MontgomeryField field, SafeGcd gcd)
    {
        @Override
        public String toString()
        {
            return name;
        }

        BigInteger modulus()
        {
            return field.modulus();
        }

        int limbs()
        {
            return field.limbs();
        }

        /**
         * Bernstein–Yang, Theorem 11.2: {@code ⌊(49d + 57)/17⌋} divsteps reach {@code g = 0} when
         * {@code f, g < 2^d} (d ≥ 46); the loop checks {@code g} once per 62.
         */
        int roundBound()
        {
            final int d = modulus().bitLength();
            return ((49 * d + 57) / 17 + 61) / 62;
        }

        long[] limbsOf(final BigInteger v)
        {
            final long[] r = new long[limbs()];
            Limbs.fromBigInteger(v, r, 0, limbs());
            return r;
        }
    }

    static Stream<Field> fields()
    {
        return Stream.of(
            new Field("Fq", Fq.FIELD, new SafeGcd("Fq", Fq.MODULUS, Fq.LIMBS, BigInteger.ONE)),
            new Field("Fr", Fr.FIELD, new SafeGcd("Fr", Fr.MODULUS, Fr.LIMBS, BigInteger.ONE)));
    }

    /** Inverts {@code x} as a plain integer and checks it against {@code modInverse} and the round bound. */
    private static void assertInverts(final Field f, final BigInteger x)
    {
        final long[] r = f.limbsOf(x);
        final int rounds = f.gcd().inverse(r, 0, r, 0);
        assertEquals(x.modInverse(f.modulus()), Limbs.toBigInteger(r, 0, f.limbs()), f + " inverse of " + x);
        assertTrue(rounds <= f.roundBound(), f + ": " + rounds + " rounds for " + x);
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldInvertRandomIntegersLikeModInverse(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(11);
        for (int i = 0; i < RANDOM_ROUNDS; i++)
        {
            final BigInteger x = randomBelow(f.modulus(), rng);
            if (x.signum() != 0)
            {
                assertInverts(f, x);
            }
        }
    }

    private static BigInteger randomBelow(final BigInteger m, final SplittableRandom rng)
    {
        final byte[] bytes = new byte[(m.bitLength() + 7) / 8 + 8];
        rng.nextBytes(bytes);
        return new BigInteger(1, bytes).mod(m);
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldInvertEdgeCases(final Field f)
    {
        final BigInteger p = f.modulus();
        final BigInteger r = BigInteger.ONE.shiftLeft(64 * f.limbs());
        final List<BigInteger> cases = new ArrayList<>();
        for (int v = 1; v <= 64; v++)
        {
            cases.add(BigInteger.valueOf(v));
            cases.add(p.subtract(BigInteger.valueOf(v)));
        }
        for (int k = 1; k < p.bitLength(); k++)
        {
            final BigInteger power = BigInteger.ONE.shiftLeft(k);
            cases.add(power);
            cases.add(power.subtract(BigInteger.ONE));
            cases.add(power.add(BigInteger.ONE).mod(p));
            cases.add(p.subtract(power));
            cases.add(p.shiftRight(k));
        }
        cases.add(p.shiftRight(1));
        cases.add(p.add(BigInteger.ONE).shiftRight(1));
        cases.add(r.mod(p));
        cases.add(r.multiply(r).mod(p));
        cases.add(p.multiply(BigInteger.valueOf(5)).sqrt());
        // Ratios near the golden ratio make Euclid-like algorithms take their longest paths.
        cases.add(new java.math.BigDecimal(p).multiply(new java.math.BigDecimal("0.6180339887498948482045868343656381"))
            .toBigInteger());
        for (final BigInteger x : cases)
        {
            if (x.signum() > 0 && x.compareTo(p) < 0)
            {
                assertInverts(f, x);
            }
        }
    }

    /**
     * Climbs towards inputs that need many rounds (flipping bits of the slowest so far) and checks the slowest found;
     * the climb itself asserts every input it tries.
     */
    @ParameterizedTest
    @MethodSource("fields")
    void shouldInvertTheSlowestInputsFoundBySearch(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(12);
        final BigInteger p = f.modulus();
        final long[] r = new long[f.limbs()];
        BigInteger worst = BigInteger.ONE;
        int worstRounds = 0;
        for (int i = 0; i < 4000; i++)
        {
            BigInteger x = i % 4 == 0 ? randomBelow(p, rng) : worst.flipBit(rng.nextInt(p.bitLength())).mod(p);
            if (x.signum() == 0)
            {
                x = BigInteger.ONE;
            }
            Limbs.fromBigInteger(x, r, 0, f.limbs());
            final int rounds = f.gcd().inverse(r, 0, r, 0);
            assertEquals(x.modInverse(p), Limbs.toBigInteger(r, 0, f.limbs()), f + " inverse of " + x);
            if (rounds > worstRounds)
            {
                worst = x;
                worstRounds = rounds;
            }
        }
        assertInverts(f, worst);
        assertTrue(worstRounds <= f.roundBound(), f + ": " + worstRounds + " rounds");
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldInvertMontgomeryElements(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(13);
        final MontgomeryField m = f.field();
        final long[] one = m.one();
        final long[] inv = new long[f.limbs()];
        final long[] product = new long[f.limbs()];
        for (int i = 0; i < RANDOM_ROUNDS; i++)
        {
            final long[] a = new long[f.limbs()];
            m.random(rng, a, 0);
            if (Limbs.isZero(a, 0, f.limbs()))
            {
                continue;
            }
            m.inverse(inv, 0, a, 0);
            final BigInteger value = m.toBigInteger(a, 0);
            assertEquals(value.modInverse(f.modulus()), m.toBigInteger(inv, 0), f + " inverse of " + value);
            System.arraycopy(a, 0, product, 0, f.limbs());
            multiply(f, product, inv);
            assertArrayEquals(one, product, f + ": a·a⁻¹ = 1 for " + value);
            m.inverse(a, 0, a, 0);
            assertArrayEquals(inv, a, f + ": in place");
        }
        m.inverse(inv, 0, one, 0);
        assertArrayEquals(one, inv, f + ": 1⁻¹ = 1");
        final long[] minusOne = new long[f.limbs()];
        m.fromBigInteger(f.modulus().subtract(BigInteger.ONE), minusOne, 0);
        m.inverse(inv, 0, minusOne, 0);
        assertArrayEquals(minusOne, inv, f + ": (−1)⁻¹ = −1");
    }

    private static void multiply(final Field f, final long[] a, final long[] b)
    {
        if (f.limbs() == Fq.LIMBS)
        {
            Fq.mul(a, 0, a, 0, b, 0);
        }
        else
        {
            Fr.mul(a, 0, a, 0, b, 0);
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldRejectZero(final Field f)
    {
        final long[] zero = new long[f.limbs()];
        final long[] r = new long[f.limbs()];
        final ArithmeticException e = assertThrows(ArithmeticException.class, () -> f.field().inverse(r, 0, zero, 0));
        assertEquals(f + ": inverse of zero", e.getMessage());
        assertThrows(ArithmeticException.class, () -> f.gcd().inverse(r, 0, zero, 0));
        assertThrows(ArithmeticException.class, () -> f.gcd().inverse(r, 0, f.limbsOf(f.modulus()), 0));
    }

    /**
     * The batched divsteps on 64-bit words against plain divsteps on full-size integers: same δ, and the matrix maps
     * {@code (f, g)} to {@code 2^62·(f₆₂, g₆₂)} with rows of absolute sum at most 2^62.
     */
    @Test
    void shouldBatchDivstepsLikeSingleDivstepsOnFullIntegers()
    {
        final SplittableRandom rng = new SplittableRandom(16);
        final BigInteger bound = BigInteger.ONE.shiftLeft(62);
        final long[] t = new long[4];
        for (int i = 0; i < 20000; i++)
        {
            final BigInteger f0 = randomSigned(rng, 400).setBit(0);
            // Mostly random g; some with long runs of zero bits, where many steps are halvings.
            final BigInteger g0 = randomSigned(rng, 400).shiftLeft(i % 3 == 0 ? rng.nextInt(70) : 0);
            final long eta0 = i % 2 == 0 ? -1 : rng.nextInt(-80, 80);
            long delta = -eta0;
            BigInteger f = f0;
            BigInteger g = g0;
            for (int step = 0; step < 62; step++)
            {
                if (delta > 0 && g.testBit(0))
                {
                    final BigInteger old = f;
                    f = g;
                    g = g.subtract(old).shiftRight(1);
                    delta = 1 - delta;
                }
                else
                {
                    g = (g.testBit(0) ? g.add(f) : g).shiftRight(1);
                    delta = 1 + delta;
                }
            }
            final long eta = SafeGcd.divsteps(eta0, f0.longValue(), g0.longValue(), t, 0);
            assertEquals(-delta, eta, "δ after 62 steps");
            final BigInteger u = BigInteger.valueOf(t[0]);
            final BigInteger v = BigInteger.valueOf(t[1]);
            final BigInteger q = BigInteger.valueOf(t[2]);
            final BigInteger r = BigInteger.valueOf(t[3]);
            assertEquals(f.shiftLeft(62), u.multiply(f0).add(v.multiply(g0)), "f row");
            assertEquals(g.shiftLeft(62), q.multiply(f0).add(r.multiply(g0)), "g row");
            assertTrue(u.abs().add(v.abs()).compareTo(bound) <= 0 && q.abs().add(r.abs()).compareTo(bound) <= 0);
        }
    }

    private static BigInteger randomSigned(final SplittableRandom rng, final int bits)
    {
        final byte[] bytes = new byte[bits / 8];
        rng.nextBytes(bytes);
        return new BigInteger(bytes);
    }

    @Test
    void shouldInvertThroughFqAndFrEntryPoints()
    {
        final SplittableRandom rng = new SplittableRandom(14);
        for (int i = 0; i < 200; i++)
        {
            final long[] a = Fq.random(rng);
            final long[] r = new long[Fq.LIMBS];
            Fq.inverse(r, 0, a, 0);
            assertEquals(Fq.toBigInteger(a).modInverse(Fq.MODULUS), Fq.toBigInteger(r));
            final long[] b = Fr.random(rng);
            final long[] s = new long[Fr.LIMBS];
            Fr.inverse(s, 0, b, 0);
            assertEquals(Fr.toBigInteger(b).modInverse(Fr.MODULUS), Fr.toBigInteger(s));
        }
        assertEquals("Fq: inverse of zero",
            assertThrows(ArithmeticException.class, () -> Fq.inverse(new long[6], 0, new long[6], 0)).getMessage());
        assertEquals("Fr: inverse of zero",
            assertThrows(ArithmeticException.class, () -> Fr.inverse(new long[4], 0, new long[4], 0)).getMessage());
    }

    @Test
    void shouldInvertInPlace()
    {
        final SplittableRandom rng = new SplittableRandom(15);
        final long[] s = new long[2 * Fq.LIMBS];
        for (int i = 0; i < 500; i++)
        {
            Fq.FIELD.random(rng, s, 0);
            Fq.inverse(s, Fq.LIMBS, s, 0);
            Fq.inverse(s, 0, s, 0);
            assertTrue(Fq.equal(s, 0, s, Fq.LIMBS), "in place");
        }
    }

    @Test
    void shouldInvertFromSeveralThreadsAtOnce() throws Exception
    {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        try
        {
            final List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++)
            {
                final long seed = 100 + t;
                results.add(pool.submit(() -> invertsCorrectly(seed)));
            }
            for (final Future<Boolean> result : results)
            {
                assertTrue(result.get());
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    private static boolean invertsCorrectly(final long seed)
    {
        final SplittableRandom rng = new SplittableRandom(seed);
        final long[] r = new long[Fq.LIMBS];
        for (int i = 0; i < 500; i++)
        {
            final long[] a = Fq.random(rng);
            Fq.inverse(r, 0, a, 0);
            if (!Fq.toBigInteger(r).equals(Fq.toBigInteger(a).modInverse(Fq.MODULUS)))
            {
                return false;
            }
        }
        return true;
    }
}
