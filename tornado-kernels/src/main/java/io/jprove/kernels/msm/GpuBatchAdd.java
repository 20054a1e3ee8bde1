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
 * The sum of the bases a bitmap selects, on the device ({@link BatchAddKernels}, then {@link PointSum}): Groth16's
 * scalars equal to 1. The bases are device memory (typically {@link PreparedBases#bases()}); the bitmap is uploaded
 * per call ({@link #sum(BitSet)}) or already on the device, as a split leaves it ({@link #queue}). The result stays
 * on the device until {@link #result} reads it and converts it to affine on the host. One sum at a time.
 */
public final class GpuBatchAdd implements AutoCloseable
{
    /** Bitmap words per work-item: up to 128 points each, so a half-set 2^26 bitmap makes 2^19 items. */
    static final int WORDS_PER_ITEM = 2;

    private final Accelerator accelerator;
    private final MsmCurve curve;
    private final DeviceMemory bases;
    private final long count;
    private final KernelHandle kernel;
    private final PointSum sums;
    private final DeviceMemory partials;
    private final DeviceMemory result;

    /**
     * @param bases {@code count} affine points of the curve on the device; they must outlive this.
     */
    public GpuBatchAdd(final Accelerator accelerator, final MsmCurve curve, final DeviceMemory bases,
        final long count)
    {
        if (bases.byteSize() < count * curve.affineBytes())
        {
            throw new IllegalArgumentException(count + " " + curve + " bases need " + count * curve.affineBytes()
                + " bytes, got " + bases.byteSize());
        }
        this.accelerator = accelerator;
        this.curve = curve;
        this.bases = bases;
        this.count = count;
        this.kernel = accelerator.kernel(BatchAddKernels.class, curve.kernel("batchAdd"));
        final long items = items(words());
        this.sums = new PointSum(accelerator, curve, items, 1);
        this.partials = accelerator.allocate(items * curve.xyzzBytes());
        this.result = accelerator.allocate(curve.xyzzBytes());
    }

    /** @return bitmap words for the bases, ⌈count / 64⌉. */
    public long words()
    {
        return (count + 63) / 64;
    }

    private static long items(final long words)
    {
        return Math.max(1, (words + WORDS_PER_ITEM - 1) / WORDS_PER_ITEM);
    }

    /**
     * Queues the sum of the bases whose bits are set.
     *
     * @param bitmap {@link #words()} words (bit i of word w selects base 64w + i); bits past the bases must be clear.
     */
    public void queue(final DeviceMemory bitmap, final DeviceStream stream)
    {
        if (bitmap.byteSize() < words() * Long.BYTES)
        {
            throw new IllegalArgumentException("a bitmap of " + bitmap.byteSize() + " bytes for " + count + " bases");
        }
        if (count == 0)
        {
            result.fill((byte)0, stream);
            return;
        }
        final long items = items(words());
        kernel.launch(Launch.of((int)((items + BatchAddKernels.LOCAL_SIZE - 1) / BatchAddKernels.LOCAL_SIZE),
            BatchAddKernels.LOCAL_SIZE).withSharedBytes(BatchAddKernels.sharedBytes(curve)).on(stream), bases, bitmap,
            words(), WORDS_PER_ITEM, partials);
        sums.sum(partials, items, 1, result, stream);
    }

    /**
     * Queues a copy of the last sum's result, {@link MsmCurve#xyzzBytes()} bytes of XYZZ coordinates, into
     * {@code target}: a caller that queues several sums reads all their results back with one copy and one wait,
     * and turns each into affine limbs with {@link MsmCurve#toAffine}.
     *
     * @param target at least {@link MsmCurve#xyzzBytes()} bytes of device memory.
     */
    public void copyResult(final DeviceMemory target, final DeviceStream stream)
    {
        target.view(0, curve.xyzzBytes()).copyFrom(result, stream);
    }

    /** @return the last sum, affine (all-zero for infinity), after waiting for it. */
    public long[] result(final DeviceStream stream)
    {
        if (stream != null)
        {
            stream.synchronize();
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate(curve.xyzzBytes(), Long.BYTES);
            result.copyTo(host, null);
            return curve.toAffine(host.toArray(ValueLayout.JAVA_LONG));
        }
    }

    /**
     * @param select the bases to add (null: all).
     * @return their sum, affine.
     * @throws IllegalArgumentException when a bit selects a base past the last.
     */
    public long[] sum(final BitSet select)
    {
        final BitSet bits = select != null ? select : all();
        try (DeviceMemory device = GpuScalarSplit.upload(accelerator, bits, count))
        {
            queue(device, null);
            return result(null);
        }
    }

    private BitSet all()
    {
        final BitSet b = new BitSet();
        b.set(0, (int)count);
        return b;
    }

    @Override
    public void close()
    {
        sums.close();
        partials.close();
        result.close();
    }
}
