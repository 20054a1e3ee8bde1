package io.jprove.timeline;

import java.time.Instant;

/**
 * The timeline's clock: nanoseconds since the Unix epoch, read as one wall-clock anchor plus the monotonic
 * {@link System#nanoTime()} elapsed since it. Differences are exact and never go backwards (NTP steps do not move it),
 * and every value still reads as a wall-clock time. The anchor is taken once per process.
 */
public final class TimelineClock
{
    private static final long ANCHOR_NANO_TIME;
    private static final long ANCHOR_EPOCH_NS;

    static
    {
        final long before = System.nanoTime();
        final Instant now = Instant.now();
        final long after = System.nanoTime();
        ANCHOR_NANO_TIME = before + (after - before) / 2;
        ANCHOR_EPOCH_NS = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    private TimelineClock()
    {
    }

    /**
     * @return now, in nanoseconds since the epoch on the anchored monotonic clock.
     */
    public static long nowNs()
    {
        return ANCHOR_EPOCH_NS + (System.nanoTime() - ANCHOR_NANO_TIME);
    }

    /**
     * Converts a {@link System#nanoTime()} reading of this process (for example the host time a CUDA event was
     * matched to) to the timeline clock.
     *
     * @param nanoTime a reading of {@link System#nanoTime()}.
     * @return the same instant on the timeline clock.
     */
    public static long fromNanoTime(final long nanoTime)
    {
        return ANCHOR_EPOCH_NS + (nanoTime - ANCHOR_NANO_TIME);
    }

    /**
     * @return the wall-clock anchor, in nanoseconds since the epoch.
     */
    public static long anchorEpochNs()
    {
        return ANCHOR_EPOCH_NS;
    }

    /**
     * @return the {@link System#nanoTime()} reading that corresponds to {@link #anchorEpochNs()}.
     */
    public static long anchorNanoTime()
    {
        return ANCHOR_NANO_TIME;
    }
}
