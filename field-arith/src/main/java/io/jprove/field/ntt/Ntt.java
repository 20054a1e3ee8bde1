package io.jprove.field.ntt;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * Number-theoretic transforms over Fr, in place on a {@link MemorySegment} of m elements (32 bytes each: four
 * little-endian 64-bit limbs in Montgomery form), over a pool of worker threads. One instance may serve many threads
 * at once; its pool is shared by their transforms.
 * <p>
 * The method is the four-step one (Bailey): m = rows × columns, the vector seen as a row-major matrix. Decimation in
 * frequency (orders NR, NN, RR) transforms every column (gathered, a group of adjacent columns at a time, into a
 * cache-resident block), then every row after multiplying it by the twiddles ω^(row·column); each sub-transform is an
 * in-cache radix-2 pass, and the output lands bit-reversed. Decimation in time (RN) runs the mirror image: rows, then
 * columns. Memory is read and written twice per transform (three times with a bit-reversal pass), and scalings
 * (coset powers, m⁻¹) ride along with those passes. Results do not depend on the thread count.
 */
public final class Ntt implements AutoCloseable
{
    /** Bytes per element. */
    public static final int ELEMENT_BYTES = Fr.LIMBS * Long.BYTES;
    /** Below this many elements a transform runs on the caller's thread: the pool's hand-off costs more. */
    static final long PARALLEL_THRESHOLD = 1 << 12;
    /** Elements per gathered column block (1 MiB): small enough for a core's L2, large enough for long row runs. */
    private static final int COLUMN_BLOCK_ELEMENTS = 1 << 15;
    /** At least this many adjacent columns per block, so each row run read from memory is 256 contiguous bytes. */
    private static final int MIN_COLUMNS_PER_BLOCK = 8;
    /** Work items per thread, so an uneven thread finish costs little. */
    private static final int CHUNKS_PER_THREAD = 4;
    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int L = Fr.LIMBS;

    /** Never started: a segment that this thread may not touch is confined to the thread that made it. */
    private static final Thread SOME_OTHER_THREAD = Thread.ofPlatform().unstarted(() -> { });

    private final int threads;
    private final ForkJoinPool pool;

    /** A transform on all available processors. */
    public Ntt()
    {
        this(Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param threads worker threads, at least 1; with 1 every transform runs on the caller's thread.
     * @throws IllegalArgumentException if {@code threads} is below 1.
     */
    public Ntt(final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("NTT thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : new ForkJoinPool(threads);
    }

    /** @return the number of worker threads. */
    public int threads()
    {
        return threads;
    }

    /** Forward NTT, natural order in and out: evaluations X[k] = Σ x[j]·ω^(jk). */
    public void forward(final MemorySegment data, final EvaluationDomain domain)
    {
        transform(data, domain, NttDirection.FORWARD, false, NttOrder.NN);
    }

    /** Inverse NTT, natural order in and out: coefficients x[j] = m⁻¹·Σ X[k]·ω^(−jk). */
    public void inverse(final MemorySegment data, final EvaluationDomain domain)
    {
        transform(data, domain, NttDirection.INVERSE, false, NttOrder.NN);
    }

    /** Coset NTT, natural order in and out: evaluations on the coset g·⟨ω⟩, X[k] = Σ x[j]·g^j·ω^(jk), g = 7. */
    public void cosetForward(final MemorySegment data, final EvaluationDomain domain)
    {
        transform(data, domain, NttDirection.FORWARD, true, NttOrder.NN);
    }

    /** Coset inverse NTT, natural order in and out: x[j] = g^(−j)·m⁻¹·Σ X[k]·ω^(−jk). */
    public void cosetInverse(final MemorySegment data, final EvaluationDomain domain)
    {
        transform(data, domain, NttDirection.INVERSE, true, NttOrder.NN);
    }

    /**
     * Forward NTT of a vector in place, natural order; the domain is the vector's size.
     *
     * @throws IllegalArgumentException if the size is not a power of two up to 2^32, or as {@link #transform}.
     */
    public void forward(final FrVector vector)
    {
        transform(vector, NttDirection.FORWARD, false, NttOrder.NN);
    }

    /** Inverse NTT of a vector in place, natural order; see {@link #forward(FrVector)}. */
    public void inverse(final FrVector vector)
    {
        transform(vector, NttDirection.INVERSE, false, NttOrder.NN);
    }

    /** Coset NTT of a vector in place, natural order; see {@link #forward(FrVector)}. */
    public void cosetForward(final FrVector vector)
    {
        transform(vector, NttDirection.FORWARD, true, NttOrder.NN);
    }

    /** Coset inverse NTT of a vector in place, natural order; see {@link #forward(FrVector)}. */
    public void cosetInverse(final FrVector vector)
    {
        transform(vector, NttDirection.INVERSE, true, NttOrder.NN);
    }

    /**
     * The general transform of a vector in place over the domain of its size.
     *
     * @throws IllegalArgumentException if the size is not a power of two up to 2^32, or as {@link #transform}.
     */
    public void transform(final FrVector vector, final NttDirection direction, final boolean coset,
        final NttOrder order)
    {
        transform(vector.segment(), domainOf(vector), direction, coset, order);
    }

    /** Permutes a vector into bit-reversed order, in place; it throws as {@link #forward(FrVector)} does. */
    public void bitReverse(final FrVector vector)
    {
        bitReverse(vector.segment(), domainOf(vector));
    }

    /**
     * The general transform.
     *
     * @param data      m elements, exactly {@code m·32} bytes, writable; transformed in place.
     * @param domain    the domain of size m.
     * @param direction forward or inverse (inverse includes the m⁻¹ scaling).
     * @param coset     whether the evaluations are on the coset g·⟨ω⟩ (coefficient j scaled by g^j, g = 7).
     * @param order     input and output order.
     * @throws IllegalArgumentException if the segment's size does not match the domain, it is read-only, or it is
     *                                  confined to one thread while this transform has several.
     */
    public void transform(final MemorySegment data, final EvaluationDomain domain, final NttDirection direction,
        final boolean coset, final NttOrder order)
    {
        check(data, domain);
        if (domain.logSize() == 0)
        {
            return; // m = 1: ω = g^0 = m⁻¹ = 1
        }
        final boolean inverse = direction == NttDirection.INVERSE;
        switch (order)
        {
            case NR -> decimateInFrequency(data, domain, inverse, coset);
            case NN ->
            {
                decimateInFrequency(data, domain, inverse, coset);
                permute(data, domain);
            }
            case RR ->
            {
                permute(data, domain);
                decimateInFrequency(data, domain, inverse, coset);
            }
            case RN -> decimateInTime(data, domain, inverse, coset);
        }
    }

    /**
     * Permutes m elements into bit-reversed order (an involution), in place.
     *
     * @throws IllegalArgumentException as {@link #transform} does.
     */
    public void bitReverse(final MemorySegment data, final EvaluationDomain domain)
    {
        check(data, domain);
        permute(data, domain);
    }

    /** Shuts the worker pool down; transforms in flight finish first. */
    @Override
    public void close()
    {
        if (pool != null)
        {
            pool.close();
        }
    }

    private static EvaluationDomain domainOf(final FrVector vector)
    {
        try
        {
            return EvaluationDomain.ofSize(vector.size());
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(
                "NTT of an FrVector of " + vector.size() + " elements: " + e.getMessage(), e);
        }
    }

    private void check(final MemorySegment data, final EvaluationDomain domain)
    {
        final long expected = domain.size() * ELEMENT_BYTES;
        if (data.byteSize() != expected)
        {
            throw new IllegalArgumentException("NTT over " + domain + " needs a segment of exactly " + expected
                + " bytes (" + domain.size() + " Fr elements of 32 bytes), got " + data.byteSize());
        }
        if (data.isReadOnly())
        {
            throw new IllegalArgumentException("NTT over " + domain + ": the segment is read-only");
        }
        if (pool != null && !data.isAccessibleBy(SOME_OTHER_THREAD))
        {
            throw new IllegalArgumentException("NTT over " + domain + " on " + threads + " threads: the segment is"
                + " confined to one thread; allocate it from a shared or global arena, or use new Ntt(1)");
        }
    }

    private void permute(final MemorySegment data, final EvaluationDomain domain)
    {
        final BitReversal reversal = new BitReversal(domain.logSize());
        parallel(reversal.tileRows(), domain.size(), (from, to) -> reversal.permute(data, (int)from, (int)to));
    }

    private void decimateInFrequency(final MemorySegment data, final EvaluationDomain domain, final boolean inverse,
        final boolean coset)
    {
        final int logRows = domain.logRows();
        final int logColumns = domain.logColumns();
        final int rows = 1 << logRows;
        final int columns = 1 << logColumns;
        final int width = columnsPerBlock(rows, columns);
        final long[] roots = inverse ? domain.columnRootsInverse : domain.columnRoots;
        parallel(columns / width, domain.size(), (from, to) ->
        {
            final long[] block = new long[rows * width * L];
            final long[] line = new long[width * L];
            final long[] tmp = new long[L];
            for (long group = from; group < to; group++)
            {
                final int first = (int)group * width;
                loadColumns(data, columns, rows, first, width, line, block);
                for (int c = 0; c < width; c++)
                {
                    if (coset && !inverse)
                    {
                        scaleByProducts(block, c * rows * L, rows, domain.cosetRow, 0, domain.cosetColumn,
                            (first + c) * L, tmp);
                    }
                    Radix2.dif(block, c * rows * L, logRows, roots, logColumns, tmp);
                }
                storeColumns(data, columns, rows, first, width, line, block);
            }
        });
        final long[] twiddleBase = inverse ? domain.rowTwiddleBaseInverse : domain.rowTwiddleBase;
        parallel(rows, domain.size(), (from, to) ->
        {
            final long[] row = new long[columns * L];
            final long[] tmp = new long[L];
            final long[] twiddle = new long[L];
            for (long r = from; r < to; r++)
            {
                final long offset = r * columns * ELEMENT_BYTES;
                MemorySegment.copy(data, LIMB, offset, row, 0, columns * L);
                // row r holds the column transforms' output k1 = reverse(r)
                final int k1 = Radix2.reverse((int)r, logRows);
                scaleByPowers(row, columns, twiddleBase, k1 * L, twiddle, tmp);
                Radix2.dif(row, 0, logColumns, roots, logColumns, tmp);
                if (inverse && coset)
                {
                    // output k1 + rows·k2 sits at column reverse(k2)
                    Fr.copy(twiddle, 0, domain.cosetInverseRow, k1 * L);
                    for (int p = 0; p < columns; p++)
                    {
                        Fr.mul(tmp, 0, twiddle, 0, domain.cosetInverseColumn, Radix2.reverse(p, logColumns) * L);
                        Fr.mul(row, p * L, row, p * L, tmp, 0);
                    }
                }
                else if (inverse)
                {
                    scaleBy(row, 0, columns, domain.sizeInverse, 0);
                }
                MemorySegment.copy(row, 0, data, LIMB, offset, columns * L);
            }
        });
    }

    private void decimateInTime(final MemorySegment data, final EvaluationDomain domain, final boolean inverse,
        final boolean coset)
    {
        final int logRows = domain.logRows();
        final int logColumns = domain.logColumns();
        final int rows = 1 << logRows;
        final int columns = 1 << logColumns;
        final long[] roots = inverse ? domain.columnRootsInverse : domain.columnRoots;
        final long[] twiddleBase = inverse ? domain.rowTwiddleBaseInverse : domain.rowTwiddleBase;
        parallel(rows, domain.size(), (from, to) ->
        {
            final long[] row = new long[columns * L];
            final long[] tmp = new long[L];
            final long[] twiddle = new long[L];
            for (long r = from; r < to; r++)
            {
                final long offset = r * columns * ELEMENT_BYTES;
                MemorySegment.copy(data, LIMB, offset, row, 0, columns * L);
                // row r holds inputs ja + rows·jb, ja = reverse(r), at columns reverse(jb)
                final int ja = Radix2.reverse((int)r, logRows);
                if (coset && !inverse)
                {
                    Fr.copy(twiddle, 0, domain.cosetColumn, ja * L);
                    for (int p = 0; p < columns; p++)
                    {
                        Fr.mul(tmp, 0, twiddle, 0, domain.ditCosetColumn, Radix2.reverse(p, logColumns) * L);
                        Fr.mul(row, p * L, row, p * L, tmp, 0);
                    }
                }
                Radix2.dit(row, 0, logColumns, roots, logColumns, tmp);
                scaleByPowers(row, columns, twiddleBase, ja * L, twiddle, tmp);
                MemorySegment.copy(row, 0, data, LIMB, offset, columns * L);
            }
        });
        final int width = columnsPerBlock(rows, columns);
        parallel(columns / width, domain.size(), (from, to) ->
        {
            final long[] block = new long[rows * width * L];
            final long[] line = new long[width * L];
            final long[] tmp = new long[L];
            for (long group = from; group < to; group++)
            {
                final int first = (int)group * width;
                loadColumns(data, columns, rows, first, width, line, block);
                for (int c = 0; c < width; c++)
                {
                    Radix2.dit(block, c * rows * L, logRows, roots, logColumns, tmp);
                    // output columns·ka + kb sits at row ka of column kb
                    if (inverse && coset)
                    {
                        scaleByProducts(block, c * rows * L, rows, domain.ditCosetInverseRow, 0,
                            domain.ditCosetInverseColumn, (first + c) * L, tmp);
                    }
                    else if (inverse)
                    {
                        scaleBy(block, c * rows * L, rows, domain.sizeInverse, 0);
                    }
                }
                storeColumns(data, columns, rows, first, width, line, block);
            }
        });
    }

    private static int columnsPerBlock(final int rows, final int columns)
    {
        return Math.min(columns, Math.max(MIN_COLUMNS_PER_BLOCK, COLUMN_BLOCK_ELEMENTS / rows));
    }

    /** Gathers {@code width} adjacent columns from {@code first} into {@code block}, one column after another. */
    private static void loadColumns(final MemorySegment data, final int columns, final int rows, final int first,
        final int width, final long[] line, final long[] block)
    {
        for (int r = 0; r < rows; r++)
        {
            MemorySegment.copy(data, LIMB, ((long)r * columns + first) * ELEMENT_BYTES, line, 0, width * L);
            for (int c = 0; c < width; c++)
            {
                final int at = (c * rows + r) * L;
                final int from = c * L;
                block[at] = line[from];
                block[at + 1] = line[from + 1];
                block[at + 2] = line[from + 2];
                block[at + 3] = line[from + 3];
            }
        }
    }

    /** The inverse of {@link #loadColumns}. */
    private static void storeColumns(final MemorySegment data, final int columns, final int rows, final int first,
        final int width, final long[] line, final long[] block)
    {
        for (int r = 0; r < rows; r++)
        {
            for (int c = 0; c < width; c++)
            {
                final int at = (c * rows + r) * L;
                final int to = c * L;
                line[to] = block[at];
                line[to + 1] = block[at + 1];
                line[to + 2] = block[at + 2];
                line[to + 3] = block[at + 3];
            }
            MemorySegment.copy(line, 0, data, LIMB, ((long)r * columns + first) * ELEMENT_BYTES, width * L);
        }
    }

    /** a[i] ← a[i]·base^i for i < count ({@code base} at {@code bo}; nothing to do when it is ω^0 = 1). */
    private static void scaleByPowers(final long[] a, final int count, final long[] bases, final int bo,
        final long[] power, final long[] base)
    {
        if (bo == 0)
        {
            return;
        }
        Fr.copy(base, 0, bases, bo);
        Fr.copy(power, 0, base, 0);
        for (int i = 1; i < count; i++)
        {
            Fr.mul(a, i * L, a, i * L, power, 0);
            Fr.mul(power, 0, power, 0, base, 0);
        }
    }

    /** a[i] ← a[i]·rowFactors[i]·factor for i < count (one column of a block). */
    private static void scaleByProducts(final long[] a, final int ao, final int count, final long[] rowFactors,
        final int ro, final long[] factors, final int fo, final long[] tmp)
    {
        for (int i = 0; i < count; i++)
        {
            Fr.mul(tmp, 0, rowFactors, ro + i * L, factors, fo);
            Fr.mul(a, ao + i * L, a, ao + i * L, tmp, 0);
        }
    }

    /** a[i] ← a[i]·factor for i < count. */
    private static void scaleBy(final long[] a, final int ao, final int count, final long[] factor, final int fo)
    {
        for (int i = 0; i < count; i++)
        {
            Fr.mul(a, ao + i * L, a, ao + i * L, factor, fo);
        }
    }

    /** A slice [from, to) of a phase's work items, run by one thread with its own scratch. */
    @FunctionalInterface
    private interface Slice
    {
        void run(long from, long to);
    }

    /** Runs {@code items} work items in slices over the pool, or on this thread for small transforms. */
    private void parallel(final long items, final long size, final Slice slice)
    {
        if (pool == null || size < PARALLEL_THRESHOLD || items < 2)
        {
            slice.run(0, items);
            return;
        }
        final int chunks = (int)Math.min(items, (long)threads * CHUNKS_PER_THREAD);
        final List<Callable<Void>> tasks = new ArrayList<>(chunks);
        for (int c = 0; c < chunks; c++)
        {
            final long from = items * c / chunks;
            final long to = items * (c + 1) / chunks;
            tasks.add(() ->
            {
                slice.run(from, to);
                return null;
            });
        }
        try
        {
            for (final Future<Void> done : pool.invokeAll(tasks))
            {
                done.get();
            }
        }
        catch (final ExecutionException e)
        {
            throw new IllegalStateException("NTT worker failed", e.getCause());
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for NTT workers", e);
        }
    }
}
