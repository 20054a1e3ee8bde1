package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One field-law suite, run over {@link Fq} and {@link Fr}: every operation against {@link BigInteger} on fresh
 * random values and on edge cases (0, 1, m−1, values near powers of two).
 */
class PrimeFieldTest
{
    private static final int RANDOM_ROUNDS = 3000;

    /** The operations of one field, as the suite drives them. */
    record PrimeField(
        String name,
        MontgomeryField field,
        MontgomeryField.Multiply mul,
        MontgomeryField.Multiply add,
        MontgomeryField.Multiply sub,
        Unary neg,
        Unary dbl,
        Unary square,
        SquareRoot sqrt,
        Legendre legendre)
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

        long[] of(final BigInteger v)
        {
            final long[] r = new long[limbs()];
            field.fromBigInteger(v, r, 0);
            return r;
        }

        BigInteger value(final long[] a)
        {
            return field.toBigInteger(a, 0);
        }
    }

    interface Unary
    {
        void apply(long[] r, int ro, long[] a, int ao);
    }

    interface SquareRoot
    {
        boolean apply(long[] r, int ro, long[] a, int ao);
    }

    interface Legendre
    {
        int apply(long[] a, int ao);
    }

    static Stream<PrimeField> fields()
    {
        return Stream.of(
            new PrimeField("Fq", Fq.FIELD, Fq::mul, Fq::add, Fq::sub, Fq::neg, Fq::dbl, Fq::square, Fq::sqrt,
                Fq::legendre),
            new PrimeField("Fr", Fr.FIELD, Fr::mul, Fr::add, Fr::sub, Fr::neg, Fr::dbl, Fr::square, Fr::sqrt,
                Fr::legendre));
    }

    /** Edge cases: 0, 1, 2, m−1, m−2, (m−1)/2, 2^k ± 1 below m, and all-ones limbs below m. */
    static List<BigInteger> edgeCases(final BigInteger m)
    {
        final List<BigInteger> out = new ArrayList<>();
        out.add(BigInteger.ZERO);
        out.add(BigInteger.ONE);
        out.add(BigInteger.TWO);
        out.add(m.subtract(BigInteger.ONE));
        out.add(m.subtract(BigInteger.TWO));
        out.add(m.shiftRight(1));
        out.add(m.shiftRight(1).add(BigInteger.ONE));
        for (int k = 1; k < m.bitLength(); k += 31)
        {
            final BigInteger p = BigInteger.ONE.shiftLeft(k);
            out.add(p.subtract(BigInteger.ONE));
            out.add(p);
            out.add(p.add(BigInteger.ONE));
        }
        for (int k = 63; k < m.bitLength(); k += 64)
        {
            out.add(BigInteger.ONE.shiftLeft(k + 1).subtract(BigInteger.ONE));
        }
        return out;
    }

    static List<BigInteger> samples(final BigInteger m, final long seed)
    {
        final List<BigInteger> out = new ArrayList<>(edgeCases(m));
        final SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < RANDOM_ROUNDS; i++)
        {
            out.add(new BigInteger(m.bitLength() + 8, new java.util.Random(rng.nextLong())).mod(m));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldRoundTripThroughMontgomeryForm(final PrimeField f)
    {
        for (final BigInteger v : samples(f.modulus(), 1))
        {
            assertEquals(v, f.value(f.of(v)));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldMatchBigIntegerForBinaryOperations(final PrimeField f)
    {
        final BigInteger m = f.modulus();
        final List<BigInteger> xs = samples(m, 2);
        final List<BigInteger> ys = samples(m, 3);
        final List<BigInteger> edges = edgeCases(m);
        for (int i = 0; i < xs.size(); i++)
        {
            checkBinary(f, xs.get(i), ys.get(i));
        }
        for (final BigInteger x : edges)
        {
            for (final BigInteger y : edges)
            {
                checkBinary(f, x, y);
            }
        }
    }

    private static void checkBinary(final PrimeField f, final BigInteger x, final BigInteger y)
    {
        final BigInteger m = f.modulus();
        final long[] a = f.of(x);
        final long[] b = f.of(y);
        final long[] r = new long[f.limbs()];
        f.mul().mul(r, 0, a, 0, b, 0);
        assertEquals(x.multiply(y).mod(m), f.value(r), () -> f + ": " + x + " * " + y);
        f.add().mul(r, 0, a, 0, b, 0);
        assertEquals(x.add(y).mod(m), f.value(r), () -> f + ": " + x + " + " + y);
        f.sub().mul(r, 0, a, 0, b, 0);
        assertEquals(x.subtract(y).mod(m), f.value(r), () -> f + ": " + x + " - " + y);
        // results must be canonical (fully reduced) limbs, not merely congruent
        assertTrue(f.field().isCanonical(r, 0));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldAllowResultToAliasEitherInput(final PrimeField f)
    {
        final BigInteger m = f.modulus();
        final List<BigInteger> xs = samples(m, 4);
        final List<BigInteger> ys = samples(m, 5);
        for (int i = 0; i < 200; i++)
        {
            final BigInteger x = xs.get(i);
            final BigInteger y = ys.get(i);
            final long[] a = f.of(x);
            f.mul().mul(a, 0, a, 0, f.of(y), 0);
            assertEquals(x.multiply(y).mod(m), f.value(a));
            final long[] b = f.of(y);
            f.sub().mul(b, 0, f.of(x), 0, b, 0);
            assertEquals(x.subtract(y).mod(m), f.value(b));
            final long[] c = f.of(x);
            f.add().mul(c, 0, c, 0, c, 0);
            assertEquals(x.shiftLeft(1).mod(m), f.value(c));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldMatchBigIntegerForUnaryOperations(final PrimeField f)
    {
        final BigInteger m = f.modulus();
        for (final BigInteger x : samples(m, 6))
        {
            final long[] a = f.of(x);
            final long[] r = new long[f.limbs()];
            f.neg().apply(r, 0, a, 0);
            assertEquals(x.negate().mod(m), f.value(r));
            f.dbl().apply(r, 0, a, 0);
            assertEquals(x.shiftLeft(1).mod(m), f.value(r));
            f.square().apply(r, 0, a, 0);
            assertEquals(x.multiply(x).mod(m), f.value(r));
            if (x.signum() != 0)
            {
                f.field().inverse(r, 0, a, 0);
                assertEquals(x.modInverse(m), f.value(r));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldRefuseToInvertZero(final PrimeField f)
    {
        final long[] r = new long[f.limbs()];
        final ArithmeticException e =
            assertThrows(ArithmeticException.class, () -> f.field().inverse(r, 0, new long[f.limbs()], 0));
        assertTrue(e.getMessage().contains(f.name()));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldMatchBigIntegerForPow(final PrimeField f)
    {
        final BigInteger m = f.modulus();
        final SplittableRandom rng = new SplittableRandom(7);
        final List<BigInteger> xs = samples(m, 8);
        for (int i = 0; i < 100; i++)
        {
            final BigInteger x = xs.get(i);
            final BigInteger e = new BigInteger(1 + rng.nextInt(400), new java.util.Random(rng.nextLong()));
            final long[] r = new long[f.limbs()];
            f.field().pow(r, 0, f.of(x), 0, e);
            assertEquals(x.modPow(e, m), f.value(r));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldFindSquareRootsExactlyForQuadraticResidues(final PrimeField f)
    {
        final BigInteger m = f.modulus();
        final BigInteger half = m.subtract(BigInteger.ONE).shiftRight(1);
        int residues = 0;
        for (final BigInteger x : samples(m, 9).subList(0, 600))
        {
            final int expected = x.signum() == 0 ? 0 : x.modPow(half, m).equals(BigInteger.ONE) ? 1 : -1;
            assertEquals(expected, f.legendre().apply(f.of(x), 0), () -> f + " legendre " + x);
            final long[] r = new long[f.limbs()];
            final boolean found = f.sqrt().apply(r, 0, f.of(x), 0);
            assertEquals(expected >= 0, found, () -> f + " sqrt existence " + x);
            if (found)
            {
                residues++;
                assertEquals(x, f.value(r).multiply(f.value(r)).mod(m), () -> f + " sqrt " + x);
            }
        }
        assertTrue(residues > 200, "about half the samples are squares");
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldBatchInvertLikeSingleInversionKeepingZeros(final PrimeField f)
    {
        final int n = 37;
        final int limbs = f.limbs();
        final long[] elements = new long[n * limbs];
        final List<BigInteger> xs = samples(f.modulus(), 10);
        for (int i = 0; i < n; i++)
        {
            final BigInteger x = i % 9 == 4 ? BigInteger.ZERO : xs.get(20 + i);
            System.arraycopy(f.of(x), 0, elements, i * limbs, limbs);
        }
        final long[] expected = elements.clone();
        for (int i = 0; i < n; i++)
        {
            if (!Limbs.isZero(expected, i * limbs, limbs))
            {
                f.field().inverse(expected, i * limbs, expected, i * limbs);
            }
        }
        f.field().batchInverse(elements, 0, n);
        assertArrayEquals(expected, elements);
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldRejectOutOfRangeValues(final PrimeField f)
    {
        assertThrows(IllegalArgumentException.class, () -> f.of(f.modulus()));
        assertThrows(IllegalArgumentException.class, () -> f.of(BigInteger.ONE.negate()));
        final long[] limbsOfModulus = new long[f.limbs()];
        Limbs.fromBigInteger(f.modulus(), limbsOfModulus, 0, f.limbs());
        assertFalse(f.field().isCanonical(limbsOfModulus, 0));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldSampleCanonicalRandomElements(final PrimeField f)
    {
        final SplittableRandom rng = new SplittableRandom(11);
        final long[] r = new long[f.limbs()];
        for (int i = 0; i < 500; i++)
        {
            f.field().random(rng, r, 0);
            assertTrue(f.field().isCanonical(r, 0));
        }
    }
}
