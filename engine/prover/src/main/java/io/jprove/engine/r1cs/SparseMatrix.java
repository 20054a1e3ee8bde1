package io.jprove.engine.r1cs;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * One of A, B, C in compressed sparse row form, off-heap, little-endian: {@code rows + 1} row pointers (u64; row k's
 * entries are {@code [rowStart(k), rowStart(k + 1))}), then per entry a column (u32: input i is column i, aux j is
 * column {@code numInputs + j}) and a coefficient id into the {@link ConstraintMatrices}' coefficient table (u32).
 * Immutable once built; readable from any thread.
 */
public final class SparseMatrix
{
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final long rows;
    private final long nnz;
    private final MemorySegment rowPointers;
    private final MemorySegment columns;
    private final MemorySegment coefficientIds;

    SparseMatrix(final long rows, final long nnz, final MemorySegment rowPointers, final MemorySegment columns,
        final MemorySegment coefficientIds)
    {
        this.rows = rows;
        this.nnz = nnz;
        this.rowPointers = rowPointers.asSlice(0, (rows + 1) * Long.BYTES);
        this.columns = columns.asSlice(0, nnz * Integer.BYTES);
        this.coefficientIds = coefficientIds.asSlice(0, nnz * Integer.BYTES);
    }

    /** @return the number of rows (constraints). */
    public long rows()
    {
        return rows;
    }

    /** @return the number of stored entries. */
    public long nnz()
    {
        return nnz;
    }

    /** @return the index of row {@code k}'s first entry; {@code rowStart(rows())} is {@link #nnz()}. */
    public long rowStart(final long k)
    {
        return rowPointers.get(U64, k * Long.BYTES);
    }

    /** @return the column of entry {@code e}: inputs first, then aux. */
    public int column(final long e)
    {
        return columns.get(U32, e * Integer.BYTES);
    }

    /** @return the coefficient id of entry {@code e}. */
    public int coefficientId(final long e)
    {
        return coefficientIds.get(U32, e * Integer.BYTES);
    }

    MemorySegment rowPointerSegment()
    {
        return rowPointers;
    }

    MemorySegment columnSegment()
    {
        return columns;
    }

    MemorySegment coefficientIdSegment()
    {
        return coefficientIds;
    }

    /** Accumulates one matrix while recording: columns are tagged variable handles until {@link #build}. */
    static final class Builder implements AutoCloseable
    {
        private final GrowableSegment rowPointerStore = new GrowableSegment(1024 * Long.BYTES);
        private final GrowableSegment columnStore = new GrowableSegment(4096 * Integer.BYTES);
        private final GrowableSegment idStore = new GrowableSegment(4096 * Integer.BYTES);
        private MemorySegment rowPointers = rowPointerStore.segment();
        private MemorySegment columns = columnStore.segment();
        private MemorySegment ids = idStore.segment();
        private long rows;
        private long nnz;

        /** Appends one row from a linear combination. */
        void appendRow(final LinearCombination lc, final CoefficientTable table)
        {
            final int n = lc.size();
            final int[] vars = lc.variableArray();
            final byte[] kinds = lc.kindArray();
            final long[] coefficients = lc.coefficientLimbs();
            columns = columnStore.ensure((nnz + n) * Integer.BYTES);
            ids = idStore.ensure((nnz + n) * Integer.BYTES);
            for (int i = 0; i < n; i++)
            {
                final int id = switch (kinds[i])
                {
                    case LinearCombination.KIND_ONE -> CoefficientTable.ID_ONE;
                    case LinearCombination.KIND_MINUS_ONE -> CoefficientTable.ID_MINUS_ONE;
                    default -> table.idOf(coefficients, i * 4);
                };
                columns.set(U32, nnz * Integer.BYTES, vars[i]);
                ids.set(U32, nnz * Integer.BYTES, id);
                nnz++;
            }
            rows++;
            rowPointers = rowPointerStore.ensure((rows + 1) * Long.BYTES);
            rowPointers.set(U64, rows * Long.BYTES, nnz);
        }

        /** Rewrites tagged handles as columns (inputs first, then aux) and freezes the matrix. */
        SparseMatrix build(final int numInputs)
        {
            for (long e = 0; e < nnz; e++)
            {
                final int v = columns.get(U32, e * Integer.BYTES);
                columns.set(U32, e * Integer.BYTES, v < 0 ? -1 - v : numInputs + v);
            }
            return new SparseMatrix(rows, nnz, rowPointers, columns, ids);
        }

        @Override
        public void close()
        {
            rowPointerStore.close();
            columnStore.close();
            idStore.close();
        }
    }
}
