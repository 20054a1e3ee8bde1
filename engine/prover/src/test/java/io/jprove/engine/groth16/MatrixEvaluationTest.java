package io.jprove.engine.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

import org.junit.jupiter.api.Test;

import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.SparseMatrix;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * The matrices at τ ({@link MatrixEvaluation}: marked blocks per column range, inputs apart, ±1 without a
 * multiplication) against the plain sum over every entry, on random "Lagrange" values, for A, B and C of circuits with
 * inputs used all over, long-range references and coefficients of every kind, on 1, 3 and 16 threads (1 to 64
 * column ranges).
 */
class MatrixEvaluationTest
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    @Test
    void shouldEqualThePlainSumWhenBitsArePackedIntoInputs()
    {
        check(new BitsCircuit(1500, 3));
    }

    @Test
    void shouldEqualThePlainSumWhenConstraintsArePoseidonRounds()
    {
        check(new PoseidonChain(3, Fr.of(5), Fr.of(6)));
    }

    private static void check(final Circuit circuit)
    {
        try (ConstraintMatrices cs = RecordingAssignment.record(circuit); Arena arena = Arena.ofShared())
        {
            final long numVars = (long)cs.numInputs() + cs.numAux();
            final SplittableRandom rng = new SplittableRandom(SEED);
            final FrVector lagrange = FrVector.allocate(arena, cs.numConstraints());
            for (long k = 0; k < lagrange.size(); k++)
            {
                lagrange.set(k, Fr.random(rng), 0);
            }
            final MatrixEvaluation evaluation = new MatrixEvaluation(cs);
            for (final SparseMatrix matrix : new SparseMatrix[] {cs.a(), cs.b(), cs.c()})
            {
                final FrVector expected = plain(cs, matrix, lagrange, arena, numVars);
                for (final int threads : new int[] {1, 3, 16})
                {
                    try (ForkJoinPool pool = new ForkJoinPool(threads))
                    {
                        final FrVector acc = FrVector.allocate(arena, numVars);
                        evaluation.evaluate(matrix, lagrange, acc, pool);
                        final long at = expected.segment().mismatch(acc.segment());
                        assertEquals(-1, at, () -> "variable " + at / FrVector.ELEMENT_BYTES + " of " + numVars + " on "
                            + threads + " threads (seed " + SEED + ")");
                    }
                }
                assertTrue(nonZero(expected) > 0, "a comparison of zeros alone would prove nothing");
            }
        }
    }

    private static FrVector plain(final ConstraintMatrices cs, final SparseMatrix matrix, final FrVector lagrange,
        final Arena arena, final long numVars)
    {
        final FrVector acc = FrVector.allocate(arena, numVars);
        final long[] c = new long[Fr.LIMBS];
        final long[] l = new long[Fr.LIMBS];
        final long[] a = new long[Fr.LIMBS];
        for (long k = 0; k < matrix.rows(); k++)
        {
            lagrange.get(k, l, 0);
            for (long e = matrix.rowStart(k); e < matrix.rowStart(k + 1); e++)
            {
                cs.coefficient(matrix.coefficientId(e), c, 0);
                Fr.mul(c, 0, c, 0, l, 0);
                acc.get(matrix.column(e), a, 0);
                Fr.add(a, 0, a, 0, c, 0);
                acc.set(matrix.column(e), a, 0);
            }
        }
        return acc;
    }

    private static long nonZero(final FrVector v)
    {
        final long[] e = new long[Fr.LIMBS];
        long n = 0;
        for (long i = 0; i < v.size(); i++)
        {
            v.get(i, e, 0);
            n += Fr.isZero(e, 0) ? 0 : 1;
        }
        return n;
    }
}
