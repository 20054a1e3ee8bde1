package io.jprove.timeline;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.MessageHandler;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The single consumer of a {@link ChronicleTimeline}'s per-thread rings: copies the records it finds, ring by ring
 * and in each ring's order, into
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
    private final CopyOnWriteArrayList<ThreadRing> rings;
    private final AtomicLong droppedEvents;
    private ExcerptAppender appender;
    private DocumentContext batch;
    private Bytes<?> batchBytes;
    private long batchStart;
    private long droppedReported;

    TimelineDrainer(
        final SingleChronicleQueue queue, final CopyOnWriteArrayList<ThreadRing> rings, final AtomicLong droppedEvents)
    {
        this.queue = queue;
        this.rings = rings;
        this.droppedEvents = droppedEvents;
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
        int work = 0;
        try
        {
            for (final ThreadRing threadRing : rings)
            {
                work += threadRing.ring.read(this, DRAIN_LIMIT);
            }
            return work + reportDrops();
        }
        finally
        {
            closeBatch();
            publishDurable();
        }
    }

    /** Only this thread consumes, so everything below each consumer position is now in closed documents. */
    private void publishDurable()
    {
        for (final ThreadRing threadRing : rings)
        {
            threadRing.durablePosition.setRelease(threadRing.ring.consumerPosition());
            if (threadRing.isRetired())
            {
                rings.remove(threadRing);
            }
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
            for (final ThreadRing threadRing : rings)
            {
                while (threadRing.ring.read(this, DRAIN_LIMIT) > 0)
                {
                    // drain what was committed before close
                }
            }
        }
        finally
        {
            closeBatch();
            publishDurable();
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
        // The ring is off-heap: copy straight from its memory into the mapped queue file.
        batchBytes.unsafeWrite(buffer.addressOffset() + index, length);
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
