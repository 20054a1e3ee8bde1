package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.HostMemory;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

import java.lang.foreign.MemorySegment;
import java.util.function.LongConsumer;
import java.util.stream.LongStream;

/**
 * k·P for many scalars k and one fixed point P on the device ({@link FixedBaseKernels}): Groth16's setup, where every
 * query point is a product of the generator. The table of d·2^(c·w)·P is computed on the device once (the window
 * bases 2^(c·w)·P on the host by doublings, their multiples by kernels) and stays there; each {@link #multiply} then
 * streams the scalars through in chunks and writes the affine products into the caller's host memory, in the layout
 * of the field library's affine vectors (x ‖ y, Montgomery limbs; infinity, the product of 0, all-zero), so the
 * result is byte for byte what the CPU's fixed-base multiplication writes.
 * <p>
 * Chunks alternate between two slots, each with its own stream, device buffers and page-locked host buffers: while
 * one slot's chunk is on the device (copy in, products, conversion to affine, copy out), the host copies the other's
 * products out and the next scalars in, on all cores. The chunk size comes from the device's free memory, at most
 * {@value #MAX_CHUNK} points. One thread at a time.
 */
public final class GpuFixedBase implements AutoCloseable
{
    /** The widest window: a G1 table of 13·2^20 points, 1.3 GB, and 13 additions per product. */
    public static final int MAX_WINDOW_BITS = 20;
    /** The most points per chunk: 4 Mi, 1.5 GB of G1 device buffers per slot. */
    public static final long MAX_CHUNK = 1L << 22;
    private static final int SCALAR_BITS = 255;
    /** Host copies are split into pieces of this many bytes, one per task. */
    private static final long COPY_PIECE = 8L << 20;

    private final Accelerator accelerator;
    private final MsmCurve curve;
    private final int window;
    private final int windows;
    private final long chunk;
    private final DeviceMemory table;
    private final KernelHandle mul;
    private final KernelHandle affine;
    private final Slot[] slots = new Slot[2];
    private final long tableNanos;

    /** One chunk's buffers and stream, and the products it holds until they are copied out. */
    private static final class Slot implements AutoCloseable
    {
        private final java.util.List<AutoCloseable> owned = new java.util.ArrayList<>();
        final DeviceStream stream;
        final DeviceMemory scalars;
        final DeviceMemory xyzz;
        final DeviceMemory prefix;
        final DeviceMemory points;
        final HostMemory in;
        final HostMemory out;
        MemorySegment target;
        long pending;

        Slot(final Accelerator accelerator, final MsmCurve curve, final long chunk)
        {
            try
            {
                stream = own(accelerator.createStream());
                scalars = own(accelerator.allocate(chunk * Fr.BYTES));
                xyzz = own(accelerator.allocate(chunk * curve.xyzzBytes()));
                prefix = own(accelerator.allocate(chunk * curve.affineBytes() / 2));
                points = own(accelerator.allocate(chunk * curve.affineBytes()));
                in = own(accelerator.allocateHost(chunk * Fr.BYTES));
                out = own(accelerator.allocateHost(chunk * curve.affineBytes()));
            }
            catch (final RuntimeException | Error ex)
            {
                close();
                throw ex;
            }
        }

        private <T extends AutoCloseable> T own(final T resource)
        {
            owned.add(resource);
            return resource;
        }

        /** After a failure: waits for whatever is still queued, so the buffers can be reused or freed. */
        void forget()
        {
            if (pending != 0)
            {
                pending = 0;
                target = null;
                try
                {
                    stream.synchronize();
                }
                catch (final RuntimeException ex)
                {
                    // the failure being reported already says what went wrong
                }
            }
        }

        /** Frees the buffers, the scalars' zeroed first (a setup's scalars derive from its toxic waste). */
        @Override
        public void close()
        {
            if (in != null)
            {
                in.segment().fill((byte)0);
            }
            if (scalars != null)
            {
                scalars.fill((byte)0, null);
            }
            for (int i = owned.size() - 1; i >= 0; i--)
            {
                try
                {
                    owned.get(i).close();
                }
                catch (final Exception ex)
                {
                    throw new IllegalStateException("cannot free a fixed-base buffer", ex);
                }
            }
            owned.clear();
        }
    }

    /**
     * Builds the table with the window that suits {@code count} products and the device's memory.
     *
     * @param base  P, affine limbs (Montgomery form), a point of the group (of prime order r), not infinity.
     * @param count about how many products will be taken: chooses the window and the largest chunk.
     */
    public GpuFixedBase(final Accelerator accelerator, final MsmCurve curve, final long[] base, final long count)
    {
        this(accelerator, curve, base, windowFor(curve, count, accelerator.memoryInfo()[0] / 8),
            chunkFor(curve, count, accelerator.memoryInfo()[0] / 2));
    }

    /**
     * @param base     P, affine limbs (Montgomery form), a point of the group (of prime order r), not infinity.
     * @param window   c, the window bits: 1 to {@link #MAX_WINDOW_BITS}.
     * @param maxChunk points per chunk, at least 1.
     * @throws IllegalArgumentException when the base is infinity or has the wrong length, or c is out of range.
     */
    public GpuFixedBase(final Accelerator accelerator, final MsmCurve curve, final long[] base, final int window,
        final long maxChunk)
    {
        if (base.length != curve.affineLimbs() || XyzzInline.isInfinityAffine(base, 0, curve.degree()))
        {
            throw new IllegalArgumentException("a fixed base must be a finite affine " + curve + " point of "
                + curve.affineLimbs() + " limbs, not " + (base.length == curve.affineLimbs() ? "infinity"
                : base.length + " limbs"));
        }
        if (window < 1 || window > MAX_WINDOW_BITS)
        {
            throw new IllegalArgumentException("fixed-base window of " + window + " bits: 1 to " + MAX_WINDOW_BITS);
        }
        if (maxChunk < 1)
        {
            throw new IllegalArgumentException("fixed-base chunk of " + maxChunk + " points");
        }
        this.accelerator = accelerator;
        this.curve = curve;
        this.window = window;
        this.windows = (SCALAR_BITS + window - 1) / window;
        this.chunk = maxChunk;
        this.mul = accelerator.kernel(FixedBaseKernels.class, curve.kernel("mul"));
        this.affine = accelerator.kernel(PrecomputeKernels.class, curve.kernel("toAffine"));
        final long start = System.nanoTime();
        this.table = accelerator.allocate(tableBytes(curve, window));
        try
        {
            buildTable(base);
            slots[0] = new Slot(accelerator, curve, chunk);
            slots[1] = new Slot(accelerator, curve, chunk);
        }
        catch (final RuntimeException | Error ex)
        {
            close();
            throw ex;
        }
        this.tableNanos = System.nanoTime() - start;
    }

    /** @return device bytes of the table for a window of c bits: ⌈255 / c⌉·(2^c − 1) affine points. */
    public static long tableBytes(final MsmCurve curve, final int c)
    {
        return (SCALAR_BITS + c - 1) / c * ((1L << c) - 1) * curve.affineBytes();
    }

    /** @return device bytes of the two slots' buffers for chunks of {@code chunk} points. */
    public static long slotBytes(final MsmCurve curve, final long chunk)
    {
        return 2 * chunk * (Fr.BYTES + curve.xyzzBytes() + curve.affineBytes() / 2 + curve.affineBytes());
    }

    /**
     * The window that minimizes the work of {@code count} products plus the table's (each of its points about c
     * point operations), with the table within {@code tableBudget} bytes.
     *
     * @return c, 1 to {@link #MAX_WINDOW_BITS}.
     */
    public static int windowFor(final MsmCurve curve, final long count, final long tableBudget)
    {
        int best = 1;
        double bestCost = Double.MAX_VALUE;
        for (int c = 1; c <= MAX_WINDOW_BITS && (c == 1 || tableBytes(curve, c) <= tableBudget); c++)
        {
            final int w = (SCALAR_BITS + c - 1) / c;
            final double cost = (double)w * Math.max(1, count) + (double)w * ((1L << c) - 1) * c;
            if (cost < bestCost)
            {
                bestCost = cost;
                best = c;
            }
        }
        return best;
    }

    /** @return the chunk for {@code count} products: at most {@link #MAX_CHUNK}, both slots within the budget. */
    public static long chunkFor(final MsmCurve curve, final long count, final long budget)
    {
        final long fit = budget / slotBytes(curve, 1);
        return Math.max(1, Math.min(Math.min(MAX_CHUNK, Math.max(1, count)), fit));
    }

    private void buildTable(final long[] base)
    {
        final int degree = curve.degree();
        final int n = Coordinates.limbs(degree);
        final int al = curve.affineLimbs();
        // the window bases 2^(c·w)·P, on the host: 255 doublings and one inversion per window
        final long[] bases = new long[windows * al];
        final long[] p = new long[4 * n];
        final long[] z = new long[n];
        XyzzInline.fromAffine(p, 0, base, 0, degree);
        for (int w = 0; w < windows; w++)
        {
            Coordinates.inverse(z, 0, p, 3 * n, degree);
            XyzzInline.toAffine(bases, w * al, p, 0, z, 0, degree);
            for (int k = 0; k < window; k++)
            {
                XyzzInline.dbl(p, 0, degree);
            }
        }
        final KernelHandle multiples = accelerator.kernel(FixedBaseKernels.class, curve.kernel("multiples"));
        final long digits = (1L << window) - 1;
        try (DeviceMemory windowBases = accelerator.allocate((long)bases.length * Long.BYTES);
             DeviceMemory scratch = accelerator.allocate(digits * curve.xyzzBytes());
             DeviceMemory prefix = accelerator.allocate(digits * curve.affineBytes() / 2))
        {
            windowBases.copyFrom(MemorySegment.ofArray(bases), null);
            for (int w = 0; w < windows; w++)
            {
                multiples.launch(Launch.of(groups(digits, FixedBaseKernels.LOCAL_SIZE), FixedBaseKernels.LOCAL_SIZE),
                    windowBases, w, window, scratch);
                toAffine(scratch, digits, prefix, table.view(w * digits * curve.affineBytes(),
                    digits * curve.affineBytes()), null);
            }
        }
    }

    private void toAffine(final DeviceMemory xyzz, final long count, final DeviceMemory prefix,
        final DeviceMemory to, final DeviceStream stream)
    {
        final long items = (count + PreparedBases.RUN - 1) / PreparedBases.RUN;
        affine.launch(Launch.of(groups(items, PrecomputeKernels.LOCAL_SIZE), PrecomputeKernels.LOCAL_SIZE)
            .on(stream), xyzz, count, PreparedBases.RUN, prefix, to);
    }

    private static int groups(final long items, final int localSize)
    {
        return (int)Math.max(1, (items + localSize - 1) / localSize);
    }

    /**
     * Writes sᵢ·P for every scalar into {@code out}, point i at byte offset i·{@link MsmCurve#affineBytes()};
     * returns when all are there.
     *
     * @param scalars  Fr elements, Montgomery form.
     * @param out      host memory for {@code scalars.size()} affine points.
     * @param progress told how many products each finished chunk held, in order (null: nobody).
     * @throws IllegalArgumentException when {@code out} is too small.
     */
    public void multiply(final FrVector scalars, final MemorySegment out, final LongConsumer progress)
    {
        final long n = scalars.size();
        final long pointBytes = curve.affineBytes();
        if (out.byteSize() < n * pointBytes)
        {
            throw new IllegalArgumentException(n + " " + curve + " products need " + n * pointBytes + " bytes, the "
                + "output has " + out.byteSize());
        }
        long index = 0;
        try
        {
            for (long first = 0; first < n; first += chunk, index++)
            {
                final Slot slot = slots[(int)(index & 1)];
                drain(slot, progress);
                final long count = Math.min(chunk, n - first);
                final long scalarBytes = count * Fr.BYTES;
                copy(scalars.segment(), first * Fr.BYTES, slot.in.segment(), 0, scalarBytes);
                slot.scalars.view(0, scalarBytes).copyFrom(slot.in.segment().asSlice(0, scalarBytes), slot.stream);
                mul.launch(Launch.of(groups(count, FixedBaseKernels.LOCAL_SIZE), FixedBaseKernels.LOCAL_SIZE)
                    .withSharedBytes(FixedBaseKernels.sharedBytes(curve)).on(slot.stream), table, window, windows,
                    slot.scalars, count, slot.xyzz);
                toAffine(slot.xyzz, count, slot.prefix, slot.points, slot.stream);
                slot.points.view(0, count * pointBytes).copyTo(slot.out.segment().asSlice(0, count * pointBytes),
                    slot.stream);
                slot.target = out.asSlice(first * pointBytes, count * pointBytes);
                slot.pending = count;
            }
            // the older chunk first, so progress stays in order
            drain(slots[(int)(index & 1)], progress);
            drain(slots[(int)((index + 1) & 1)], progress);
        }
        finally
        {
            for (final Slot slot : slots)
            {
                slot.forget();
            }
        }
    }

    /** Waits for a slot's chunk and copies its products out. */
    private static void drain(final Slot slot, final LongConsumer progress)
    {
        if (slot.pending == 0)
        {
            return;
        }
        slot.stream.synchronize();
        copy(slot.out.segment(), 0, slot.target, 0, slot.target.byteSize());
        final long done = slot.pending;
        slot.pending = 0;
        slot.target = null;
        if (progress != null)
        {
            progress.accept(done);
        }
    }

    /** A host copy on all cores, in pieces of {@value #COPY_PIECE} bytes. */
    private static void copy(final MemorySegment from, final long fromOffset, final MemorySegment to,
        final long toOffset, final long bytes)
    {
        final long pieces = (bytes + COPY_PIECE - 1) / COPY_PIECE;
        if (pieces <= 1)
        {
            MemorySegment.copy(from, fromOffset, to, toOffset, bytes);
            return;
        }
        LongStream.range(0, pieces).parallel().forEach(k ->
        {
            final long at = k * COPY_PIECE;
            MemorySegment.copy(from, fromOffset + at, to, toOffset + at, Math.min(COPY_PIECE, bytes - at));
        });
    }

    /** @return c, the window bits. */
    public int window()
    {
        return window;
    }

    /** @return the most points per chunk. */
    public long chunk()
    {
        return chunk;
    }

    /** @return the group. */
    public MsmCurve curve()
    {
        return curve;
    }

    /** @return device bytes the table holds. */
    public long tableBytes()
    {
        return tableBytes(curve, window);
    }

    /** @return host nanoseconds the table and the slots took to make. */
    public long tableNanos()
    {
        return tableNanos;
    }

    @Override
    public void close()
    {
        for (final Slot slot : slots)
        {
            if (slot != null)
            {
                slot.close();
            }
        }
        table.close();
    }
}
