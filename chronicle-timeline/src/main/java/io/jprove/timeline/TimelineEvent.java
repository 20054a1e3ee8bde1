package io.jprove.timeline;

import java.nio.charset.StandardCharsets;

import net.openhft.chronicle.bytes.Bytes;

/**
 * A view of one event while a {@link TimelineReader} replays it: valid only inside the handler call, reused for the
 * next event (so replay allocates nothing per event). Copy what you keep.
 */
public final class TimelineEvent
{
    private Bytes<?> bytes;
    private long offset;
    private long index;

    void wrap(final Bytes<?> source, final long readOffset, final long queueIndex)
    {
        this.bytes = source;
        this.offset = readOffset;
        this.index = queueIndex;
    }

    /**
     * @return the queue index of the document holding this event (pass it to {@link TimelineReader#replayFromIndex}
     *         to resume from that document's first event).
     */
    public long index()
    {
        return index;
    }

    /**
     * @return the kind, or null when the code is unknown to this version.
     */
    public EventKind kind()
    {
        return EventKind.ofCode(kindCode());
    }

    /**
     * @return the stored kind code.
     */
    public int kindCode()
    {
        return bytes.readShort(offset + EventLayout.KIND_OFFSET);
    }

    /**
     * @return the device ordinal, or -1.
     */
    public int device()
    {
        return bytes.readShort(offset + EventLayout.DEVICE_OFFSET);
    }

    /**
     * @return when the event was appended, nanoseconds since the epoch on the timeline clock.
     */
    public long timestampNs()
    {
        return bytes.readLong(offset + EventLayout.TIMESTAMP_NS_OFFSET);
    }

    /**
     * @return the job id.
     */
    public long job()
    {
        return bytes.readLong(offset + EventLayout.JOB_OFFSET);
    }

    /**
     * @return the partition index, or -1.
     */
    public int partition()
    {
        return bytes.readInt(offset + EventLayout.PARTITION_OFFSET);
    }

    /**
     * @return the worker id, or -1.
     */
    public int worker()
    {
        return bytes.readInt(offset + EventLayout.WORKER_OFFSET);
    }

    /**
     * @return the name id, or 0.
     */
    public int nameId()
    {
        return bytes.readInt(offset + EventLayout.NAME_ID_OFFSET);
    }

    /**
     * @return an interval's start on the timeline clock (kernels, copies, stages), else 0.
     */
    public long startNs()
    {
        return bytes.readLong(offset + EventLayout.START_NS_OFFSET);
    }

    /**
     * @return an interval's duration (kernels, copies, stages), else 0.
     */
    public long durationNs()
    {
        return bytes.readLong(offset + EventLayout.DURATION_NS_OFFSET);
    }

    /**
     * @return a copy's byte count, or the event's value.
     */
    public long value()
    {
        return bytes.readLong(offset + EventLayout.VALUE_OFFSET);
    }

    /**
     * @return the text length in bytes.
     */
    public int textLength()
    {
        return bytes.readInt(offset + EventLayout.TEXT_LENGTH_OFFSET);
    }

    /**
     * @return the text (allocates; names and errors only), empty when there is none.
     */
    public String text()
    {
        final int length = textLength();
        if (length == 0)
        {
            return "";
        }
        final byte[] utf8 = new byte[length];
        for (int i = 0; i < length; i++)
        {
            utf8[i] = bytes.readByte(offset + EventLayout.TEXT_OFFSET + i);
        }
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
