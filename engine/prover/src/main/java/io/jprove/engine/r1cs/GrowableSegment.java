package io.jprove.engine.r1cs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Off-heap memory that grows by doubling, each generation in its own shared arena so the old one is freed at once.
 * Shared arenas let other threads read it (the SpMV and the GPU upload), and a caller that knows its size up front
 * passes it as the initial capacity so nothing is copied. New bytes are zero.
 * <p>
 * Or, {@link #fixed}, a view of memory the caller owns (a pooled buffer): it never grows, and asking for more than it
 * holds means the circuit is larger than the shape the buffer was sized for.
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

    private GrowableSegment(final MemorySegment caller)
    {
        arena = null;
        segment = caller;
    }

    /** @return a view of the caller's memory that never grows and whose close frees nothing. */
    static GrowableSegment fixed(final MemorySegment caller)
    {
        return new GrowableSegment(caller);
    }

    /** @return the current memory; invalid after the next {@link #ensure} that grows. */
    MemorySegment segment()
    {
        return segment;
    }

    /**
     * Makes room for at least {@code bytes}. @return the (possibly new) memory.
     *
     * @throws SynthesisException when a fixed view is asked for more than it holds.
     */
    MemorySegment ensure(final long bytes)
    {
        if (bytes > segment.byteSize())
        {
            if (arena == null)
            {
                throw new SynthesisException("the circuit needs more than the " + segment.byteSize() + " bytes of "
                    + "its buffer: it is larger than the shape it was sized for (" + bytes + " bytes asked)");
            }
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
        if (arena != null)
        {
            arena.close();
        }
    }
}
