package io.jprove.engine.backend;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Where an {@link OffHeapBufferPool}'s sets come from: plain off-heap memory ({@link #OFF_HEAP}), or page-locked
 * memory a GPU backend allocates through its driver, so that a partition's vectors reach the device by DMA without a
 * staging copy. The pool closes its source once every set it allocated has been freed.
 */
public interface HostMemorySource extends AutoCloseable
{
    /** Page alignment, so a device driver could register the memory as it is. */
    long ALIGNMENT = 4096;

    /** Plain off-heap memory, one shared arena per block. */
    HostMemorySource OFF_HEAP = new HostMemorySource()
    {
        @Override
        public Block allocate(final long bytes)
        {
            final Arena arena = Arena.ofShared();
            try
            {
                return new Block(arena.allocate(bytes, ALIGNMENT), arena::close);
            }
            catch (final OutOfMemoryError e)
            {
                arena.close();
                throw e;
            }
        }

        @Override
        public String toString()
        {
            return "off-heap memory";
        }
    };

    /**
     * A block of memory and how to give it back.
     *
     * @param segment the memory, zeroed, {@link #ALIGNMENT}-aligned, readable and writable from any thread.
     * @param free    frees it; called once.
     */
    record Block(MemorySegment segment, Runnable free)
    {
    }

    /**
     * @param bytes at least one.
     * @return a fresh block.
     * @throws OutOfMemoryError when the memory is not there.
     */
    Block allocate(long bytes);

    /** Releases what the source itself holds (a driver context); its blocks are all freed by then. */
    @Override
    default void close()
    {
    }
}
