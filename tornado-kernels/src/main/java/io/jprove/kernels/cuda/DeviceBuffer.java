package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Device memory from {@code cuMemAlloc_v2}, freed by {@link #close()} (or by its context's close).
 * <p>
 * Host sides of copies are {@link MemorySegment}s. Synchronous copies accept any segment (heap segments are staged
 * through native memory); asynchronous ones need a native segment that stays alive and untouched until the stream
 * has finished the copy — a {@link PinnedBuffer}'s segment, for the copy to be truly asynchronous.
 */
public final class DeviceBuffer implements AutoCloseable
{
    private static final long STAGING_CHUNK_BYTES = 8L << 20;

    private final CudaContext context;
    private final long address;
    private final long byteSize;
    private final AtomicBoolean closed = new AtomicBoolean();

    DeviceBuffer(final CudaContext context, final long address, final long byteSize)
    {
        this.context = context;
        this.address = address;
        this.byteSize = byteSize;
    }

    /**
     * The device address, for kernel arguments ({@link KernelArgs#pointer(long)}).
     *
     * @return the {@code CUdeviceptr}.
     */
    public long address()
    {
        checkOpen();
        return address;
    }

    /**
     * The size.
     *
     * @return the size in bytes.
     */
    public long byteSize()
    {
        return byteSize;
    }

    /**
     * The context that owns this memory.
     *
     * @return the context.
     */
    public CudaContext context()
    {
        return context;
    }

    /**
     * Copies all of {@code src} to the start of this buffer and waits for the copy.
     *
     * @param src the host bytes; at most {@link #byteSize()} of them.
     */
    public void copyFromHost(final MemorySegment src)
    {
        copyFromHost(src, 0);
    }

    /**
     * Copies all of {@code src} into this buffer at {@code deviceOffset} and waits for the copy.
     *
     * @param src          the host bytes.
     * @param deviceOffset where in this buffer they go, in bytes.
     */
    public void copyFromHost(final MemorySegment src, final long deviceOffset)
    {
        final long bytes = src.byteSize();
        checkRange(deviceOffset, bytes, "copyFromHost");
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        if (src.isNative())
        {
            CudaDriver.API.cuMemcpyHtoD(address + deviceOffset, src, bytes);
            return;
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment staging = arena.allocate(Math.min(bytes, STAGING_CHUNK_BYTES), 16);
            for (long done = 0; done < bytes; done += staging.byteSize())
            {
                final long chunk = Math.min(staging.byteSize(), bytes - done);
                MemorySegment.copy(src, done, staging, 0, chunk);
                CudaDriver.API.cuMemcpyHtoD(address + deviceOffset + done, staging, chunk);
            }
        }
    }

    /**
     * Fills all of {@code dst} from the start of this buffer and waits for the copy.
     *
     * @param dst the host destination; at most {@link #byteSize()} bytes.
     */
    public void copyToHost(final MemorySegment dst)
    {
        copyToHost(dst, 0);
    }

    /**
     * Fills all of {@code dst} from this buffer at {@code deviceOffset} and waits for the copy.
     *
     * @param dst          the host destination.
     * @param deviceOffset where in this buffer the bytes come from.
     */
    public void copyToHost(final MemorySegment dst, final long deviceOffset)
    {
        final long bytes = dst.byteSize();
        checkRange(deviceOffset, bytes, "copyToHost");
        if (dst.isReadOnly())
        {
            throw new IllegalArgumentException("copyToHost into a read-only segment");
        }
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        if (dst.isNative())
        {
            CudaDriver.API.cuMemcpyDtoH(dst, address + deviceOffset, bytes);
            return;
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment staging = arena.allocate(Math.min(bytes, STAGING_CHUNK_BYTES), 16);
            for (long done = 0; done < bytes; done += staging.byteSize())
            {
                final long chunk = Math.min(staging.byteSize(), bytes - done);
                CudaDriver.API.cuMemcpyDtoH(staging, address + deviceOffset + done, chunk);
                MemorySegment.copy(staging, 0, dst, done, chunk);
            }
        }
    }

    /**
     * Queues a copy of all of {@code src} to the start of this buffer on {@code stream}.
     *
     * @param src    native host bytes that stay valid until the stream has run the copy.
     * @param stream the stream, or null for the legacy default stream.
     */
    public void copyFromHostAsync(final MemorySegment src, final CudaStream stream)
    {
        copyFromHostAsync(src, 0, stream);
    }

    /**
     * Queues a copy of all of {@code src} into this buffer at {@code deviceOffset} on {@code stream}.
     *
     * @param src          native host bytes that stay valid until the stream has run the copy.
     * @param deviceOffset where in this buffer they go.
     * @param stream       the stream, or null for the legacy default stream.
     */
    public void copyFromHostAsync(final MemorySegment src, final long deviceOffset, final CudaStream stream)
    {
        final long bytes = src.byteSize();
        checkRange(deviceOffset, bytes, "copyFromHostAsync");
        requireNative(src, "copyFromHostAsync");
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        CudaDriver.API.cuMemcpyHtoDAsync(address + deviceOffset, src, bytes, CudaStream.handleOf(stream));
    }

    /**
     * Queues a copy from the start of this buffer into all of {@code dst} on {@code stream}.
     *
     * @param dst    native host memory that stays valid until the stream has run the copy.
     * @param stream the stream, or null for the legacy default stream.
     */
    public void copyToHostAsync(final MemorySegment dst, final CudaStream stream)
    {
        copyToHostAsync(dst, 0, stream);
    }

    /**
     * Queues a copy from this buffer at {@code deviceOffset} into all of {@code dst} on {@code stream}.
     *
     * @param dst          native host memory that stays valid until the stream has run the copy.
     * @param deviceOffset where in this buffer the bytes come from.
     * @param stream       the stream, or null for the legacy default stream.
     */
    public void copyToHostAsync(final MemorySegment dst, final long deviceOffset, final CudaStream stream)
    {
        final long bytes = dst.byteSize();
        checkRange(deviceOffset, bytes, "copyToHostAsync");
        requireNative(dst, "copyToHostAsync");
        if (dst.isReadOnly())
        {
            throw new IllegalArgumentException("copyToHostAsync into a read-only segment");
        }
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        CudaDriver.API.cuMemcpyDtoHAsync(dst, address + deviceOffset, bytes, CudaStream.handleOf(stream));
    }

    /**
     * Copies {@code bytes} from another device buffer into this one and waits.
     *
     * @param src       the source buffer (same or another context with unified addressing).
     * @param srcOffset where in {@code src} to start.
     * @param dstOffset where in this buffer to put them.
     * @param bytes     how many bytes.
     */
    public void copyFromDevice(final DeviceBuffer src, final long srcOffset, final long dstOffset, final long bytes)
    {
        src.checkRange(srcOffset, bytes, "copyFromDevice (source)");
        checkRange(dstOffset, bytes, "copyFromDevice");
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        CudaDriver.API.cuMemcpyDtoD(address + dstOffset, src.address() + srcOffset, bytes);
    }

    /**
     * Queues a device-to-device copy on {@code stream}.
     *
     * @param src       the source buffer.
     * @param srcOffset where in {@code src} to start.
     * @param dstOffset where in this buffer to put them.
     * @param bytes     how many bytes.
     * @param stream    the stream, or null for the legacy default stream.
     */
    public void copyFromDeviceAsync(
        final DeviceBuffer src, final long srcOffset, final long dstOffset, final long bytes, final CudaStream stream)
    {
        src.checkRange(srcOffset, bytes, "copyFromDeviceAsync (source)");
        checkRange(dstOffset, bytes, "copyFromDeviceAsync");
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        CudaDriver.API.cuMemcpyDtoDAsync(address + dstOffset, src.address() + srcOffset, bytes,
                CudaStream.handleOf(stream));
    }

    /**
     * Sets every byte to {@code value} ({@code cuMemsetD8_v2}); ordered after earlier work on the default stream.
     *
     * @param value the byte.
     */
    public void fill(final byte value)
    {
        context.ensureCurrent();
        CudaDriver.API.cuMemsetD8(address(), value, byteSize);
    }

    /**
     * Queues setting every byte to {@code value} on {@code stream}.
     *
     * @param value  the byte.
     * @param stream the stream, or null for the legacy default stream.
     */
    public void fillAsync(final byte value, final CudaStream stream)
    {
        context.ensureCurrent();
        CudaDriver.API.cuMemsetD8Async(address(), value, byteSize, CudaStream.handleOf(stream));
    }

    /**
     * Queues setting {@code bytes} bytes from {@code deviceOffset} to {@code value} on {@code stream}.
     *
     * @param value        the byte.
     * @param deviceOffset where the range starts.
     * @param bytes        how many bytes.
     * @param stream       the stream, or null for the legacy default stream.
     */
    public void fillAsync(final byte value, final long deviceOffset, final long bytes, final CudaStream stream)
    {
        checkRange(deviceOffset, bytes, "fillAsync");
        if (bytes == 0)
        {
            return;
        }
        context.ensureCurrent();
        CudaDriver.API.cuMemsetD8Async(address + deviceOffset, value, bytes,
            CudaStream.handleOf(stream));
    }

    /** Sets every byte to zero. */
    public void zero()
    {
        fill((byte)0);
    }

    /**
     * Frees the memory ({@code cuMemFree_v2}). A second close does nothing.
     */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        context.forget(this);
        context.ensureCurrentForRelease();
        CudaDriver.API.cuMemFree(address);
    }

    @Override
    public String toString()
    {
        return "device buffer 0x" + Long.toHexString(address) + " (" + byteSize + " bytes, " + context + ")";
    }

    private void checkRange(final long offset, final long bytes, final String operation)
    {
        checkOpen();
        if (offset < 0 || bytes < 0 || offset > byteSize - bytes)
        {
            throw new IndexOutOfBoundsException(operation + ": " + bytes + " bytes at offset " + offset
                + " do not fit in " + this);
        }
    }

    private void checkOpen()
    {
        if (closed.get())
        {
            throw new IllegalStateException(this + " is closed");
        }
    }

    private static void requireNative(final MemorySegment segment, final String operation)
    {
        Objects.requireNonNull(segment, "segment");
        if (!segment.isNative())
        {
            throw new IllegalArgumentException(operation + " needs a native (ideally pinned) segment, not " + segment);
        }
    }

}
