package io.jprove.timeline;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Replays a timeline queue, read-only: from the start, from a queue index, from a time, or tailing live. Every
 * document is checked against {@link EventLayout} before the handler sees it; a document that is not a jprove event
 * stops the replay with a {@link TimelineFormatException} naming the directory and the index. One reader serves one
 * thread.
 */
public final class TimelineReader implements AutoCloseable
{
    private final Path directory;
    private final SingleChronicleQueue queue;
    private final TimelineEvent event = new TimelineEvent();

    private TimelineReader(final Path directory, final SingleChronicleQueue queue)
    {
        this.directory = directory;
        this.queue = queue;
    }

    /**
     * Opens a timeline directory for reading.
     *
     * @param directory a directory written by {@link ChronicleTimeline}.
     * @return the reader.
     * @throws TimelineFormatException when the directory is missing, holds no queue files, or cannot be read as a
     *                                 Chronicle Queue.
     */
    public static TimelineReader open(final Path directory)
    {
        ChronicleDefaults.apply();
        if (!Files.isDirectory(directory))
        {
            throw new TimelineFormatException("no timeline at " + directory + ": not a directory");
        }
        if (!hasQueueFiles(directory))
        {
            throw new TimelineFormatException(
                "no timeline at " + directory + ": no Chronicle Queue files (*.cq4) in the directory");
        }
        final SingleChronicleQueue queue;
        try
        {
            // The roll cycle only matters for a new queue; an existing one's metadata overrides it.
            queue = SingleChronicleQueueBuilder.binary(directory).readOnly(true).rollCycle(RollCycles.FAST_DAILY)
                .build();
        }
        catch (final RuntimeException e)
        {
            throw new TimelineFormatException(
                "cannot read " + directory + " as a Chronicle Queue: " + e.getMessage(), e);
        }
        return new TimelineReader(directory, queue);
    }

    /**
     * @return the directory being read.
     */
    public Path directory()
    {
        return directory;
    }

    /**
     * Replays every event from the start.
     *
     * @param handler receives each event.
     * @return how many events were replayed.
     */
    public long replay(final TimelineEventHandler handler)
    {
        try (ExcerptTailer tailer = queue.createTailer())
        {
            tailer.toStart();
            return drain(tailer, handler, Long.MIN_VALUE);
        }
        catch (final Exception e)
        {
            throw unreadable(e);
        }
    }

    /**
     * Replays from a queue index (as given by {@link TimelineEvent#index()}). An index names a document, which may
     * hold a batch of events: the replay starts at the first event of that batch.
     *
     * @param index   the first index to replay.
     * @param handler receives each event.
     * @return how many events were replayed.
     * @throws IllegalArgumentException when the queue has no such index.
     */
    public long replayFromIndex(final long index, final TimelineEventHandler handler)
    {
        try (ExcerptTailer tailer = queue.createTailer())
        {
            if (!tailer.moveToIndex(index))
            {
                throw new IllegalArgumentException(
                    "index 0x" + Long.toHexString(index) + " is not in the timeline at " + directory);
            }
            return drain(tailer, handler, Long.MIN_VALUE);
        }
        catch (final IllegalArgumentException e)
        {
            throw e;
        }
        catch (final Exception e)
        {
            throw unreadable(e);
        }
    }

    /**
     * Replays the events stamped at or after a time (events are appended in nearly, not strictly, time order, so
     * every event is tested).
     *
     * @param fromNs  nanoseconds since the epoch.
     * @param handler receives each event.
     * @return how many events were replayed.
     */
    public long replayFromTime(final long fromNs, final TimelineEventHandler handler)
    {
        try (ExcerptTailer tailer = queue.createTailer())
        {
            tailer.toStart();
            return drain(tailer, handler, fromNs);
        }
        catch (final Exception e)
        {
            throw unreadable(e);
        }
    }

    /**
     * Follows the queue live: replays what is there (from the start, or only new events), then waits for more until
     * {@code keepGoing} says stop.
     *
     * @param fromStart true to replay existing events first, false to see only new ones.
     * @param handler   receives each event.
     * @param keepGoing polled after each batch; false ends the tail (the first batch is always delivered).
     * @return how many events were delivered.
     */
    public long tail(final boolean fromStart, final TimelineEventHandler handler, final BooleanSupplier keepGoing)
    {
        final IdleStrategy idle = new BackoffIdleStrategy(
            1, 1, TimeUnit.MICROSECONDS.toNanos(50), TimeUnit.MILLISECONDS.toNanos(50));
        long delivered = 0;
        try (ExcerptTailer tailer = queue.createTailer())
        {
            if (fromStart)
            {
                tailer.toStart();
            }
            else
            {
                tailer.toEnd();
            }
            // What is there is always delivered; keepGoing is asked only between batches.
            do
            {
                final long batch = drain(tailer, handler, Long.MIN_VALUE);
                delivered += batch;
                idle.idle((int)Math.min(batch, Integer.MAX_VALUE));
            }
            while (keepGoing.getAsBoolean());
        }
        catch (final Exception e)
        {
            throw unreadable(e);
        }
        return delivered;
    }

    @Override
    public void close()
    {
        queue.close();
    }

    private long drain(final ExcerptTailer tailer, final TimelineEventHandler handler, final long fromNs)
    {
        long count = 0;
        while (true)
        {
            try (DocumentContext dc = tailer.readingDocument())
            {
                if (!dc.isPresent())
                {
                    return count;
                }
                final Bytes<?> bytes = dc.wire().bytes();
                final long index = dc.index();
                final long end = bytes.readLimit();
                long offset = bytes.readPosition();
                while (offset < end)
                {
                    final int length = check(bytes, offset, end - offset, index);
                    event.wrap(bytes, offset, index);
                    offset += length;
                    if (fromNs == Long.MIN_VALUE || event.timestampNs() >= fromNs)
                    {
                        try
                        {
                            handler.onEvent(event);
                        }
                        catch (final RuntimeException e)
                        {
                            throw new HandlerFailure(e);
                        }
                        count++;
                    }
                }
            }
        }
    }

    /** Chronicle reports damaged files with unchecked and sneakily thrown checked exceptions alike. */
    private RuntimeException unreadable(final Exception e)
    {
        if (e instanceof TimelineFormatException formatException)
        {
            return formatException;
        }
        if (e instanceof HandlerFailure failure)
        {
            return (RuntimeException)failure.getCause();
        }
        return new TimelineFormatException("cannot read the timeline at " + directory + ": " + e, e);
    }

    /** Checks the record at offset and returns its length; {@code remaining} is what is left of the document. */
    private int check(final Bytes<?> bytes, final long offset, final long remaining, final long index)
    {
        if (remaining < EventLayout.HEADER_LENGTH)
        {
            throw foreign(index, remaining + " bytes where an event header (" + EventLayout.HEADER_LENGTH
                + " bytes) should start");
        }
        final int magic = bytes.readInt(offset + EventLayout.MAGIC_OFFSET);
        if (magic != EventLayout.MAGIC)
        {
            throw foreign(index, "magic 0x" + Integer.toHexString(magic) + " instead of 0x"
                + Integer.toHexString(EventLayout.MAGIC));
        }
        final int textLength = bytes.readInt(offset + EventLayout.TEXT_LENGTH_OFFSET);
        if (textLength < 0 || textLength > EventLayout.MAX_TEXT_LENGTH
            || EventLayout.HEADER_LENGTH + textLength > remaining)
        {
            throw foreign(index, "text length " + textLength + " with " + remaining + " bytes left in the document");
        }
        return EventLayout.HEADER_LENGTH + textLength;
    }

    private TimelineFormatException foreign(final long index, final String what)
    {
        return new TimelineFormatException(directory + " is not a jprove timeline: document at index 0x"
            + Long.toHexString(index) + " has " + what);
    }

    /** Carries a handler's own exception past the wrapping of Chronicle's. */
    private static final class HandlerFailure extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        HandlerFailure(final RuntimeException cause)
        {
            super(cause);
        }
    }

    private static boolean hasQueueFiles(final Path directory)
    {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.cq4"))
        {
            return files.iterator().hasNext();
        }
        catch (final IOException e)
        {
            throw new TimelineFormatException("cannot list " + directory + ": " + e, e);
        }
    }
}
