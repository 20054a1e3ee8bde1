package io.jprove.kernels;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Host memory from {@link Accelerator#allocateHost} (page-locked on a GPU, so copies to and from it run at full PCIe
 * speed and asynchronously) or lent by a {@link HostMemoryPool}. Closing it frees it or returns it to its pool; the
 * segment may not be used afterwards.
 */
public final class HostMemory implements AutoCloseable
{
    private final MemorySegment segment;
    private final Runnable release;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param segment the memory, usable from any thread.
     * @param release run once, on the first close.
     */
    public HostMemory(final MemorySegment segment, final Runnable release)
    {
        this.segment = segment;
        this.release = release;
    }

    /** @return the memory. */
    public MemorySegment segment()
    {
        if (closed.get())
        {
            throw new IllegalStateException("host memory of " + segment.byteSize() + " bytes is closed");
        }
        return segment;
    }

    /** @return its size in bytes. */
    public long byteSize()
    {
        return segment.byteSize();
    }

    /** Frees the memory or gives it back to its pool. A second close does nothing. */
    @Override
    public void close()
    {
        if (closed.compareAndSet(false, true))
        {
            release.run();
        }
    }
}
