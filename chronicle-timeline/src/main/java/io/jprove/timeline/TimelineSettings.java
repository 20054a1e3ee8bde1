package io.jprove.timeline;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a timeline queue is written.
 *
 * @param directory          the queue directory (created when missing).
 * @param rollCycle          how often the queue starts a new file.
 * @param retention          files whose last write is older than this are deleted when the queue opens and when it
 *                           rolls; {@link Duration#ZERO} keeps everything.
 * @param ringCapacityBytes  each appending thread's in-memory buffer in front of the queue, a power of two; when it
 *                           is full that thread's events are dropped and counted, never waited for.
 */
public record TimelineSettings(Path directory, Roll rollCycle, Duration retention, int ringCapacityBytes)
{
    /** Default retention: a week. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
    /** Default ring buffer per appending thread: 1 MiB, about 14,000 events between drains. */
    public static final int DEFAULT_RING_CAPACITY_BYTES = 1 << 20;

    /**
     * The roll cycles offered.
     */
    public enum Roll
    {
        /** One file per hour. */
        HOURLY,
        /** One file per day. */
        DAILY
    }

    /**
     * Checks the settings.
     */
    public TimelineSettings
    {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(rollCycle, "rollCycle");
        Objects.requireNonNull(retention, "retention");
        if (retention.isNegative())
        {
            throw new IllegalArgumentException("retention must not be negative: " + retention);
        }
        if (ringCapacityBytes < 4096 || Integer.bitCount(ringCapacityBytes) != 1)
        {
            throw new IllegalArgumentException(
                "ringCapacityBytes must be a power of two of at least 4096: " + ringCapacityBytes);
        }
    }

    /**
     * @param directory the queue directory.
     * @return daily files, a week's retention and the default ring buffer.
     */
    public static TimelineSettings of(final Path directory)
    {
        return new TimelineSettings(directory, Roll.DAILY, DEFAULT_RETENTION, DEFAULT_RING_CAPACITY_BYTES);
    }

    /**
     * @param roll the roll cycle.
     * @return these settings with another roll cycle.
     */
    public TimelineSettings withRollCycle(final Roll roll)
    {
        return new TimelineSettings(directory, roll, retention, ringCapacityBytes);
    }

    /**
     * @param keep the retention.
     * @return these settings with another retention.
     */
    public TimelineSettings withRetention(final Duration keep)
    {
        return new TimelineSettings(directory, rollCycle, keep, ringCapacityBytes);
    }

    /**
     * @param bytes the ring buffer capacity.
     * @return these settings with another ring buffer capacity.
     */
    public TimelineSettings withRingCapacityBytes(final int bytes)
    {
        return new TimelineSettings(directory, rollCycle, retention, bytes);
    }
}
