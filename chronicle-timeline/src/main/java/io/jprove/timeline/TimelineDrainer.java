package io.jprove.timeline;

import java.util.concurrent.atomic.AtomicLong;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The single consumer of a {@link ChronicleTimeline}'s ring buffer: copies the records it finds, in ring order, into
 * queue documents, each document a batch of whole records (at most {@link #MAX_BATCH_BYTES}), so that one Chronicle
 * append serves many events. {@code onStart} creates the appender and writes the {@link EventKind#ANCHOR};
 * {@code doWork} drains and reports drops; {@code onClose} drains what is left and closes the appender, all on the
 * drainer's thread.
 */
final class TimelineDrainer implements Agent, MessageHandler
{
    /** A batch document is closed once it holds this many bytes (about a thousand events). */
    static final int MAX_BATCH_BYTES = 64 * 1024;

    private static final int DRAIN_LIMIT = 4096;

    private final SingleChronicleQueue queue;
    private final ManyToOneRingBuffer ring;
    private final AtomicLong droppedEvents;
    private final AtomicLong durablePosition;
    private final byte[] scratch = new byte[EventLayout.HEADER_LENGTH + EventLayout.MAX_TEXT_LENGTH];
    private ExcerptAppender appender;
    private DocumentContext batch;
    private Bytes<?> batchBytes;
    private long batchStart;
    private long droppedReported;

    /**
     * @param durablePosition set, after each drain, to the ring position up to which every record is in a closed
     *                        queue document ({@link ChronicleTimeline#flush()} waits on it).
     */
    TimelineDrainer(
        final SingleChronicleQueue queue,
        final ManyToOneRingBuffer ring,
        final AtomicLong droppedEvents,
        final AtomicLong durablePosition)
    {
        this.queue = queue;
        this.ring = ring;
        this.droppedEvents = droppedEvents;
        this.durablePosition = durablePosition;
    }

    @Override
    public void onStart()
    {
        appender = queue.createAppender();
        final byte[] text = ("jprove timeline 1 pid " + ProcessHandle.current().pid())
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        writeDirect(EventKind.ANCHOR, TimelineClock.anchorEpochNs(), ProcessHandle.current().pid(),
            TimelineClock.anchorNanoTime(), text);
    }

    @Override
    public int doWork()
    {
        try
        {
            return ring.read(this, DRAIN_LIMIT) + reportDrops();
        }
        finally
        {
            closeBatch();
            // Only this thread consumes, so everything below the consumer position is now in closed documents.
            durablePosition.setRelease(ring.consumerPosition());
        }
    }

    private int reportDrops()
    {
        closeBatch();
        final long dropped = droppedEvents.get();
        if (dropped == droppedReported)
        {
            return 0;
        }
        writeDirect(EventKind.DROPPED, TimelineClock.nowNs(), -1, dropped - droppedReported, new byte[0]);
        droppedReported = dropped;
        return 1;
    }

    @Override
    public void onClose()
    {
        try
        {
            while (ring.read(this, DRAIN_LIMIT) > 0)
            {
                // drain what was committed before close
            }
        }
        finally
        {
            closeBatch();
            durablePosition.setRelease(ring.consumerPosition());
        }
        if (appender != null)
        {
            reportDrops();
            appender.close();
        }
    }

    @Override
    public String roleName()
    {
        return "timeline-drainer";
    }

    @Override
    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        if (batch == null)
        {
            batch = appender.writingDocument();
            batchBytes = batch.wire().bytes();
            batchStart = batchBytes.writePosition();
        }
        buffer.getBytes(index, scratch, 0, length);
        batchBytes.write(scratch, 0, length);
        if (batchBytes.writePosition() - batchStart >= MAX_BATCH_BYTES)
        {
            closeBatch();
        }
    }

    private void closeBatch()
    {
        if (batch != null)
        {
            final DocumentContext complete = batch;
            batch = null;
            batchBytes = null;
            complete.close();
        }
    }

    private void writeDirect(
        final EventKind kind, final long timestampNs, final long job, final long value, final byte[] text)
    {
        try (DocumentContext dc = appender.writingDocument())
        {
            final Bytes<?> bytes = dc.wire().bytes();
            bytes.writeInt(EventLayout.MAGIC);
            bytes.writeShort(kind.code());
            bytes.writeShort((short)-1);
            bytes.writeLong(timestampNs);
            bytes.writeLong(job);
            bytes.writeInt(-1);
            bytes.writeInt(-1);
            bytes.writeInt(0);
            bytes.writeInt(text.length);
            bytes.writeLong(0);
            bytes.writeLong(0);
            bytes.writeLong(value);
            bytes.write(text);
        }
    }
}
