package io.jprove.engine.r1cs;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.field.Fr;

/**
 * The classed sparse product against the proving synthesizer's plain field sums, bit for bit, on rows built to hit
 * every class: values 0, 1 and other; coefficients ±1, small integers up to the 2^10 boundary and past it, powers
 * of two from 2^10 up to 2^254 repeated until their sum passes r and 2^256 (carries across limbs, reductions),
 * their negations and random elements.
 */
class SparseProductTest
{
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void shouldEqualPlainFieldSumsForEveryClassOfEntry(final long seed)
    {
        final Circuit circuit = cs -> synthesize(cs, seed);
        try (ConstraintMatrices m = RecordingAssignment.record(circuit);
             ProverInputs direct = ProvingAssignment.synthesize(circuit, m.counts());
             ProverInputs viaSpmv = m.evaluate(WitnessAssignment.synthesize(circuit, null), circuit, 2))
        {
            SameInputs.assertSame(direct, viaSpmv);
        }
    }

    private static void synthesize(final ConstraintSystem cs, final long seed)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int n = 600;
        final int[] vars = new int[n];
        for (int i = 0; i < n; i++)
        {
            final int kind = rnd.nextInt(10);
            final long[] v = kind < 4 ? new long[Fr.LIMBS] : kind < 8 ? Fr.one() : Fr.random(rnd);
            vars[i] = i < 5 ? cs.allocInput("x", (r, o) -> Fr.copy(r, o, v, 0))
                : cs.alloc("x", (r, o) -> Fr.copy(r, o, v, 0));
        }
        final LinearCombination[] lcs = {new LinearCombination(), new LinearCombination(), new LinearCombination()};
        for (int row = 0; row < 400; row++)
        {
            for (final LinearCombination lc : lcs)
            {
                lc.clear();
                final int terms = rnd.nextInt(row % 5 == 0 ? 300 : 8);
                for (int t = 0; t < terms; t++)
                {
                    final int var = rnd.nextInt(6) == 0 ? Variable.ONE : vars[rnd.nextInt(n)];
                    lc.add(coefficient(rnd), 0, var);
                }
            }
            cs.enforce("row", lcs[0], lcs[1], lcs[2]);
        }
    }

    private static long[] coefficient(final SplittableRandom rnd)
    {
        final BigInteger c = switch (rnd.nextInt(9))
        {
            case 0 -> BigInteger.ONE;
            case 1 -> BigInteger.ONE.negate();
            case 2 -> BigInteger.valueOf(rnd.nextLong(1L << 11) - (1L << 10));
            case 3 -> BigInteger.ONE.shiftLeft(10).subtract(BigInteger.valueOf(rnd.nextInt(2)));
            case 4 -> BigInteger.ONE.shiftLeft(10).add(BigInteger.valueOf(rnd.nextInt(2))).negate();
            case 5 -> BigInteger.ONE.shiftLeft(10 + rnd.nextInt(245));
            case 6 -> BigInteger.ONE.shiftLeft(200 + rnd.nextInt(55));
            case 7 -> BigInteger.ONE.shiftLeft(10 + rnd.nextInt(244)).negate();
            default -> Fr.toBigInteger(Fr.random(rnd));
        };
        return Fr.of(c.mod(Fr.MODULUS));
    }
}
