package io.jprove.engine.groth16;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;

/** Runs a body over [0, count) in chunks on a pool: the setup's element-wise passes over the domain and variables. */
final class ParallelChunks
{
    /** Elements per chunk: large enough that a chunk's start-up (a power of τ) is noise, small enough to balance. */
    static final long CHUNK = 1 << 14;

    /** A body over one chunk [from, to). */
    @FunctionalInterface
    interface Body
    {
        void run(long from, long to);
    }

    private ParallelChunks()
    {
    }

    /** Runs {@code body} over every chunk of [0, count) on {@code pool}; a failure is rethrown here. */
    static void run(final ForkJoinPool pool, final long count, final Body body)
    {
        final long chunks = (count + CHUNK - 1) / CHUNK;
        submit(pool, () -> LongStream.range(0, chunks).parallel()
            .forEach(c -> body.run(c * CHUNK, Math.min(count, (c + 1) * CHUNK))));
    }

    /** Runs {@code work} (which may use the pool's parallel streams) on {@code pool} and waits; rethrows failures. */
    static void submit(final ForkJoinPool pool, final Runnable work)
    {
        try
        {
            pool.submit(work).get();
        }
        catch (final ExecutionException e)
        {
            final Throwable cause = e.getCause();
            if (cause instanceof final RuntimeException re)
            {
                throw re;
            }
            if (cause instanceof final Error error)
            {
                throw error;
            }
            throw new IllegalStateException("a parallel setup step failed", cause);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during setup", e);
        }
    }
}
