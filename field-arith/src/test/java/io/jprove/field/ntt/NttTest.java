package io.jprove.field.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * Every transform against a direct O(m²) evaluation in BigInteger (sizes 2^0 … 2^8, every order, both directions,
 * plain and coset), round trips and sampled evaluations at larger sizes, thread-count independence, and input checks.
 */
class NttTest
{
    private static final BigInteger R = Fr.MODULUS;
    private static final BigInteger SEVEN = BigInteger.valueOf(7);
    private static final Ntt SERIAL = new Ntt(1);
    private static final Ntt PARALLEL = new Ntt(2);

    @AfterAll
    static void closePools()
    {
        SERIAL.close();
        PARALLEL.close();
    }

    @ParameterizedTest
    @EnumSource(NttOrder.class)
    void shouldMatchTheDirectTransformForSmallSizes(final NttOrder order)
    {
        final SplittableRandom rng = new SplittableRandom(order.ordinal());
        for (int k = 0; k <= 8; k++)
        {
            final EvaluationDomain domain = EvaluationDomain.ofLogSize(k);
            for (final NttDirection direction : NttDirection.values())
            {
                for (final boolean coset : new boolean[] {false, true})
                {
                    final BigInteger[] input = randomValues(domain.size(), rng);
                    final BigInteger[] expected = direct(input, k, direction, coset);
                    final boolean reversedIn = order == NttOrder.RN || order == NttOrder.RR;
                    final boolean reversedOut = order == NttOrder.NR || order == NttOrder.RR;
                    final MemorySegment data = segmentOf(reversedIn ? bitReversed(input) : input);
                    SERIAL.transform(data, domain, direction, coset, order);
                    final BigInteger[] out = valuesOf(data);
                    assertArrayEquals(reversedOut ? bitReversed(expected) : expected, out,
                        order + " " + direction + (coset ? " coset" : "") + " at 2^" + k);
                }
            }
        }
    }

    @Test
    void shouldRoundTripAtLargerSizesInEveryOrderPairing()
    {
        final SplittableRandom rng = new SplittableRandom(12);
        try (Arena arena = Arena.ofShared())
        {
            for (int k = 12; k <= 16; k++)
            {
                final EvaluationDomain domain = EvaluationDomain.ofLogSize(k);
                final MemorySegment data = arena.allocate(domain.size() * Ntt.ELEMENT_BYTES, 64);
                fillRandom(data, rng);
                final long[] original = data.toArray(ValueLayout.JAVA_LONG);
                PARALLEL.forward(data, domain);
                PARALLEL.inverse(data, domain);
                assertArrayEquals(original, data.toArray(ValueLayout.JAVA_LONG), "NN round trip at 2^" + k);
                PARALLEL.cosetForward(data, domain);
                PARALLEL.cosetInverse(data, domain);
                assertArrayEquals(original, data.toArray(ValueLayout.JAVA_LONG), "coset round trip at 2^" + k);
                // the prover's chain: evaluations → coefficients (NR) → coset evaluations (RN) and back
                PARALLEL.transform(data, domain, NttDirection.INVERSE, false, NttOrder.NR);
                PARALLEL.transform(data, domain, NttDirection.FORWARD, true, NttOrder.RN);
                PARALLEL.transform(data, domain, NttDirection.INVERSE, true, NttOrder.NR);
                PARALLEL.transform(data, domain, NttDirection.FORWARD, false, NttOrder.RN);
                assertArrayEquals(original, data.toArray(ValueLayout.JAVA_LONG), "NR/RN chain at 2^" + k);
            }
        }
    }

    @Test
    void shouldTransformAnFrVectorInPlace()
    {
        final SplittableRandom rng = new SplittableRandom(9);
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(6);
        final BigInteger[] coefficients = randomValues(domain.size(), rng);
        try (Arena arena = Arena.ofShared())
        {
            final FrVector vector = FrVector.allocate(arena, domain.size());
            for (int i = 0; i < coefficients.length; i++)
            {
                vector.set(i, Fr.of(coefficients[i]), 0);
            }
            PARALLEL.cosetForward(vector);
            assertArrayEquals(direct(coefficients, 6, NttDirection.FORWARD, true), valuesOf(vector.segment()));
            PARALLEL.cosetInverse(vector);
            assertArrayEquals(coefficients, valuesOf(vector.segment()));
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PARALLEL.forward(FrVector.allocate(arena, 48)));
            assertTrue(e.getMessage().contains("48 elements") && e.getMessage().contains("power of two"),
                e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> PARALLEL.forward(FrVector.allocate(arena, 0)));
        }
    }

    @Test
    void shouldMatchSampledEvaluationsAtLargerSizes()
    {
        final SplittableRandom rng = new SplittableRandom(16);
        for (final int k : new int[] {13, 16})
        {
            final EvaluationDomain domain = EvaluationDomain.ofLogSize(k);
            final BigInteger[] coefficients = randomValues(domain.size(), rng);
            final BigInteger omega = SEVEN.modPow(R.subtract(BigInteger.ONE).shiftRight(k), R);
            final MemorySegment plain = segmentOf(coefficients);
            PARALLEL.forward(plain, domain);
            final MemorySegment coset = segmentOf(coefficients);
            PARALLEL.cosetForward(coset, domain);
            final BigInteger[] plainOut = valuesOf(plain);
            final BigInteger[] cosetOut = valuesOf(coset);
            for (int s = 0; s < 6; s++)
            {
                final int at = s < 2 ? s * ((1 << k) - 1) : rng.nextInt(1 << k);
                final BigInteger point = omega.modPow(BigInteger.valueOf(at), R);
                assertEquals(horner(coefficients, point), plainOut[at], "forward at 2^" + k + ", index " + at);
                assertEquals(horner(coefficients, point.multiply(SEVEN).mod(R)), cosetOut[at],
                    "coset forward at 2^" + k + ", index " + at);
            }
        }
    }

    @Test
    void shouldGiveTheSameBitsOnAnyNumberOfThreads()
    {
        final SplittableRandom rng = new SplittableRandom(3);
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(15);
        try (Ntt three = new Ntt(3))
        {
            for (final NttOrder order : NttOrder.values())
            {
                for (final NttDirection direction : NttDirection.values())
                {
                    final BigInteger[] input = randomValues(domain.size(), rng);
                    final MemorySegment one = segmentOf(input);
                    final MemorySegment two = segmentOf(input);
                    final MemorySegment many = segmentOf(input);
                    SERIAL.transform(one, domain, direction, true, order);
                    PARALLEL.transform(two, domain, direction, true, order);
                    three.transform(many, domain, direction, true, order);
                    final long[] expected = one.toArray(ValueLayout.JAVA_LONG);
                    assertArrayEquals(expected, two.toArray(ValueLayout.JAVA_LONG), order + " " + direction);
                    assertArrayEquals(expected, many.toArray(ValueLayout.JAVA_LONG), order + " " + direction);
                }
            }
        }
    }

    @Test
    void shouldMultiplyPolynomialsLikeTheSchoolbook()
    {
        final SplittableRandom rng = new SplittableRandom(5);
        for (int round = 0; round < 20; round++)
        {
            final int degreeA = rng.nextInt(1, 70);
            final int degreeB = rng.nextInt(1, 60);
            final EvaluationDomain domain = EvaluationDomain.atLeast(degreeA + degreeB + 1);
            final BigInteger[] a = padded(randomValues(degreeA + 1, rng), domain.size());
            final BigInteger[] b = padded(randomValues(degreeB + 1, rng), domain.size());
            final MemorySegment x = segmentOf(a);
            final MemorySegment y = segmentOf(b);
            final boolean coset = round % 2 == 1;
            PARALLEL.transform(x, domain, NttDirection.FORWARD, coset, NttOrder.NR);
            PARALLEL.transform(y, domain, NttDirection.FORWARD, coset, NttOrder.NR);
            final long[] p = new long[Fr.LIMBS];
            final long[] q = new long[Fr.LIMBS];
            for (long i = 0; i < domain.size(); i++)
            {
                MemorySegment.copy(x, ValueLayout.JAVA_LONG, i * 32, p, 0, 4);
                MemorySegment.copy(y, ValueLayout.JAVA_LONG, i * 32, q, 0, 4);
                Fr.mul(p, p, q);
                MemorySegment.copy(p, 0, x, ValueLayout.JAVA_LONG, i * 32, 4);
            }
            PARALLEL.transform(x, domain, NttDirection.INVERSE, coset, NttOrder.RN);
            final BigInteger[] expected = new BigInteger[(int)domain.size()];
            java.util.Arrays.fill(expected, BigInteger.ZERO);
            for (int i = 0; i <= degreeA; i++)
            {
                for (int j = 0; j <= degreeB; j++)
                {
                    expected[i + j] = expected[i + j].add(a[i].multiply(b[j])).mod(R);
                }
            }
            assertArrayEquals(expected, valuesOf(x), "product of degrees " + degreeA + " and " + degreeB);
        }
    }

    @Test
    void shouldBitReverseInTiles()
    {
        final SplittableRandom rng = new SplittableRandom(7);
        for (int k = 0; k <= 16; k++)
        {
            final EvaluationDomain domain = EvaluationDomain.ofLogSize(k);
            final BigInteger[] values = randomValues(domain.size(), rng);
            final MemorySegment data = segmentOf(values);
            PARALLEL.bitReverse(data, domain);
            assertArrayEquals(bitReversed(values), valuesOf(data), "at 2^" + k);
        }
    }

    @Test
    void shouldRejectSegmentsThatDoNotMatchTheDomain()
    {
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(4);
        final IllegalArgumentException shortSegment = assertThrows(IllegalArgumentException.class,
            () -> SERIAL.forward(MemorySegment.ofArray(new long[15 * 4]), domain));
        assertTrue(shortSegment.getMessage().contains("exactly 512 bytes"), shortSegment.getMessage());
        assertTrue(shortSegment.getMessage().contains("got 480"), shortSegment.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> SERIAL.inverse(MemorySegment.ofArray(new long[17 * 4]), domain));
        final IllegalArgumentException readOnly = assertThrows(IllegalArgumentException.class,
            () -> SERIAL.forward(MemorySegment.ofArray(new long[16 * 4]).asReadOnly(), domain));
        assertTrue(readOnly.getMessage().contains("read-only"), readOnly.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Ntt(0));
        try (Arena confined = Arena.ofConfined())
        {
            final MemorySegment data = confined.allocate(512);
            final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PARALLEL.forward(data, domain));
            assertTrue(e.getMessage().contains("confined"), e.getMessage());
            SERIAL.forward(data, domain);
        }
    }

    /** The transform by its definition, including the coset scaling and m⁻¹. */
    private static BigInteger[] direct(final BigInteger[] x, final int k, final NttDirection direction,
        final boolean coset)
    {
        final int m = x.length;
        final BigInteger omega = SEVEN.modPow(R.subtract(BigInteger.ONE).shiftRight(k), R);
        final BigInteger[] out = new BigInteger[m];
        if (direction == NttDirection.FORWARD)
        {
            final BigInteger[] scaled = new BigInteger[m];
            for (int j = 0; j < m; j++)
            {
                scaled[j] = coset ? x[j].multiply(SEVEN.modPow(BigInteger.valueOf(j), R)).mod(R) : x[j];
            }
            for (int i = 0; i < m; i++)
            {
                out[i] = horner(scaled, omega.modPow(BigInteger.valueOf(i), R));
            }
            return out;
        }
        final BigInteger omegaInverse = omega.modInverse(R);
        final BigInteger mInverse = BigInteger.valueOf(m).modInverse(R);
        for (int j = 0; j < m; j++)
        {
            BigInteger v = horner(x, omegaInverse.modPow(BigInteger.valueOf(j), R)).multiply(mInverse);
            if (coset)
            {
                v = v.multiply(SEVEN.modInverse(R).modPow(BigInteger.valueOf(j), R));
            }
            out[j] = v.mod(R);
        }
        return out;
    }

    private static BigInteger horner(final BigInteger[] coefficients, final BigInteger point)
    {
        BigInteger acc = BigInteger.ZERO;
        for (int i = coefficients.length - 1; i >= 0; i--)
        {
            acc = acc.multiply(point).add(coefficients[i]).mod(R);
        }
        return acc;
    }

    private static BigInteger[] bitReversed(final BigInteger[] values)
    {
        final int bits = Integer.numberOfTrailingZeros(values.length);
        final BigInteger[] out = new BigInteger[values.length];
        for (int i = 0; i < values.length; i++)
        {
            out[bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits)] = values[i];
        }
        return out;
    }

    private static BigInteger[] padded(final BigInteger[] values, final long size)
    {
        final BigInteger[] out = new BigInteger[(int)size];
        java.util.Arrays.fill(out, BigInteger.ZERO);
        System.arraycopy(values, 0, out, 0, values.length);
        return out;
    }

    private static BigInteger[] randomValues(final long count, final SplittableRandom rng)
    {
        final BigInteger[] out = new BigInteger[(int)count];
        for (int i = 0; i < count; i++)
        {
            out[i] = Fr.toBigInteger(Fr.random(rng));
        }
        return out;
    }

    private static void fillRandom(final MemorySegment data, final SplittableRandom rng)
    {
        for (long at = 0; at < data.byteSize(); at += Ntt.ELEMENT_BYTES)
        {
            MemorySegment.copy(Fr.random(rng), 0, data, ValueLayout.JAVA_LONG, at, Fr.LIMBS);
        }
    }

    /** A heap segment holding the values in Montgomery form, 32 bytes each. */
    private static MemorySegment segmentOf(final BigInteger[] values)
    {
        final long[] limbs = new long[values.length * Fr.LIMBS];
        for (int i = 0; i < values.length; i++)
        {
            Fr.FIELD.fromBigInteger(values[i], limbs, i * Fr.LIMBS);
        }
        return MemorySegment.ofArray(limbs);
    }

    private static BigInteger[] valuesOf(final MemorySegment data)
    {
        final long[] limbs = data.toArray(ValueLayout.JAVA_LONG);
        final BigInteger[] out = new BigInteger[limbs.length / Fr.LIMBS];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = Fr.toBigInteger(limbs, i * Fr.LIMBS);
        }
        return out;
    }
}
