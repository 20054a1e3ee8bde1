package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.util.concurrent.ForkJoinPool;

import io.jprove.field.FrVector;

/**
 * One of the setup's intermediate vectors (powers of τ, the Lagrange basis, the matrices at τ, the query scalars):
 * its own memory ({@link AnonymousMemory}), so that it is freed as soon as its phase is over and the key can grow into
 * the room, and zeroed on all threads before it is freed, as its values derive from the toxic waste.
 */
final class ScratchVector implements AutoCloseable
{
    private final Arena arena = Arena.ofShared();
    private final ForkJoinPool pool;
    private final FrVector vector;
    private boolean closed;

    /**
     * @param size elements, zeroed.
     * @param pool the threads that zero it at the end.
     */
    ScratchVector(final long size, final ForkJoinPool pool)
    {
        this.pool = pool;
        try
        {
            this.vector = FrVector.wrap(AnonymousMemory.allocate(arena, size * FrVector.ELEMENT_BYTES));
        }
        catch (final RuntimeException | Error e)
        {
            arena.close();
            throw e;
        }
    }

    /** @return the vector. */
    FrVector vector()
    {
        return vector;
    }

    /** Zeroes the vector and frees it; a second call does nothing. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            ParallelChunks.run(pool, vector.size(), (from, to) -> vector.segment().asSlice(
                from * FrVector.ELEMENT_BYTES, (to - from) * FrVector.ELEMENT_BYTES).fill((byte)0));
        }
        finally
        {
            arena.close();
        }
    }
}
