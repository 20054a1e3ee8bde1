package io.jprove.kernels.spmv;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * One constraint matrix in the device's form, in host memory until {@link GpuSpmv} uploads it: compressed sparse
 * rows with 32-bit row starts and columns and a 16-bit coefficient code per entry ({@link SpmvKernels#ONE},
 * {@link SpmvKernels#MINUS_ONE}, {@link SpmvKernels#TWO}, else an index into the circuit's coefficient table), six
 * bytes an entry against the CPU form's eight, and the list of its rows longer than {@link SpmvKernels#LONG_ROW},
 * longest first (summed apart, {@link SpmvKernels#spmvLongRows}). Made by a {@link Builder}; owns its memory
 * until {@link #close()}.
 */
public final class SpmvMatrix implements AutoCloseable
{
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT;

    private final long rows;
    private final long entries;
    private final Arena arena;
    private final MemorySegment starts;
    private final MemorySegment columns;
    private final MemorySegment codes;
    private final int[] longRows;

    private SpmvMatrix(final long rows, final long entries, final Arena arena, final MemorySegment starts,
        final MemorySegment columns, final MemorySegment codes, final int[] longRows)
    {
        this.rows = rows;
        this.entries = entries;
        this.arena = arena;
        this.starts = starts;
        this.columns = columns;
        this.codes = codes;
        this.longRows = longRows;
    }

    /**
     * @param rows    the matrix's rows
     * @param entries its stored entries, fewer than 2^32
     * @return a builder that takes exactly these rows and entries, in row order
     * @throws IllegalArgumentException when the counts do not fit the form
     */
    public static Builder builder(final long rows, final long entries)
    {
        return new Builder(rows, entries);
    }

    /** @return the rows. */
    public long rows()
    {
        return rows;
    }

    /** @return the stored entries. */
    public long entries()
    {
        return entries;
    }

    /** @return the device bytes of the form: row starts, columns, codes and the long rows. */
    public long bytes()
    {
        return starts.byteSize() + columns.byteSize() + codes.byteSize() + longRowBytes(longRows.length);
    }

    /**
     * @return the rows of more than {@link SpmvKernels#LONG_ROW} entries, longest first (rows of one length in row
     *         order), as unsigned 32-bit numbers (shared, not copied: do not change it)
     */
    int[] longRows()
    {
        return longRows;
    }

    /** @return {@code rows + 1} row starts, u32. */
    MemorySegment starts()
    {
        return starts;
    }

    /** @return a column per entry, u32. */
    MemorySegment columns()
    {
        return columns;
    }

    /** @return a code per entry, u16, padded to whole ints. */
    MemorySegment codes()
    {
        return codes;
    }

    /**
     * @return the device bytes of the form of a matrix of {@code rows}, {@code entries} and {@code longRows} rows of
     *         more than {@link SpmvKernels#LONG_ROW} entries
     */
    public static long bytes(final long rows, final long entries, final long longRows)
    {
        return (rows + 1) * Integer.BYTES + Math.max(1, entries) * Integer.BYTES + codeBytes(entries)
            + longRowBytes(longRows);
    }

    private static long longRowBytes(final long longRows)
    {
        return Math.max(1, longRows) * Integer.BYTES;
    }

    private static long codeBytes(final long entries)
    {
        return Math.max(1, (entries + 1) / 2) * Integer.BYTES;
    }

    /** Frees the host memory. */
    @Override
    public void close()
    {
        arena.close();
    }

    /** Takes a matrix's entries row by row ({@link #entry}, then {@link #endRow}); not thread-safe. */
    public static final class Builder
    {
        private final long rows;
        private final long entries;
        private final Arena arena = Arena.ofShared();
        private final MemorySegment starts;
        private final MemorySegment columns;
        private final MemorySegment codes;
        private long row;
        private long entry;
        private int[] longRows = new int[16];
        private int longCount;

        private Builder(final long rows, final long entries)
        {
            if (rows < 0 || entries < 0 || entries >= 1L << 32 || rows >= Integer.MAX_VALUE)
            {
                throw new IllegalArgumentException("a matrix of " + rows + " rows and " + entries + " entries does "
                    + "not fit the device form (32-bit row starts and columns)");
            }
            this.rows = rows;
            this.entries = entries;
            starts = arena.allocate((rows + 1) * Integer.BYTES, 16);
            columns = arena.allocate(Math.max(1, entries) * Integer.BYTES, 16);
            codes = arena.allocate(codeBytes(entries), 16);
        }

        /**
         * Appends an entry to the current row.
         *
         * @param column its column of z, as an unsigned 32-bit number
         * @param code   its coefficient's code, below {@link SpmvKernels#CODES}
         */
        public void entry(final int column, final int code)
        {
            if (entry == entries || code < 0 || code >= SpmvKernels.CODES)
            {
                throw new IllegalArgumentException("entry " + entry + " of a matrix of " + entries + " (code " + code
                    + ")");
            }
            columns.setAtIndex(INT, entry, column);
            codes.setAtIndex(SHORT, entry, (short)code);
            entry++;
        }

        /** Ends the current row. */
        public void endRow()
        {
            if (row == rows)
            {
                throw new IllegalStateException("row " + row + " of a matrix of " + rows);
            }
            final long begin = Integer.toUnsignedLong(starts.getAtIndex(INT, row));
            if (entry - begin > SpmvKernels.LONG_ROW)
            {
                if (longCount == longRows.length)
                {
                    longRows = Arrays.copyOf(longRows, 2 * longCount);
                }
                longRows[longCount++] = (int)row;
            }
            row++;
            starts.setAtIndex(INT, row, (int)entry);
        }

        private int[] longestFirst()
        {
            final long[] keyed = new long[longCount];
            for (int i = 0; i < longCount; i++)
            {
                final long row = Integer.toUnsignedLong(longRows[i]);
                final long length = Integer.toUnsignedLong(starts.getAtIndex(INT, row + 1))
                    - Integer.toUnsignedLong(starts.getAtIndex(INT, row));
                // length in the high bits, descending; the row in the low 32, ascending
                keyed[i] = (-length << 32) | row;
            }
            Arrays.sort(keyed);
            final int[] sorted = new int[longCount];
            for (int i = 0; i < longCount; i++)
            {
                sorted[i] = (int)keyed[i];
            }
            return sorted;
        }

        /**
         * @return the matrix, which owns the memory from here on
         * @throws IllegalStateException when fewer rows or entries came than were announced
         */
        public SpmvMatrix build()
        {
            if (row != rows || entry != entries)
            {
                arena.close();
                throw new IllegalStateException(row + " rows and " + entry + " entries built of " + rows + " and "
                    + entries);
            }
            return new SpmvMatrix(rows, entries, arena, starts, columns, codes, longestFirst());
        }
    }
}
