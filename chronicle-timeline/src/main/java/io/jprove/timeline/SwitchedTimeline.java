package io.jprove.timeline;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A timeline its owner switches off and on while it runs, opened only when first switched on: a daemon's, whose
 * Chronicle files are written through memory maps, so that a write to a mapped page of a full disk (a SIGBUS, which
 * kills the JVM) is never risked: the daemon switches it off while the disk is short of its reserve. While off, every
 * event is dropped and counted ({@link #dropped()}); names are handed out as always ({@link NameIds}), their
 * definitions written by their first use once it is on again. Appends cost one volatile read more. Thread-safe.
 */
public final class SwitchedTimeline implements Timeline
{
    private final Supplier<Timeline> opener;
    private final AtomicLong dropped = new AtomicLong();
    /** The timeline once opened, else the disabled one; written under this. */
    private volatile Timeline timeline = Timeline.disabled();
    private volatile boolean off = true;
    private boolean closed;

    /** @param opener opens the timeline recorded into, when it is first switched on. */
    public SwitchedTimeline(final Supplier<Timeline> opener)
    {
        this.opener = opener;
    }

    /** Records from now on, opening the timeline the first time (unless closed). */
    public synchronized void switchOn()
    {
        if (closed)
        {
            return;
        }
        if (!timeline.isEnabled())
        {
            timeline = opener.get();
        }
        off = false;
    }

    /** Drops every event from now on (those already in the timeline's rings are still written). */
    public void switchOff()
    {
        off = true;
    }

    /** @return whether events are dropped now. */
    public boolean isOff()
    {
        return off;
    }

    /** @return the events dropped while it was off. */
    public long dropped()
    {
        return dropped.get();
    }

    /** @return true when an event may be written now; else counts it dropped. */
    private boolean recording()
    {
        if (off)
        {
            dropped.incrementAndGet();
            return false;
        }
        return true;
    }

    @Override
    public boolean isEnabled()
    {
        return true;
    }

    @Override
    public int nameId(final String name)
    {
        return off ? NameIds.of(name) : timeline.nameId(name);
    }

    @Override
    public void append(final EventKind kind, final long job, final int partition, final int worker, final int device)
    {
        if (recording())
        {
            timeline.append(kind, job, partition, worker, device);
        }
    }

    @Override
    public void append(final EventKind kind, final long job, final int partition, final int worker, final int device,
        final int nameId, final long value)
    {
        if (recording())
        {
            timeline.append(kind, job, partition, worker, device, nameId, value);
        }
    }

    @Override
    public void kernel(final long job, final int partition, final int worker, final int device, final int nameId,
        final long startNs, final long durationNs)
    {
        if (recording())
        {
            timeline.kernel(job, partition, worker, device, nameId, startNs, durationNs);
        }
    }

    @Override
    public void copy(final long job, final int partition, final int worker, final int device, final int nameId,
        final long startNs, final long durationNs, final long bytes)
    {
        if (recording())
        {
            timeline.copy(job, partition, worker, device, nameId, startNs, durationNs, bytes);
        }
    }

    @Override
    public void stage(final long job, final int partition, final int worker, final int device, final int nameId,
        final long startNs, final long durationNs)
    {
        if (recording())
        {
            timeline.stage(job, partition, worker, device, nameId, startNs, durationNs);
        }
    }

    @Override
    public void error(final long job, final int partition, final int worker, final int device, final String message)
    {
        if (recording())
        {
            timeline.error(job, partition, worker, device, message);
        }
    }

    @Override
    public void device(final int device, final String description)
    {
        if (recording())
        {
            timeline.device(device, description);
        }
    }

    @Override
    public void flush()
    {
        timeline.flush();
    }

    @Override
    public synchronized void close()
    {
        closed = true;
        off = true;
        timeline.close();
    }
}
