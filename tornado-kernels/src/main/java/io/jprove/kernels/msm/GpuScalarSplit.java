package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

/**
 * The 0/1 split of an MSM's scalars on the device ({@link SplitKernels}): Σ sᵢ·P_{b(i)} = BatchAdd(ones) +
 * MSM(tail), where zeros are dropped, ones set bit b(i) of {@link #ones()} and the rest go, in order, to
 * {@link #tailScalars()} with their base indices in {@link #tailBases()} and their count in {@link #meta()}; b(i) is
 * bellperson's (the number of density bits set below i). So the batch-add and the tail MSM run next with nothing
 * read back: {@code GpuBatchAdd.queue(split.ones(), ...)} and
 * {@code GpuMsm.queueIndexed(split.tailScalars(), split.tailBases(), split.meta(), ...)}. Without separating the
 * ones it is the density's compaction alone, for an MSM with a density bitmap.
 * <p>
 * One split at a time per instance; its outputs are overwritten by the next {@link #queue}.
 */
public final class GpuScalarSplit implements AutoCloseable
{
    private final Accelerator accelerator;
    private final long maxScalars;
    private final long bases;
    private final long groups;
    private final DeviceScan scan;
    private final KernelHandle counting;
    private final KernelHandle writing;
    private final DeviceMemory hasCounts;
    private final DeviceMemory tailCounts;
    private final DeviceMemory ones;
    private final DeviceMemory tailScalars;
    private final DeviceMemory tailBases;
    private final DeviceMemory meta;
    private final DeviceMemory noDensity;

    /**
     * @param maxScalars the most scalars a split will take.
     * @param bases      the number of bases they pair with (the tail's bound and the bitmap's length).
     */
    public GpuScalarSplit(final Accelerator accelerator, final long maxScalars, final long bases)
    {
        if (maxScalars < 0 || bases < 0)
        {
            throw new IllegalArgumentException("a split of " + maxScalars + " scalars over " + bases + " bases");
        }
        this.accelerator = accelerator;
        this.maxScalars = maxScalars;
        this.bases = bases;
        this.groups = Math.max(1, (maxScalars + SplitKernels.LOCAL_SIZE - 1) / SplitKernels.LOCAL_SIZE);
        if (groups > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("a split of " + maxScalars + " scalars needs more groups than a launch "
                + "has");
        }
        this.scan = new DeviceScan(accelerator);
        this.counting = accelerator.kernel(SplitKernels.class, "splitCount");
        this.writing = accelerator.kernel(SplitKernels.class, "splitWrite");
        this.hasCounts = accelerator.allocate((groups + 1) * Integer.BYTES);
        this.tailCounts = accelerator.allocate((groups + 1) * Integer.BYTES);
        this.ones = accelerator.allocate(Math.max(1, onesWords()) * Long.BYTES);
        this.tailScalars = accelerator.allocate(Math.max(1, bases) * 32);
        this.tailBases = accelerator.allocate(Math.max(1, bases) * Integer.BYTES);
        this.meta = accelerator.allocate(2L * Long.BYTES);
        this.noDensity = accelerator.allocate(Long.BYTES);
    }

    /**
     * @param density the density bitmap, or null for none.
     * @param bits    the scalar count the bitmap serves.
     * @return the bitmap's words on the device (at least one word), bit i of word w for scalar 64w + i.
     * @throws IllegalArgumentException when a bit at or past {@code bits} is set.
     */
    public static DeviceMemory upload(final Accelerator accelerator, final BitSet density, final long bits)
    {
        final long bytes = bitmapBytes(bits);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate(bytes, Long.BYTES);
            writeBitmap(density, bits, host);
            final DeviceMemory memory = accelerator.allocate(bytes);
            memory.copyFrom(host, null);
            return memory;
        }
    }

    /**
     * @param bits the scalar count a bitmap serves.
     * @return the bytes of its words on the device: at least one word.
     */
    public static long bitmapBytes(final long bits)
    {
        return Math.max(1, (bits + 63) / 64) * Long.BYTES;
    }

    /**
     * Writes a density bitmap's words, as {@link #upload} sends them, into host memory (for a caller that copies them
     * itself, on its own stream); the words past the bitmap's are cleared.
     *
     * @param density the bitmap, or null for none (no bits set).
     * @param bits    the scalar count the bitmap serves.
     * @param words   at least {@link #bitmapBytes(long)} bytes.
     * @throws IllegalArgumentException when a bit at or past {@code bits} is set.
     */
    public static void writeBitmap(final BitSet density, final long bits, final MemorySegment words)
    {
        if (density != null && density.length() > bits)
        {
            throw new IllegalArgumentException("bitmap bit " + (density.length() - 1) + " is set past its " + bits
                + " bits");
        }
        words.fill((byte)0);
        if (density != null)
        {
            final long[] w = density.toLongArray();
            MemorySegment.copy(w, 0, words, ValueLayout.JAVA_LONG, 0, w.length);
        }
    }

    /**
     * Queues the split.
     *
     * @param scalars      at least {@code count} Fr elements, Montgomery form.
     * @param count        at most the constructor's bound.
     * @param density      the bitmap's words ({@link #upload}), or null for none (scalar i has base i).
     * @param separateOnes true for the 0/1 split; false to send the ones to the tail too (density compaction).
     */
    public void queue(final DeviceMemory scalars, final long count, final DeviceMemory density,
        final boolean separateOnes, final DeviceStream stream)
    {
        if (count < 0 || count > maxScalars || scalars.byteSize() < count * 32)
        {
            throw new IllegalArgumentException("a split of " + count + " scalars (" + scalars.byteSize() + " bytes) "
                + "by a splitter of up to " + maxScalars);
        }
        if (density == null && count > bases)
        {
            throw new IllegalArgumentException(count + " scalars without a density bitmap for " + bases + " bases");
        }
        if (density != null && density.byteSize() < (count + 63) / 64 * Long.BYTES)
        {
            throw new IllegalArgumentException("a density bitmap of " + density.byteSize() + " bytes for " + count
                + " scalars");
        }
        final long launched = Math.max(1, (count + SplitKernels.LOCAL_SIZE - 1) / SplitKernels.LOCAL_SIZE);
        final DeviceMemory bits = density == null ? noDensity : density;
        final int hasDensity = density == null ? 0 : 1;
        final int split = separateOnes ? 1 : 0;
        final DeviceMemory hasView = hasCounts.view(0, (launched + 1) * Integer.BYTES);
        final DeviceMemory tailView = tailCounts.view(0, (launched + 1) * Integer.BYTES);
        counting.launch(Launch.of((int)launched, SplitKernels.LOCAL_SIZE).on(stream), scalars, count, bits, hasDensity,
            split, hasView, tailView);
        scan.exclusive(hasView, launched, stream);
        scan.exclusive(tailView, launched, stream);
        ones.fill((byte)0, stream);
        writing.launch(Launch.of((int)launched, SplitKernels.LOCAL_SIZE).on(stream), scalars, count, bits, hasDensity,
            split, hasView, tailView, ones, tailScalars, tailBases, meta);
    }

    /** @return the ones bitmap over base indices ({@link #onesWords()} words). */
    public DeviceMemory ones()
    {
        return ones;
    }

    /** @return words of the ones bitmap: ⌈bases / 64⌉. */
    public long onesWords()
    {
        return (bases + 63) / 64;
    }

    /** @return the tail's scalars (room for one per base). */
    public DeviceMemory tailScalars()
    {
        return tailScalars;
    }

    /** @return the tail's base indices. */
    public DeviceMemory tailBases()
    {
        return tailBases;
    }

    /** @return two device longs: the tail's length, and the number of scalars that had a base. */
    public DeviceMemory meta()
    {
        return meta;
    }

    /**
     * Queues a copy of the last split's two counts ({@link #meta()}: tail length, scalars with a base) into
     * {@code target}, for a caller that reads several results back at once; {@link #checkBaseCount(long)} then checks
     * the second.
     *
     * @param target at least 16 bytes of device memory.
     */
    public void copyCounts(final DeviceMemory target, final DeviceStream stream)
    {
        target.view(0, 2L * Long.BYTES).copyFrom(meta.view(0, 2L * Long.BYTES), stream);
    }

    /** @return {tail length, scalars with a base} of the last split, waiting for it. */
    public long[] counts(final DeviceStream stream)
    {
        if (stream != null)
        {
            stream.synchronize();
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate(2L * Long.BYTES, Long.BYTES);
            meta.copyTo(host, null);
            return host.toArray(ValueLayout.JAVA_LONG);
        }
    }

    /**
     * Checks, after the fact, that the scalars with a base numbered the bases (a density bitmap with too few set
     * bits would pair scalars with the wrong bases; one with too many would have failed the split's bounds checks).
     *
     * @throws IllegalArgumentException when they did not.
     */
    public void checkBaseCount(final DeviceStream stream)
    {
        checkBaseCount(counts(stream)[1]);
    }

    /**
     * {@link #checkBaseCount(DeviceStream)} on a count read back by the caller ({@link #copyCounts}).
     *
     * @param had the second of the split's counts.
     * @throws IllegalArgumentException when it is not the number of bases.
     */
    public void checkBaseCount(final long had)
    {
        if (had != bases)
        {
            throw new IllegalArgumentException("the density bitmap gave " + had + " scalars a base, for " + bases
                + " bases");
        }
    }

    @Override
    public void close()
    {
        scan.close();
        for (final DeviceMemory m : new DeviceMemory[] {hasCounts, tailCounts, ones, tailScalars, tailBases, meta,
            noDensity})
        {
            m.close();
        }
    }
}
