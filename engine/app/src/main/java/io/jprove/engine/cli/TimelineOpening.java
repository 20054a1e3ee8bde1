package io.jprove.engine.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.jprove.timeline.Timeline;

/**
 * A timeline being opened on a thread of its own while the command gets on with its work: opening a Chronicle Queue
 * (its classes, its files) takes a good part of a cold proof's start, and the key's reading does not need it.
 * {@link #timeline()} waits for it; closing closes the timeline once it is open (and waits for that).
 */
final class TimelineOpening implements AutoCloseable
{
    private final CompletableFuture<Timeline> opening;

    private TimelineOpening(final CompletableFuture<Timeline> opening)
    {
        this.opening = opening;
    }

    /** Starts opening the timeline the options ask for. */
    static TimelineOpening start(final TimelineOption option)
    {
        return new TimelineOpening(CompletableFuture.supplyAsync(option::open, runnable ->
        {
            final Thread thread = new Thread(runnable, "timeline-open");
            thread.setDaemon(true);
            thread.start();
        }));
    }

    /**
     * @return the open timeline, once it is.
     * @throws RuntimeException what opening it threw (a directory that cannot be written, a damaged queue).
     */
    Timeline timeline()
    {
        try
        {
            return opening.join();
        }
        catch (final CompletionException e)
        {
            if (e.getCause() instanceof RuntimeException cause)
            {
                throw cause;
            }
            throw e;
        }
    }

    @Override
    public void close()
    {
        final Timeline timeline;
        try
        {
            timeline = opening.join();
        }
        catch (final CompletionException e)
        {
            // it never opened: whoever asked for it was told; one that did not ask has nothing to close
            return;
        }
        timeline.close();
    }
}
