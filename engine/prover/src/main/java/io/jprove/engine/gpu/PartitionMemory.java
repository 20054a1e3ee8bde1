package io.jprove.engine.gpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceEvent;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.HostMemory;
import io.jprove.kernels.msm.GpuScalarSplit;
import io.jprove.kernels.spmv.GpuSpmv;
import io.jprove.kernels.spmv.PackedWitness;

/**
 * One partition's memory on the device and the streams its work runs on (a main one and a side one, joined before
 * the results are read): a, b, c (m elements each; the H chain runs
 * in place, h ends in a), the assignment z, the two density bitmaps, and a small results area that every sum and
 * split count is copied into so the host reads them back in two copies (the counts early, {@link #readCounts}; then
 * everything, {@link #readResults}). Allocated for a shape and
 * reused by every partition of that shape; a backend keeps two so one partition's upload overlaps another's kernels.
 */
final class PartitionMemory implements AutoCloseable
{
    /** Result slots: 9 sums (h, and l, a, b1, b2 each as batch-add + tail MSM) and 3 splits' counts. */
    static final int SUMS = 9;
    static final int SPLITS = 3;
    private static final long COUNTS_BYTES = 2L * Long.BYTES;

    private final long domainSize;
    private final long scalars;
    private final long sumBytes;
    private final DeviceMemory a;
    private final DeviceMemory b;
    private final DeviceMemory c;
    private final DeviceMemory z;
    private final DeviceMemory aBits;
    private final DeviceMemory bBits;
    private final DeviceMemory results;
    private final HostMemory staging;
    private final DeviceStream stream;
    private final DeviceStream side;
    private final DeviceEvent sideDone;

    private PartitionMemory(final Accelerator accelerator, final long domainSize, final long scalars,
        final long sumBytes)
    {
        this.domainSize = domainSize;
        this.scalars = scalars;
        this.sumBytes = sumBytes;
        final long bitmapBytes = GpuScalarSplit.bitmapBytes(scalars);
        final long resultBytes = countsOffset(SPLITS);
        final DeviceMemory[] made = new DeviceMemory[7];
        HostMemory host = null;
        try
        {
            made[0] = accelerator.allocate(domainSize * Fr.BYTES);
            made[1] = accelerator.allocate(domainSize * Fr.BYTES);
            made[2] = accelerator.allocate(domainSize * Fr.BYTES);
            made[3] = accelerator.allocate(Math.max(1, scalars) * Fr.BYTES);
            made[4] = accelerator.allocate(bitmapBytes);
            made[5] = accelerator.allocate(bitmapBytes);
            made[6] = accelerator.allocate(resultBytes);
            // page-locked: the bitmaps go up and the results come back asynchronously, in stream order
            host = accelerator.allocateHost(Math.max(2 * bitmapBytes, resultBytes));
        }
        catch (final RuntimeException | Error e)
        {
            for (final DeviceMemory m : made)
            {
                if (m != null)
                {
                    m.close();
                }
            }
            throw e;
        }
        this.a = made[0];
        this.b = made[1];
        this.c = made[2];
        this.z = made[3];
        this.aBits = made[4];
        this.bBits = made[5];
        this.results = made[6];
        this.staging = host;
        this.stream = accelerator.createStream();
        this.side = accelerator.createStream();
        this.sideDone = accelerator.createEvent();
    }

    /**
     * @param sumBytes bytes of one result (the larger curve's XYZZ point).
     * @throws io.jprove.kernels.DeviceOutOfMemoryException when the device has no room, with nothing left allocated.
     */
    static PartitionMemory allocate(final Accelerator accelerator, final long domainSize, final long scalars,
        final long sumBytes)
    {
        return new PartitionMemory(accelerator, domainSize, scalars, sumBytes);
    }

    /** @return whether a partition of this shape uses these buffers. */
    boolean fits(final long m, final long n)
    {
        return domainSize == m && scalars == n;
    }

    /**
     * Queues the partition's a, b, c (unless the device evaluates them), z and density bitmaps to the device and waits
     * for them: the caller holds no device lock meanwhile, so the copies run beside another partition's kernels. A
     * packed witness goes up into a and c (which the device SpMV then overwrites) and is unpacked into z on this
     * stream.
     *
     * @param spmv the device SpMV when it evaluates a, b, c from z (and unpacks z), or null to copy a, b, c
     */
    void upload(final PartitionInputs partition, final GpuSpmv spmv)
    {
        final PackedWitness packed = spmv == null ? null : partition.packed();
        if (spmv == null)
        {
            uploadProducts(partition);
        }
        if (packed != null && packed.head().byteSize() <= a.byteSize() && packed.othersBytes() <= c.byteSize())
        {
            a.copyFrom(packed.head(), stream);
            if (packed.others() > 0)
            {
                c.copyFrom(packed.otherValues(), stream);
            }
            spmv.queueUnpack(packed, a, c, z, stream);
        }
        else
        {
            z.copyFrom(partition.assignment().segment(), stream);
        }
        final long bitmapBytes = GpuScalarSplit.bitmapBytes(scalars);
        final MemorySegment host = staging.segment();
        stage(partition.aDensity(), host.asSlice(0, bitmapBytes));
        stage(partition.bDensity(), host.asSlice(bitmapBytes, bitmapBytes));
        aBits.copyFrom(host.asSlice(0, bitmapBytes), stream);
        bBits.copyFrom(host.asSlice(bitmapBytes, bitmapBytes), stream);
        stream.synchronize();
    }

    /** Queues the partition's a, b, c to the device and waits for them. */
    void uploadProducts(final PartitionInputs partition)
    {
        a.copyFrom(partition.a().segment(), stream);
        b.copyFrom(partition.b().segment(), stream);
        c.copyFrom(partition.c().segment(), stream);
        stream.synchronize();
    }

    /** The bitmap's words; no bitmap means every scalar has a base, which all bits set says the same way. */
    private void stage(final BitSet density, final MemorySegment words)
    {
        BitSet bits = density;
        if (bits == null)
        {
            bits = new BitSet();
            bits.set(0, Math.toIntExact(scalars));
        }
        GpuScalarSplit.writeBitmap(bits, scalars, words);
    }

    /** Where in the results sum {@code i} is: {@link #SUMS} of them, each room for the larger curve's point. */
    private long sumOffset(final int i)
    {
        return i * sumBytes;
    }

    /** Where in the results split {@code i}'s two counts are, after the sums. */
    private long countsOffset(final int i)
    {
        return sumOffset(SUMS) + i * COUNTS_BYTES;
    }

    /** @return result slot {@code i}'s device memory (a sum, {@link #SUMS} of them). */
    DeviceMemory sum(final int i)
    {
        return results.view(sumOffset(i), sumBytes);
    }

    /** @return split {@code i}'s counts' device memory (two longs). */
    DeviceMemory counts(final int i)
    {
        return results.view(countsOffset(i), COUNTS_BYTES);
    }

    /** Queues the results back to the host and waits for everything queued on the stream. */
    MemorySegment readResults()
    {
        final MemorySegment host = staging.segment().asSlice(0, results.byteSize());
        results.copyTo(host, stream);
        stream.synchronize();
        return host;
    }

    /**
     * Queues the splits' counts back and waits for what is queued so far (the upload and the splits, milliseconds):
     * the tail MSMs are then sized for their real lengths. The results' read later copies them again.
     *
     * @return per split, its two counts (tail length, scalars with a base), {@code [2·i]} and {@code [2·i + 1]}.
     */
    long[] readCounts()
    {
        final long bytes = (long)SPLITS * COUNTS_BYTES;
        final MemorySegment host = staging.segment().asSlice(countsOffset(0), bytes);
        results.view(countsOffset(0), bytes).copyTo(host, stream);
        stream.synchronize();
        return host.toArray(ValueLayout.JAVA_LONG);
    }

    /** @return the {@code i}th sum's XYZZ limbs from {@link #readResults()}'s memory. */
    long[] sumLimbs(final MemorySegment host, final int i, final long bytes)
    {
        return host.asSlice(sumOffset(i), bytes).toArray(ValueLayout.JAVA_LONG);
    }


    DeviceMemory a()
    {
        return a;
    }

    DeviceMemory b()
    {
        return b;
    }

    DeviceMemory c()
    {
        return c;
    }

    DeviceMemory z()
    {
        return z;
    }

    DeviceMemory aBits()
    {
        return aBits;
    }

    DeviceMemory bBits()
    {
        return bBits;
    }

    DeviceStream stream()
    {
        return stream;
    }

    /** @return a second stream, for work that may run beside the main stream's ({@link #joinSide}). */
    DeviceStream side()
    {
        return side;
    }

    /** Makes the main stream's later work wait for everything queued on the side stream so far. */
    void joinSide()
    {
        side.record(sideDone);
        stream.waitFor(sideDone);
    }

    @Override
    public void close()
    {
        stream.close();
        side.close();
        sideDone.close();
        for (final DeviceMemory m : new DeviceMemory[] {a, b, c, z, aBits, bBits, results})
        {
            m.close();
        }
        staging.close();
    }
}
