package io.jprove.kernels.spmv;

import io.jprove.field.Fr;
import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * A constraint matrix times the witness on the device ({@link SpmvMatrix}'s form), the step that completes the
 * prover's a, b, c from the two products, and the witness's unpacking ({@link PackedWitness}). Every value is Fr in
 * Montgomery form, canonical, so the sums equal the CPU's sparse products bit for bit whatever order they are added
 * in.
 *
 * <p>Rows of at most {@link #LONG_ROW} entries are summed in row order ({@link #spmv}), longer ones in order of
 * length ({@link #spmvLongRows}), a work-item a row in both. Filecoin's circuits are almost all rows of one to three
 * entries with a few thousand rows of hundreds (bit packings, Poseidon's rounds): in row order a long row holds its
 * warp's 31 short ones for its whole length, and the 2KiB PoRep circuit's A would use 8 % of its warps' lanes.
 */
public final class SpmvKernels
{
    /** Work-items per group. */
    public static final int LOCAL_SIZE = 256;
    /** An entry's code for the coefficient one: z is added. */
    public static final int ONE = 0;
    /** An entry's code for −1: z is subtracted. */
    public static final int MINUS_ONE = 1;
    /** An entry's code for two: z is doubled and added. */
    public static final int TWO = 2;
    /** The first code of a coefficient multiplied from the table (its limbs at {@code 4·code}). */
    public static final int FIRST_GENERAL = 3;
    /** The codes an entry can have: 16 bits. */
    public static final int CODES = 1 << 16;
    /** The most entries of a row summed in row order; longer rows are summed apart, in order of length. */
    public static final int LONG_ROW = 8;

    private static final int L = Fr.LIMBS;

    private SpmvKernels()
    {
    }

    /**
     * out[row] ← Σ coefficient(e)·z[column(e)] over row's entries, for the rows {@code first} to {@code first + count}
     * of at most {@link #LONG_ROW} entries; a longer row is left as it is, for {@link #spmvLongRows}.
     *
     * @param starts  row r's entries are {@code [starts[r], starts[r + 1])}, unsigned
     * @param columns per entry its column of z (unsigned)
     * @param codes   per entry its coefficient's code, 16 bits, two entries per int (entry e in the low half when e
     *                is even)
     * @param table   the coefficients of codes from {@link #FIRST_GENERAL} on, four Montgomery limbs at {@code 4·code}
     * @param z       the witness: inputs, then aux, four limbs each
     * @param out     four limbs per row
     */
    @Kernel
    public static void spmv(final KernelContext ctx, final IntArray starts, final IntArray columns,
        final IntArray codes, final LongArray table, final LongArray z, final LongArray out, final long first,
        final long count)
    {
        final long i = ctx.globalIdX();
        if (i >= count)
        {
            return;
        }
        final long row = first + i;
        final long begin = Integer.toUnsignedLong(starts.get(row));
        final long end = Integer.toUnsignedLong(starts.get(row + 1));
        if (end - begin > LONG_ROW)
        {
            return;
        }
        sumRow(row, begin, end, columns, codes, table, z, out);
    }

    /**
     * out[row] ← Σ coefficient(e)·z[column(e)] for the long rows ({@code longRows}, more than {@link #LONG_ROW}
     * entries each) inside {@code [first, first + count)}, one work-item a row. The list is sorted by length, longest
     * first, so a warp's rows are about as long as each other and the longest start first.
     *
     * @param longRows the rows of more than {@link #LONG_ROW} entries, u32, longest first
     * @param n        how many
     */
    @Kernel
    public static void spmvLongRows(final KernelContext ctx, final IntArray starts, final IntArray columns,
        final IntArray codes, final LongArray table, final LongArray z, final LongArray out, final IntArray longRows,
        final long n, final long first, final long count)
    {
        final long i = ctx.globalIdX();
        if (i >= n)
        {
            return;
        }
        final long row = Integer.toUnsignedLong(longRows.get(i));
        if (row < first || row >= first + count)
        {
            return;
        }
        sumRow(row, Integer.toUnsignedLong(starts.get(row)), Integer.toUnsignedLong(starts.get(row + 1)), columns,
            codes, table, z, out);
    }

    /** out[row] ← Σ coefficient(e)·z[column(e)] over the entries {@code [begin, end)}. */
    private static void sumRow(final long row, final long begin, final long end, final IntArray columns,
        final IntArray codes, final LongArray table, final LongArray z, final LongArray out)
    {
        final long[] acc = new long[L];
        final long[] t = new long[L];
        final long[] k = new long[L];
        for (long e = begin; e < end; e++)
        {
            addEntry(acc, t, k, e, columns, codes, table, z);
        }
        out.set(row * L, acc[0]);
        out.set(row * L + 1, acc[1]);
        out.set(row * L + 2, acc[2]);
        out.set(row * L + 3, acc[3]);
    }

    /** acc ← acc + coefficient(e)·z[column(e)]; t and k are scratch. */
    private static void addEntry(final long[] acc, final long[] t, final long[] k, final long e,
        final IntArray columns, final IntArray codes, final LongArray table, final LongArray z)
    {
        final long col = Integer.toUnsignedLong(columns.get(e));
        final int code = codes.get(e >>> 1) >>> (((int)e & 1) << 4) & 0xffff;
        t[0] = z.get(col * L);
        t[1] = z.get(col * L + 1);
        t[2] = z.get(col * L + 2);
        t[3] = z.get(col * L + 3);
        if (code == ONE)
        {
            Fr.add(acc, 0, acc, 0, t, 0);
        }
        else if (code == MINUS_ONE)
        {
            Fr.sub(acc, 0, acc, 0, t, 0);
        }
        else if (code == TWO)
        {
            Fr.dbl(t, 0, t, 0);
            Fr.add(acc, 0, acc, 0, t, 0);
        }
        else
        {
            k[0] = table.get((long)code * L);
            k[1] = table.get((long)code * L + 1);
            k[2] = table.get((long)code * L + 2);
            k[3] = table.get((long)code * L + 3);
            Fr.mul(t, 0, t, 0, k, 0);
            Fr.add(acc, 0, acc, 0, t, 0);
        }
    }

    /**
     * z[i] for i &lt; n from the packed witness ({@link PackedWitness}): its 2-bit kind (zero, one, other) from
     * {@code kinds} (32 per long, element i at bits 2(i mod 32)), an other's value from {@code others} at its rank:
     * {@code offsets} counts the others before each 32 elements, and a popcount those before it among them.
     *
     * @param one0 Montgomery one's limbs, {@code one0} to {@code one3}
     */
    @Kernel
    public static void unpackWitness(final KernelContext ctx, final LongArray kinds, final IntArray offsets,
        final LongArray others, final LongArray z, final long n, final long one0, final long one1, final long one2,
        final long one3)
    {
        final long i = ctx.globalIdX();
        if (i >= n)
        {
            return;
        }
        final long word = kinds.get(i >>> 5);
        final int shift = ((int)i & 31) << 1;
        final long kind = word >>> shift & 3;
        if (kind == PackedWitness.OTHER)
        {
            final long below = (word >>> 1) & 0x5555555555555555L & ((1L << shift) - 1);
            final long at = (Integer.toUnsignedLong(offsets.get(i >>> 5)) + Long.bitCount(below)) * L;
            z.set(i * L, others.get(at));
            z.set(i * L + 1, others.get(at + 1));
            z.set(i * L + 2, others.get(at + 2));
            z.set(i * L + 3, others.get(at + 3));
            return;
        }
        final boolean isOne = kind == PackedWitness.ONE;
        z.set(i * L, isOne ? one0 : 0L);
        z.set(i * L + 1, isOne ? one1 : 0L);
        z.set(i * L + 2, isOne ? one2 : 0L);
        z.set(i * L + 3, isOne ? one3 : 0L);
    }

    /**
     * Completes a, b, c over the domain's m rows once a and b hold the constraints' products: c ← a·b for the
     * {@code constraints} rows (c = a∘b for a satisfying witness, so C need not be evaluated); then one row
     * {@code input × 0 = 0} per input (a ← the input, b, c ← 0); then zeros to m.
     *
     * @param z the witness, its {@code inputs} inputs first
     */
    @Kernel
    public static void spmvComplete(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray c,
        final LongArray z, final long constraints, final long inputs, final long m)
    {
        final long i = ctx.globalIdX();
        if (i >= m)
        {
            return;
        }
        if (i < constraints)
        {
            final long[] x = new long[L];
            final long[] y = new long[L];
            for (int j = 0; j < L; j++)
            {
                x[j] = a.get(i * L + j);
                y[j] = b.get(i * L + j);
            }
            Fr.mul(x, 0, x, 0, y, 0);
            for (int j = 0; j < L; j++)
            {
                c.set(i * L + j, x[j]);
            }
            return;
        }
        final boolean input = i < constraints + inputs;
        for (int j = 0; j < L; j++)
        {
            a.set(i * L + j, input ? z.get((i - constraints) * L + j) : 0L);
            b.set(i * L + j, 0L);
            c.set(i * L + j, 0L);
        }
    }
}
