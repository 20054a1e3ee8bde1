package io.jprove.field.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * The PoRep-sized transform: 2^27 elements (4 GiB off-heap) by default, or 2^{@code jprove.ntt.largeLogSize}.
 * Sampled evaluations checked by Horner's rule, then a round trip checked against the regenerated input (no 4 GiB
 * copy is kept). Tagged slow: minutes on a few cores.
 */
@Tag("slow")
class NttLargeTest
{
    private static final long SEED = 27;

    @Test
    void shouldRoundTripAtThePoRepDomainSize()
    {
        final int logSize = Integer.getInteger("jprove.ntt.largeLogSize", 27);
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(logSize);
        try (Arena arena = Arena.ofShared(); Ntt ntt = new Ntt())
        {
            final FrVector vector = FrVector.allocate(arena, domain.size());
            final SplittableRandom fill = new SplittableRandom(SEED);
            for (long i = 0; i < domain.size(); i++)
            {
                vector.set(i, Fr.random(fill), 0);
            }
            final long[] points = {0, 1, domain.size() - 1, new SplittableRandom(SEED + 1).nextLong(domain.size())};
            final long[][] expected = new long[points.length][];
            for (int p = 0; p < points.length; p++)
            {
                expected[p] = evaluate(vector, domain, points[p]);
            }
            ntt.forward(vector);
            final long[] value = new long[Fr.LIMBS];
            for (int p = 0; p < points.length; p++)
            {
                vector.get(points[p], value, 0);
                assertEquals(Fr.toBigInteger(expected[p]), Fr.toBigInteger(value), "evaluation at ω^" + points[p]);
            }
            ntt.inverse(vector);
            final SplittableRandom again = new SplittableRandom(SEED);
            for (long i = 0; i < domain.size(); i++)
            {
                vector.get(i, value, 0);
                if (!Fr.equal(value, 0, Fr.random(again), 0))
                {
                    throw new AssertionError("round trip differs at element " + i + " of 2^" + logSize);
                }
            }
        }
    }

    /** Σ c_i·(ω^k)^i by Horner's rule. */
    private static long[] evaluate(final FrVector coefficients, final EvaluationDomain domain, final long k)
    {
        final long[] point = new long[Fr.LIMBS];
        Fr.pow(point, 0, domain.omega(), 0, java.math.BigInteger.valueOf(k));
        final long[] acc = Fr.zero();
        final long[] c = new long[Fr.LIMBS];
        for (long i = coefficients.size() - 1; i >= 0; i--)
        {
            coefficients.get(i, c, 0);
            Fr.mul(acc, acc, point);
            Fr.add(acc, acc, c);
        }
        return acc;
    }
}
