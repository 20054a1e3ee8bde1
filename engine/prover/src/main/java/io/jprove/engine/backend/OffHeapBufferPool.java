package io.jprove.engine.backend;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

/**
 * A {@link BufferPool} of off-heap memory: each set is one block of its {@link HostMemorySource} (plain off-heap
 * memory, or a GPU driver's page-locked memory; page-aligned, any thread may read it), kept when released and handed
 * out again to the next partition of its shape. Sets are allocated lazily
 * until the budget is reached; a shape that no longer fits makes idle sets of other shapes be freed first.
 * <p>
 * The reverse queue {@link #returned}: producers are the threads that call {@link #release} (the device workers, and
 * the synthesis workers when they drop a partition); the consumer is {@link #acquire}, one caller at a time under
 * {@link #lock}; handed over is the set itself (no data is copied); after the hand-over the pool owns it again, and
 * it is idle until an acquire takes it. At most {@link #MAX_SETS} sets exist, so an offer never finds the queue full.
 */
public final class OffHeapBufferPool implements BufferPool
{
    /** The most sets the pool hands out at once; the reverse queue's capacity. */
    public static final int MAX_SETS = 1024;
    private static final long MIB = 1L << 20;

    private final long budgetBytes;
    private final ManyToOneConcurrentArrayQueue<PartitionBuffers> returned =
        new ManyToOneConcurrentArrayQueue<>(MAX_SETS);
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<BufferShape, ArrayDeque<PartitionBuffers>> idle = new HashMap<>();
    private final HostMemorySource source;
    private final Map<PartitionBuffers, Runnable> blocks = new IdentityHashMap<>();
    private long reserved;
    private boolean sourceClosed;
    private volatile boolean closed;

    /** @param budgetBytes the most memory its sets may hold together, at least one byte. */
    public OffHeapBufferPool(final long budgetBytes)
    {
        this(budgetBytes, HostMemorySource.OFF_HEAP);
    }

    /**
     * @param budgetBytes the most memory its sets may hold together, at least one byte.
     * @param source      where the sets come from; the pool closes it after its last set is freed.
     */
    public OffHeapBufferPool(final long budgetBytes, final HostMemorySource source)
    {
        this.source = source;
        if (budgetBytes < 1)
        {
            throw new IllegalArgumentException("the host memory budget must be positive, got " + budgetBytes);
        }
        this.budgetBytes = budgetBytes;
    }

    @Override
    public PartitionBuffers acquire(final BufferShape shape) throws InterruptedException
    {
        if (shape.bytes() > budgetBytes)
        {
            throw new IllegalArgumentException("one partition of " + shape.numInputs() + " inputs, " + shape.numAux()
                + " aux variables and domain " + shape.domainSize() + " needs " + mib(shape.bytes())
                + " of buffers, more than the host memory budget of " + mib(budgetBytes));
        }
        final IdleStrategy idleStrategy = new BackoffIdleStrategy(1, 10, TimeUnit.MICROSECONDS.toNanos(10),
            TimeUnit.MILLISECONDS.toNanos(1));
        while (true)
        {
            final PartitionBuffers got = tryAcquire(shape);
            if (got != null)
            {
                return got;
            }
            if (Thread.interrupted())
            {
                throw new InterruptedException("interrupted while waiting for " + mib(shape.bytes())
                    + " of partition buffers");
            }
            idleStrategy.idle();
        }
    }

    private PartitionBuffers tryAcquire(final BufferShape shape)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                throw new IllegalStateException("the buffer pool is closed");
            }
            returned.drain(b -> idle.computeIfAbsent(b.shape(), s -> new ArrayDeque<>()).push(b));
            final ArrayDeque<PartitionBuffers> same = idle.get(shape);
            if (same != null && !same.isEmpty())
            {
                return same.pop();
            }
            if (blocks.size() >= MAX_SETS)
            {
                return null;
            }
            freeIdleUntil(budgetBytes - shape.bytes());
            return reserved + shape.bytes() <= budgetBytes ? allocate(shape) : null;
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Frees idle sets (of other shapes: same-shape ones would have been reused) until at most {@code limit}. */
    private void freeIdleUntil(final long limit)
    {
        final Iterator<ArrayDeque<PartitionBuffers>> shapes = idle.values().iterator();
        while (reserved > limit && shapes.hasNext())
        {
            final ArrayDeque<PartitionBuffers> sets = shapes.next();
            while (reserved > limit && !sets.isEmpty())
            {
                free(sets.pop());
            }
        }
    }

    private PartitionBuffers allocate(final BufferShape shape)
    {
        try
        {
            final HostMemorySource.Block block = source.allocate(shape.bytes());
            final PartitionBuffers buffers = new PartitionBuffers(shape, block.segment());
            blocks.put(buffers, block.free());
            reserved += shape.bytes();
            return buffers;
        }
        catch (final OutOfMemoryError e)
        {
            throw new IllegalStateException("out of host memory: could not allocate " + mib(shape.bytes()) + " of "
                + source
                + " for a partition's buffers (" + mib(reserved) + " already held, budget " + mib(budgetBytes)
                + "); lower the memory budget", e);
        }
    }

    private void free(final PartitionBuffers buffers)
    {
        final Runnable free = blocks.remove(buffers);
        if (free != null)
        {
            reserved -= buffers.shape().bytes();
            free.run();
        }
        closeSourceWhenDone();
    }

    /** Closes the source once the pool is closed and its last set freed (under {@link #lock}). */
    private void closeSourceWhenDone()
    {
        if (closed && blocks.isEmpty() && !sourceClosed)
        {
            sourceClosed = true;
            source.close();
        }
    }

    @Override
    public void release(final PartitionBuffers buffers)
    {
        if (closed)
        {
            lock.lock();
            try
            {
                free(buffers);
            }
            finally
            {
                lock.unlock();
            }
            return;
        }
        if (!returned.offer(buffers))
        {
            throw new IllegalStateException("more sets released than the pool handed out");
        }
        if (closed)
        {
            // close() may have drained the queue just before this offer: free what it missed
            lock.lock();
            try
            {
                returned.drain(this::free);
            }
            finally
            {
                lock.unlock();
            }
        }
    }

    /** @return bytes in MiB with one decimal, for messages. */
    static String mib(final long bytes)
    {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double)MIB);
    }

    @Override
    public long budgetBytes()
    {
        return budgetBytes;
    }

    @Override
    public long reservedBytes()
    {
        lock.lock();
        try
        {
            return reserved;
        }
        finally
        {
            lock.unlock();
        }
    }

    @Override
    public void close()
    {
        lock.lock();
        try
        {
            closed = true;
            returned.drain(this::free);
            idle.values().forEach(sets -> sets.forEach(this::free));
            idle.clear();
            closeSourceWhenDone();
        }
        finally
        {
            lock.unlock();
        }
    }
}
