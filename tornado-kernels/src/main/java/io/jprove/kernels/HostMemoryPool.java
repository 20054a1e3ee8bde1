package io.jprove.kernels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A pool of host memory from one accelerator ({@link Accelerator#allocateHost}: page-locked on a GPU, whose
 * allocation costs milliseconds and pins physical memory, so buffers are reused rather than freed). Buffers come in
 * power-of-two size classes from 4 KiB up; {@link #acquire} lends the first free buffer of the request's class, or
 * allocates one, and the lent {@link HostMemory}'s close returns it. Any thread may acquire and return. Closing the
 * pool frees the buffers it holds; buffers still lent are freed when they come back.
 */
public final class HostMemoryPool implements AutoCloseable
{
    private static final int MIN_CLASS = 12;
    private static final int CLASSES = 64 - MIN_CLASS;

    private final Accelerator accelerator;
    private final List<ConcurrentLinkedQueue<HostMemory>> free = new ArrayList<>(CLASSES);
    private volatile boolean closed;

    /**
     * @param accelerator allocates the buffers.
     */
    public HostMemoryPool(final Accelerator accelerator)
    {
        this.accelerator = accelerator;
        for (int c = 0; c < CLASSES; c++)
        {
            free.add(new ConcurrentLinkedQueue<>());
        }
    }

    /**
     * @param bytes at least 1.
     * @return memory of exactly {@code bytes} bytes (a slice of a pooled buffer); close it to return it.
     */
    public HostMemory acquire(final long bytes)
    {
        if (bytes < 1)
        {
            throw new IllegalArgumentException("host buffer of " + bytes + " bytes; it must be at least 1");
        }
        if (closed)
        {
            throw new IllegalStateException("the host memory pool is closed");
        }
        final int sizeClass = Math.max(MIN_CLASS, 64 - Long.numberOfLeadingZeros(bytes - 1)) - MIN_CLASS;
        HostMemory buffer = free.get(sizeClass).poll();
        if (buffer == null)
        {
            buffer = accelerator.allocateHost(1L << (sizeClass + MIN_CLASS));
        }
        final HostMemory pooled = buffer;
        return new HostMemory(pooled.segment().asSlice(0, bytes), () -> giveBack(sizeClass, pooled));
    }

    private void giveBack(final int sizeClass, final HostMemory buffer)
    {
        if (closed)
        {
            buffer.close();
            return;
        }
        free.get(sizeClass).add(buffer);
        if (closed)
        {
            // The pool closed while this buffer was being returned: do not leave it behind.
            for (HostMemory b = free.get(sizeClass).poll(); b != null; b = free.get(sizeClass).poll())
            {
                b.close();
            }
        }
    }

    /** Frees every buffer the pool holds. */
    @Override
    public void close()
    {
        closed = true;
        for (final ConcurrentLinkedQueue<HostMemory> queue : free)
        {
            for (HostMemory buffer = queue.poll(); buffer != null; buffer = queue.poll())
            {
                buffer.close();
            }
        }
    }
}
