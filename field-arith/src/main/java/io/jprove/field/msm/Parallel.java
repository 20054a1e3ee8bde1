package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs numbered tasks on a few platform threads that take the next task from a shared counter (so uneven tasks
 * balance themselves); the calling thread is one of the workers. Task failures are rethrown in the caller.
 */
final class Parallel
{
    /** A task that also knows which worker (0 … threads−1) runs it, to index per-worker scratch. */
    @FunctionalInterface
    interface Task
    {
        void run(int worker, int task);
    }

    private Parallel()
    {
    }

    /** @return the default thread count: every core the JVM sees. */
    static int defaultThreads()
    {
        return Runtime.getRuntime().availableProcessors();
    }

    /** @return whether threads other than the caller may read every one of these segments (not a confined arena). */
    static boolean sharable(final MemorySegment... segments)
    {
        final Thread other = Thread.ofPlatform().unstarted(() ->
        {
        });
        for (final MemorySegment s : segments)
        {
            if (!s.isAccessibleBy(other))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Runs tasks {@code 0 … count−1} on {@code min(threads, count)} workers and returns when all are done.
     *
     * @throws IllegalArgumentException if {@code threads < 1}.
     */
    static void run(final int threads, final int count, final Task task)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        final int workers = Math.min(threads, count);
        if (workers <= 1)
        {
            for (int i = 0; i < count; i++)
            {
                task.run(0, i);
            }
            return;
        }
        final AtomicInteger next = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] started = new Thread[workers - 1];
        for (int w = 1; w < workers; w++)
        {
            final int worker = w;
            started[w - 1] = Thread.ofPlatform().name("jprove-msm-" + w).start(
                () -> drain(worker, count, next, failure, task));
        }
        drain(0, count, next, failure, task);
        for (final Thread thread : started)
        {
            try
            {
                thread.join();
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for MSM workers", e);
            }
        }
        final Throwable t = failure.get();
        if (t instanceof RuntimeException re)
        {
            throw re;
        }
        if (t instanceof Error err)
        {
            throw err;
        }
    }

    private static void drain(final int worker, final int count, final AtomicInteger next,
        final AtomicReference<Throwable> failure, final Task task)
    {
        try
        {
            for (int i = next.getAndIncrement(); i < count && failure.get() == null; i = next.getAndIncrement())
            {
                task.run(worker, i);
            }
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
        }
    }
}
