package io.jprove.engine.backend;

/**
 * Where partitions' buffers come from, and the host memory budget that bounds how many partitions are in flight:
 * {@link #acquire} waits while handing out another set would exceed the budget. {@link OffHeapBufferPool} is plain
 * off-heap memory; a GPU backend supplies one of page-locked memory so that a, b and c reach the device with one DMA.
 * <p>
 * Return path: the last holder of a set (a device worker, or whoever drops a partition) calls {@link #release},
 * which never blocks: the set goes back through a reverse queue that {@code acquire} drains.
 */
public interface BufferPool extends AutoCloseable
{
    /**
     * Hands out a set of this shape, reusing an idle one when it can.
     *
     * @return the set; the caller holds it until it is released.
     * @throws IllegalArgumentException when one set of this shape exceeds the whole budget.
     * @throws IllegalStateException    when the host is out of memory, or the pool is closed.
     * @throws InterruptedException     when the waiting thread is interrupted.
     */
    PartitionBuffers acquire(BufferShape shape) throws InterruptedException;

    /** Gives a set back, from any thread, without blocking. */
    void release(PartitionBuffers buffers);

    /** @return the budget, in bytes. */
    long budgetBytes();

    /** @return the bytes of the sets allocated now, idle or handed out. */
    long reservedBytes();

    /** @return the budget when none is given: half of the machine's memory, at least 1 GiB. */
    static long defaultBudgetBytes()
    {
        final java.lang.management.OperatingSystemMXBean os =
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        final long total = os instanceof final com.sun.management.OperatingSystemMXBean sun
            ? sun.getTotalMemorySize() : Runtime.getRuntime().maxMemory();
        return Math.max(1L << 30, total / 2);
    }

    /** Frees the idle sets now and every handed-out one when it is released. */
    @Override
    void close();
}
