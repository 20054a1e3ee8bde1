package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.LongArray;

import java.lang.foreign.Arena;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * {@link SharedAccumulator} bit for bit against {@link XyzzInline#addMixed} on runs of points that meet every special
 * case: infinities, a point added to itself (doubling), to its negation (cancellation), and after a cancellation.
 */
final class SharedAccumulatorTest
{
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shouldMatchTheRegisterFormulasWhenRunsMeetEverySpecialCase(final int degree)
    {
        final MsmCurve curve = degree == 1 ? MsmCurve.G1 : MsmCurve.G2;
        final int n = Coordinates.limbs(degree);
        final int width = 4;
        final int item = 2;
        final SplittableRandom rng = new SplittableRandom(9 + degree);
        try (Arena arena = Arena.ofConfined())
        {
            final LongArray shared = LongArray.allocate(arena, 4L * n * width);
            final long[] p = new long[2 * n];
            MsmInputs.multiple(curve, p, MsmInputs.uniform(rng));
            final long[] minusP = p.clone();
            Coordinates.negIf(minusP, n, p, n, true, degree);
            final long[] q = new long[2 * n];
            MsmInputs.multiple(curve, q, MsmInputs.uniform(rng));
            final long[] infinity = new long[2 * n];
            final long[][] run = {infinity, p, minusP, q, q, p, p, minusP, minusP, infinity, minusP, p, p, q};
            final long[] expected = new long[4 * n];
            SharedAccumulator.clear(shared, item, width, degree);
            for (int k = 0; k < run.length; k++)
            {
                XyzzInline.addMixed(expected, 0, run[k], 0, degree);
                SharedAccumulator.addMixed(shared, item, width, run[k], degree);
                final long[] actual = new long[4 * n];
                SharedAccumulator.read(shared, item, width, actual, degree);
                assertArrayEquals(expected, actual, curve + " after " + (k + 1) + " points");
            }
        }
    }
}
