package io.jprove.engine.formats;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One key file's load as it goes, watched and abandonable from other threads: the readers ({@code BellpersonParams},
 * {@code Zkey}) say how many bytes they will go through (hashing the file for the {@link CheckedKeys} record, then
 * decoding and checking its points) and report each chunk done, so a status page can show "loading key K (x %)";
 * {@link #cancel} makes the reader stop at its next chunk with a {@link CancellationException}, freeing what it
 * allocated. A large key takes minutes to check, so a load no one waits for any more must be stoppable. What the
 * load checked of the points is recorded once known. Thread-safe: the readers' chunks run on several threads.
 */
public final class KeyLoading
{
    private final String what;
    private final AtomicLong expected = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private volatile boolean cancelled;
    private volatile PointChecks checks;

    /** @param what the key, as a cancellation names it ("/keys/porep.params"). */
    public KeyLoading(final String what)
    {
        this.what = what;
    }

    /** @return a load no one watches or cancels (the CLI's). */
    public static KeyLoading unwatched()
    {
        return new KeyLoading("a key");
    }

    /** Adds {@code bytes} to the work the load will do. */
    public void expect(final long bytes)
    {
        expected.addAndGet(bytes);
    }

    /**
     * Counts {@code bytes} of the work as done; the readers' cancellation point.
     *
     * @throws CancellationException when the load was cancelled.
     */
    public void advance(final long bytes)
    {
        done.addAndGet(bytes);
        checkCancelled();
    }

    /** @throws CancellationException when the load was cancelled. */
    public void checkCancelled()
    {
        if (cancelled)
        {
            throw new CancellationException("the load of " + what + " was cancelled: no job needs the key any more");
        }
    }

    /** Asks the load to stop at its next chunk. */
    public void cancel()
    {
        cancelled = true;
    }

    /** @return whether {@link #cancel} was called. */
    public boolean isCancelled()
    {
        return cancelled;
    }

    /** @return how much of the expected work is done, 0 to 100 (0 before any is expected). */
    public int percent()
    {
        final long total = expected.get();
        return total <= 0 ? 0 : (int)Math.min(100, done.get() * 100 / total);
    }

    /** Records what the load checks of the points, once the reader knows. */
    public void checks(final PointChecks what)
    {
        this.checks = what;
    }

    /** @return what the load checked of the points, or null while not known. */
    public PointChecks checks()
    {
        return checks;
    }
}
