package io.jprove.engine.groth16;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.SparseMatrix;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * One matrix at τ: {@code acc[column] += coefficient·Lₖ(τ)} over every entry of every row k, that is uᵢ(τ), vᵢ(τ) or
 * wᵢ(τ) for every variable, on all threads, with no two threads adding into one accumulator and no per-thread copy
 * of the accumulators (which would be gigabytes each at 130 M variables).
 * <ul>
 *   <li>The aux columns are split into up to {@value #MAX_RANGES} ranges, one task each. A first pass over blocks of
 *       {@value #BLOCK_ROWS} rows marks, per block, the ranges its entries fall in (one bit each); a task then reads
 *       only the blocks marked for it. Constraints mostly use variables allocated near them, so a task reads about
 *       its own share of the entries and a little more (a PoRep partition: 1.5 to 4 times its share), where scanning
 *       every row in every task read the whole matrix once per task.</li>
 *   <li>The input columns (ONE and the public inputs), which constraints all over the circuit use, are summed in the
 *       first pass, into a small copy per task of that pass, and those copies are added up at the end.</li>
 *   <li>Coefficients 1 and −1, most of a PoRep circuit's, are added or subtracted without a multiplication.</li>
 * </ul>
 */
final class MatrixEvaluation
{
    /** Rows per block of the first pass. */
    static final int BLOCK_ROWS = 1 << 12;
    /** Ranges of aux columns (bits of a block's mark). */
    static final int MAX_RANGES = 64;
    private static final byte OTHER = 0;
    private static final byte ONE = 1;
    private static final byte MINUS_ONE = 2;

    private final ConstraintMatrices cs;
    private final long[] coefficients;
    private final byte[] kinds;

    MatrixEvaluation(final ConstraintMatrices cs)
    {
        this.cs = cs;
        final int n = cs.numCoefficients();
        this.coefficients = new long[n * Fr.LIMBS];
        this.kinds = new byte[n];
        final long[] minusOne = new long[Fr.LIMBS];
        Fr.neg(minusOne, 0, Fr.one(), 0);
        for (int id = 0; id < n; id++)
        {
            cs.coefficient(id, coefficients, id * Fr.LIMBS);
            kinds[id] = Fr.isOne(coefficients, id * Fr.LIMBS) ? ONE
                : Fr.equal(coefficients, id * Fr.LIMBS, minusOne, 0) ? MINUS_ONE : OTHER;
        }
    }

    /**
     * @param matrix   A, B or C of the circuit.
     * @param lagrange Lₖ(τ) for every row k (at least the matrix's rows).
     * @param acc      one accumulator per variable (inputs, then aux), added into.
     */
    void evaluate(final SparseMatrix matrix, final FrVector lagrange, final FrVector acc, final ForkJoinPool pool)
    {
        final int numInputs = cs.numInputs();
        final long aux = acc.size() - numInputs;
        final int ranges = (int)Math.max(1, Math.min(MAX_RANGES, Math.min(aux, 4L * pool.getParallelism())));
        final long rows = matrix.rows();
        final int blocks = Math.toIntExact((rows + BLOCK_ROWS - 1) / BLOCK_ROWS);
        final long[] marks = new long[blocks];
        final int groups = Math.max(1, Math.min(blocks, 4 * pool.getParallelism()));
        final long[][] inputs = new long[groups][numInputs * Fr.LIMBS];
        ParallelChunks.submit(pool, () -> IntStream.range(0, groups).parallel().forEach(g ->
        {
            final long[] lk = new long[Fr.LIMBS];
            final long[] t = new long[Fr.LIMBS];
            final long[] mine = inputs[g];
            for (int b = (int)((long)blocks * g / groups); b < (int)((long)blocks * (g + 1) / groups); b++)
            {
                long mark = 0;
                final long last = Math.min(rows, (b + 1L) * BLOCK_ROWS);
                for (long k = (long)b * BLOCK_ROWS; k < last; k++)
                {
                    boolean loaded = false;
                    final long end = matrix.rowStart(k + 1);
                    for (long e = matrix.rowStart(k); e < end; e++)
                    {
                        final int column = matrix.column(e);
                        if (column >= numInputs)
                        {
                            mark |= 1L << range(column, numInputs, aux, ranges);
                            continue;
                        }
                        if (!loaded)
                        {
                            lagrange.get(k, lk, 0);
                            loaded = true;
                        }
                        addTerm(mine, column * Fr.LIMBS, matrix.coefficientId(e), lk, t);
                    }
                }
                marks[b] = mark;
            }
        }));
        final long[] a = new long[Fr.LIMBS];
        for (int i = 0; i < numInputs; i++)
        {
            acc.get(i, a, 0);
            for (final long[] copy : inputs)
            {
                Fr.add(a, 0, a, 0, copy, i * Fr.LIMBS);
            }
            acc.set(i, a, 0);
        }
        if (aux == 0)
        {
            return;
        }
        ParallelChunks.submit(pool, () -> IntStream.range(0, ranges).parallel().forEach(r ->
        {
            final long bit = 1L << r;
            final long[] lk = new long[Fr.LIMBS];
            final long[] t = new long[Fr.LIMBS];
            final long[] sum = new long[Fr.LIMBS];
            for (int b = 0; b < blocks; b++)
            {
                if ((marks[b] & bit) == 0)
                {
                    continue;
                }
                final long last = Math.min(rows, (b + 1L) * BLOCK_ROWS);
                for (long k = (long)b * BLOCK_ROWS; k < last; k++)
                {
                    boolean loaded = false;
                    final long end = matrix.rowStart(k + 1);
                    for (long e = matrix.rowStart(k); e < end; e++)
                    {
                        final int column = matrix.column(e);
                        if (column < numInputs || range(column, numInputs, aux, ranges) != r)
                        {
                            continue;
                        }
                        if (!loaded)
                        {
                            lagrange.get(k, lk, 0);
                            loaded = true;
                        }
                        acc.get(column, sum, 0);
                        addTerm(sum, 0, matrix.coefficientId(e), lk, t);
                        acc.set(column, sum, 0);
                    }
                }
            }
        }));
    }

    /** @return the range of an aux column: ranges split the aux columns into equal parts. */
    private static int range(final int column, final int numInputs, final long aux, final int ranges)
    {
        return (int)((column - numInputs) * (long)ranges / aux);
    }

    /** {@code dst += coefficient·lk}; {@code t} is scratch. */
    private void addTerm(final long[] dst, final int at, final int id, final long[] lk, final long[] t)
    {
        switch (kinds[id])
        {
            case ONE -> Fr.add(dst, at, dst, at, lk, 0);
            case MINUS_ONE -> Fr.sub(dst, at, dst, at, lk, 0);
            default ->
            {
                Fr.mul(t, 0, coefficients, id * Fr.LIMBS, lk, 0);
                Fr.add(dst, at, dst, at, t, 0);
            }
        }
    }
}
