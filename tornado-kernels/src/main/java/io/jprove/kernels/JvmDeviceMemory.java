package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@link DeviceMemory} of the {@link JvmAccelerator}: host memory from a shared arena of its own, so closing the
 * owner frees it and every view of it becomes unusable (the segments throw).
 */
final class JvmDeviceMemory implements DeviceMemory
{
    private final JvmAccelerator accelerator;
    private final Arena arena;
    private final MemorySegment segment;
    private final AtomicBoolean closed = new AtomicBoolean();

    private JvmDeviceMemory(final JvmAccelerator accelerator, final Arena arena, final MemorySegment segment)
    {
        this.accelerator = accelerator;
        this.arena = arena;
        this.segment = segment;
    }

    static JvmDeviceMemory allocate(final JvmAccelerator accelerator, final long bytes)
    {
        if (bytes < 1)
        {
            throw new IllegalArgumentException("device allocation of " + bytes + " bytes; it must be at least 1");
        }
        final Arena arena = Arena.ofShared();
        try
        {
            return new JvmDeviceMemory(accelerator, arena, arena.allocate(bytes, 16));
        }
        catch (final OutOfMemoryError ex)
        {
            arena.close();
            throw new DeviceOutOfMemoryException("cpu: cannot allocate " + bytes + " bytes of host memory", ex);
        }
    }

    /** @return the memory a kernel argument wraps. */
    MemorySegment segment()
    {
        return segment;
    }

    JvmAccelerator accelerator()
    {
        return accelerator;
    }

    @Override
    public long byteSize()
    {
        return segment.byteSize();
    }

    @Override
    public DeviceMemory view(final long offset, final long bytes)
    {
        if (offset < 0 || bytes < 0 || offset > segment.byteSize() - bytes)
        {
            throw new IndexOutOfBoundsException("view of " + bytes + " bytes at " + offset + " of device memory of "
                + segment.byteSize() + " bytes");
        }
        return new JvmDeviceMemory(accelerator, null, segment.asSlice(offset, bytes));
    }

    @Override
    public void copyFrom(final MemorySegment src, final DeviceStream stream)
    {
        final long start = System.nanoTime();
        MemorySegment.copy(src, 0, segment, 0, src.byteSize());
        accelerator.report(DeviceActivity.Kind.COPY_TO_DEVICE, "copy to device", stream, start, src.byteSize());
    }

    @Override
    public void copyTo(final MemorySegment dst, final DeviceStream stream)
    {
        final long start = System.nanoTime();
        MemorySegment.copy(segment, 0, dst, 0, dst.byteSize());
        accelerator.report(DeviceActivity.Kind.COPY_TO_HOST, "copy to host", stream, start, dst.byteSize());
    }

    @Override
    public void copyFrom(final DeviceMemory src, final DeviceStream stream)
    {
        final MemorySegment from = accelerator.segmentOf(src);
        final long start = System.nanoTime();
        MemorySegment.copy(from, 0, segment, 0, from.byteSize());
        accelerator.report(DeviceActivity.Kind.COPY_ON_DEVICE, "copy on device", stream, start, from.byteSize());
    }

    @Override
    public void fill(final byte value, final DeviceStream stream)
    {
        final long start = System.nanoTime();
        segment.fill(value);
        accelerator.report(DeviceActivity.Kind.FILL, "fill", stream, start, segment.byteSize());
    }

    @Override
    public void close()
    {
        if (arena != null && closed.compareAndSet(false, true))
        {
            arena.close();
        }
    }

    @Override
    public String toString()
    {
        return "cpu device memory of " + segment.byteSize() + " bytes";
    }
}
