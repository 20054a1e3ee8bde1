package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaContext;
import io.jprove.kernels.cuda.CudaEvent;
import io.jprove.kernels.cuda.CudaStream;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Device-measured times of launches and copies for {@link CudaAccelerator}: a CUDA event before and after each piece
 * of work on its stream; once the second has completed, the pair gives the duration, and the first's distance from an
 * anchor event gives the start on the host clock. The anchor is an event recorded on an idle stream of its own and
 * waited for, its host time the middle of that wait (a few microseconds of error); it is renewed every
 * {@link #ANCHOR_LIFETIME_NS} so float milliseconds keep microsecond resolution and clock drift stays small.
 * Completed work is reported whenever the accelerator polls (each launch, copy and synchronize); events are reused.
 * Thread-safe (every entry point holds the timer's lock): copies on device memory and streams may come from
 * several threads, and each reports the activities it finds complete.
 */
final class CudaActivityTimer implements AutoCloseable
{
    /** How long an anchor serves: 10 s of float milliseconds still resolve 1 µs. */
    static final long ANCHOR_LIFETIME_NS = 10_000_000_000L;

    private final CudaContext context;
    private final String device;
    private final CudaStream anchorStream;
    private final ArrayDeque<CudaEvent> free = new ArrayDeque<>();
    private final List<Pending> pending = new ArrayList<>();
    private Anchor anchor;

    /** An anchor event and the host time it was reached; freed once no pending work measures against it. */
    private static final class Anchor
    {
        final CudaEvent event;
        final long nanoTime;
        int users;
        boolean retired;

        Anchor(final CudaEvent event, final long nanoTime)
        {
            this.event = event;
            this.nanoTime = nanoTime;
        }
    }

    private record Pending(DeviceActivity.Kind kind, String name, long stream, CudaEvent start, CudaEvent end,
        long bytes, Anchor anchor, Object tag)
    {
    }

    CudaActivityTimer(final CudaContext context, final String device)
    {
        this.context = context;
        this.device = device;
        this.anchorStream = context.createStream(CudaStream.NON_BLOCKING);
    }

    /**
     * Records the start of a piece of work on {@code stream}.
     *
     * @return the start event, to pass to {@link #end}.
     */
    synchronized CudaEvent begin(final CudaStream stream)
    {
        final CudaEvent start = take();
        start.record(stream);
        return start;
    }

    /** Records the end of the work begun with {@code start} and remembers it until it completes. */
    synchronized void end(final DeviceActivity.Kind kind, final String name, final long streamId,
        final CudaStream stream, final CudaEvent start, final long bytes)
    {
        final CudaEvent end = take();
        end.record(stream);
        final Anchor current = currentAnchor();
        current.users++;
        pending.add(new Pending(kind, name, streamId, start, end, bytes, current, ActivityTag.current()));
    }

    /**
     * Reports every completed piece of work.
     *
     * @param listener where to, or null to drop them.
     * @param wait     whether to wait for all pending work first.
     */
    synchronized void poll(final DeviceActivity.Listener listener, final boolean wait)
    {
        for (final Iterator<Pending> it = pending.iterator(); it.hasNext(); )
        {
            final Pending p = it.next();
            if (wait)
            {
                p.end().synchronize();
            }
            else if (!p.end().isComplete())
            {
                continue;
            }
            it.remove();
            if (listener != null)
            {
                final long startNanoTime = p.anchor().nanoTime + nanos(p.start().elapsedMillis(p.anchor().event));
                final long duration = Math.max(0, nanos(p.end().elapsedMillis(p.start())));
                listener.onActivity(new DeviceActivity(p.kind(), p.name(), device, p.stream(), startNanoTime,
                    duration, p.bytes(), p.tag()));
            }
            free.push(p.start());
            free.push(p.end());
            release(p.anchor());
        }
    }

    /** @return how many pieces of work are not yet reported. */
    synchronized int pendingCount()
    {
        return pending.size();
    }

    private static long nanos(final float millis)
    {
        return Math.round(millis * 1e6);
    }

    private Anchor currentAnchor()
    {
        final long now = System.nanoTime();
        if (anchor == null || now - anchor.nanoTime > ANCHOR_LIFETIME_NS)
        {
            if (anchor != null)
            {
                anchor.retired = true;
                release0(anchor);
            }
            final CudaEvent event = take();
            final long before = System.nanoTime();
            event.record(anchorStream);
            event.synchronize();
            final long after = System.nanoTime();
            anchor = new Anchor(event, before + (after - before) / 2);
        }
        return anchor;
    }

    private void release(final Anchor a)
    {
        a.users--;
        release0(a);
    }

    private void release0(final Anchor a)
    {
        if (a.retired && a.users == 0)
        {
            free.push(a.event);
        }
    }

    private CudaEvent take()
    {
        final CudaEvent event = free.poll();
        return event != null ? event : context.createEvent(CudaEvent.DEFAULT);
    }

    /** Events and the anchor stream belong to the context, which frees them when it closes. */
    @Override
    public synchronized void close()
    {
        pending.clear();
    }
}
