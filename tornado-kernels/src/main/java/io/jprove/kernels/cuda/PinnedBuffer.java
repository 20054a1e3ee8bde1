package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Page-locked host memory from {@code cuMemHostAlloc} (portable: usable with every context), seen as a
 * {@link MemorySegment}. DMA reaches it directly, so copies from and to it run at full speed and truly asynchronously.
 * <p>
 * The segment belongs to a shared arena: any thread may read and write it, and {@link #close()} invalidates it before
 * the memory goes back to the driver, so a stale segment throws instead of touching freed memory.
 */
public final class PinnedBuffer implements AutoCloseable
{
    static final int CU_MEMHOSTALLOC_PORTABLE = 0x01;

    private final CudaContext context;
    private final long address;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment segment;
    private final AtomicBoolean closed = new AtomicBoolean();

    @SuppressWarnings("restricted")
    PinnedBuffer(final CudaContext context, final MemorySegment pointer, final long byteSize)
    {
        this.context = context;
        this.address = pointer.address();
        // Restricted: the driver returned this pointer for exactly byteSize bytes, alive until cuMemFreeHost.
        this.segment = pointer.reinterpret(byteSize, arena, null);
    }

    /**
     * The memory, valid until {@link #close()}.
     *
     * @return a native segment of {@link #byteSize()} bytes.
     */
    public MemorySegment segment()
    {
        return segment;
    }

    /**
     * The size.
     *
     * @return the size in bytes.
     */
    public long byteSize()
    {
        return segment.byteSize();
    }

    /**
     * Frees the memory ({@code cuMemFreeHost}) after invalidating the segment. A second close does nothing.
     *
     * @throws IllegalStateException when another thread is inside an operation on the segment.
     */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        context.forget(this);
        arena.close();
        context.ensureCurrentForRelease();
        CudaDriver.API.cuMemFreeHost(MemorySegment.ofAddress(address));
    }

    @Override
    public String toString()
    {
        return "pinned buffer 0x" + Long.toHexString(address) + " (" + segment.byteSize() + " bytes)";
    }
}
