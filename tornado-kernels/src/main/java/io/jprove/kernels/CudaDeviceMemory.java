package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaException;

import io.jprove.kernels.cuda.CudaEvent;
import io.jprove.kernels.cuda.CudaStream;
import io.jprove.kernels.cuda.DeviceBuffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * {@link DeviceMemory} of the {@link CudaAccelerator}: a range of one {@code cuMemAlloc_v2} allocation. The owner
 * frees the allocation on close; views share it. Copies go through the accelerator so that they are timed and
 * reported like launches.
 */
final class CudaDeviceMemory implements DeviceMemory
{
    private final CudaAccelerator accelerator;
    private final DeviceBuffer buffer;
    private final long offset;
    private final long byteSize;
    private final boolean owner;

    CudaDeviceMemory(final CudaAccelerator accelerator, final DeviceBuffer buffer, final long offset,
        final long byteSize, final boolean owner)
    {
        this.accelerator = accelerator;
        this.buffer = buffer;
        this.offset = offset;
        this.byteSize = byteSize;
        this.owner = owner;
    }

    CudaAccelerator accelerator()
    {
        return accelerator;
    }

    /** @return the device address of the first byte. */
    long address()
    {
        return buffer.address() + offset;
    }

    @Override
    public long byteSize()
    {
        return byteSize;
    }

    @Override
    public DeviceMemory view(final long from, final long bytes)
    {
        if (from < 0 || bytes < 0 || from > byteSize - bytes)
        {
            throw new IndexOutOfBoundsException("view of " + bytes + " bytes at " + from + " of " + this);
        }
        return new CudaDeviceMemory(accelerator, buffer, offset + from, bytes, false);
    }

    @Override
    public void copyFrom(final MemorySegment src, final DeviceStream stream)
    {
        checkFits(src.byteSize(), "copyFrom");
        if (src.byteSize() == 0)
        {
            return;
        }
        final CudaStream s = accelerator.streamFor(stream);
        try (Arena staging = Arena.ofConfined())
        {
            final MemorySegment from = src.isNative() ? src : stage(src, staging, stream);
            final CudaEvent start = accelerator.beginActivity(s);
            buffer.copyFromHostAsync(from, offset, s);
            accelerator.endActivity(DeviceActivity.Kind.COPY_TO_DEVICE, "copy to device", stream, s, start,
                src.byteSize());
            if (stream == null)
            {
                accelerator.finish(s);
            }
        }
    }

    @Override
    public void copyTo(final MemorySegment dst, final DeviceStream stream)
    {
        checkFits(dst.byteSize(), "copyTo");
        if (dst.byteSize() == 0)
        {
            return;
        }
        final CudaStream s = accelerator.streamFor(stream);
        try (Arena staging = Arena.ofConfined())
        {
            final MemorySegment to = dst.isNative() ? dst : staging.allocate(dst.byteSize(), 16);
            if (!dst.isNative() && stream != null)
            {
                throw new IllegalArgumentException("copyTo on a stream needs native (ideally page-locked) host "
                    + "memory, not " + dst);
            }
            final CudaEvent start = accelerator.beginActivity(s);
            buffer.copyToHostAsync(to, offset, s);
            accelerator.endActivity(DeviceActivity.Kind.COPY_TO_HOST, "copy to host", stream, s, start,
                dst.byteSize());
            if (stream == null)
            {
                accelerator.finish(s);
                if (to != dst)
                {
                    dst.copyFrom(to);
                }
            }
        }
    }

    /** A native copy of a heap segment, for a copy on the default stream (a stream's copy outlives the call). */
    private static MemorySegment stage(final MemorySegment src, final Arena arena, final DeviceStream stream)
    {
        if (stream != null)
        {
            throw new IllegalArgumentException("copyFrom on a stream needs native (ideally page-locked) host memory, "
                + "not " + src);
        }
        return arena.allocate(src.byteSize(), 16).copyFrom(src);
    }

    @Override
    public void copyFrom(final DeviceMemory src, final DeviceStream stream)
    {
        if (!(src instanceof CudaDeviceMemory from) || from.accelerator != accelerator)
        {
            throw new IllegalArgumentException(src + " does not belong to " + accelerator.device());
        }
        checkFits(from.byteSize, "copyFrom");
        if (from.byteSize == 0)
        {
            return;
        }
        final CudaStream s = accelerator.streamFor(stream);
        final CudaEvent start = accelerator.beginActivity(s);
        buffer.copyFromDeviceAsync(from.buffer, from.offset, offset, from.byteSize, s);
        accelerator.endActivity(DeviceActivity.Kind.COPY_ON_DEVICE, "copy on device", stream, s, start,
            from.byteSize);
        if (stream == null)
        {
            accelerator.finish(s);
        }
    }

    @Override
    public void fill(final byte value, final DeviceStream stream)
    {
        final CudaStream s = accelerator.streamFor(stream);
        final CudaEvent start = accelerator.beginActivity(s);
        buffer.fillAsync(value, offset, byteSize, s);
        accelerator.endActivity(DeviceActivity.Kind.FILL, "fill", stream, s, start, byteSize);
        if (stream == null)
        {
            accelerator.finish(s);
        }
    }

    @Override
    public void close()
    {
        if (owner)
        {
            try
            {
                buffer.close();
            }
            catch (final CudaException ex)
            {
                if (!accelerator.isPoisoned())
                {
                    throw ex;
                }
                // a kernel fault already broke the context (cuMemFree answers with the fault): nothing to free
            }
        }
    }

    @Override
    public String toString()
    {
        return accelerator.device() + " device memory of " + byteSize + " bytes at offset " + offset + " of "
            + buffer;
    }

    private void checkFits(final long bytes, final String operation)
    {
        if (bytes > byteSize)
        {
            throw new IndexOutOfBoundsException(operation + " of " + bytes + " bytes into " + this);
        }
    }
}
