package io.jprove.engine.r1cs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Off-heap memory that grows by doubling, each generation in its own shared arena so the old one is freed at once.
 * Shared arenas let other threads read it (the SpMV and the GPU upload), and a caller that knows its size up front
 * passes it as the initial capacity so nothing is copied. New bytes are zero.
 */
final class GrowableSegment implements AutoCloseable
{
    private static final long ALIGNMENT = 64;

    private Arena arena;
    private MemorySegment segment;

    GrowableSegment(final long initialBytes)
    {
        arena = Arena.ofShared();
        segment = arena.allocate(Math.max(ALIGNMENT, initialBytes), ALIGNMENT);
    }

    /** @return the current memory; invalid after the next {@link #ensure} that grows. */
    MemorySegment segment()
    {
        return segment;
    }

    /** Makes room for at least {@code bytes}. @return the (possibly new) memory. */
    MemorySegment ensure(final long bytes)
    {
        if (bytes > segment.byteSize())
        {
            grow(bytes);
        }
        return segment;
    }

    private void grow(final long bytes)
    {
        final long capacity = Math.max(bytes, segment.byteSize() * 2);
        final Arena next = Arena.ofShared();
        final MemorySegment bigger = next.allocate(capacity, ALIGNMENT);
        bigger.copyFrom(segment);
        arena.close();
        arena = next;
        segment = bigger;
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
