package io.jprove.timeline;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;

import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * A {@link Timeline} over a Chronicle Queue. Each appending thread owns a single-producer ring buffer
 * ({@link ThreadRing}, created on its first append): it stamps the time, claims space, stores the fields of
 * {@link EventLayout} and commits, with no compare-and-swap, no lock and no allocation. One drainer thread
 * ({@link TimelineDrainer}) copies the records, in batches, into queue documents, so the queue has a single writer
 * whose write lock is never contended, and a slow disk delays the drainer, never the prover.
 * <p>
 * An event is in the queue (and survives the process being killed) once the drainer has copied it: normally within a
 * millisecond, and always after {@link #flush()} returns. When a thread's ring is full its event is dropped and
 * counted; the drainer then appends a {@link EventKind#DROPPED} event with the count, so a replay says that it is
 * incomplete. Events of one thread replay in the order appended; across threads the queue interleaves rings, so
 * readers order by time. Append from long-lived platform threads (workers): every thread that appends holds a ring
 * of {@link TimelineSettings#ringCapacityBytes()} until it dies.
 */
public final class ChronicleTimeline implements Timeline
{
    private static final long FLUSH_PARK_NS = TimeUnit.MICROSECONDS.toNanos(20);

    private final Path directory;
    private final SingleChronicleQueue queue;
    private final int ringCapacityBytes;
    private final CopyOnWriteArrayList<ThreadRing> rings = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ThreadRing> threadRing = ThreadLocal.withInitial(this::newRing);
    private final AtomicLong droppedEvents = new AtomicLong();
    private final ConcurrentHashMap<String, Integer> names = new ConcurrentHashMap<>();
    private final AgentRunner drainerRunner;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;

    private ChronicleTimeline(final TimelineSettings settings)
    {
        ChronicleDefaults.apply();
        this.directory = settings.directory();
        try
        {
            Files.createDirectories(directory);
        }
        catch (final java.io.IOException e)
        {
            throw new TimelineFormatException("cannot create timeline directory " + directory + ": " + e, e);
        }
        final StoreRetention retention = new StoreRetention(directory, settings.retention());
        retention.prune(Instant.now());
        this.queue = SingleChronicleQueueBuilder.binary(directory)
            .rollCycle(settings.rollCycle() == TimelineSettings.Roll.HOURLY ? RollCycles.FAST_HOURLY
                : RollCycles.FAST_DAILY)
            .storeFileListener(retention)
            .build();
        this.ringCapacityBytes = settings.ringCapacityBytes();
        final TimelineDrainer drainer = new TimelineDrainer(queue, rings, droppedEvents);
        this.drainerRunner = new AgentRunner(
            new BackoffIdleStrategy(10, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(1)),
            Throwable::printStackTrace,
            null,
            drainer);
        AgentRunner.startOnThread(drainerRunner, runnable ->
        {
            final Thread thread = new Thread(runnable, drainer.roleName());
            thread.setDaemon(true);
            return thread;
        });
        this.shutdownHook = new Thread(this::close, "timeline-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Opens (or creates) a timeline queue and starts its drainer thread.
     *
     * @param settings where and how to write.
     * @return the timeline; close it to flush and release the queue.
     */
    public static ChronicleTimeline open(final TimelineSettings settings)
    {
        return new ChronicleTimeline(settings);
    }

    /**
     * @return the queue directory.
     */
    public Path directory()
    {
        return directory;
    }

    /**
     * @return how many events were dropped because a thread's ring buffer was full.
     */
    public long droppedEvents()
    {
        return droppedEvents.get();
    }

    @Override
    public boolean isEnabled()
    {
        return true;
    }

    @Override
    public int nameId(final String name)
    {
        final Integer known = names.get(name);
        if (known != null)
        {
            return known;
        }
        final int id = NameIds.of(name);
        if (names.putIfAbsent(name, id) == null)
        {
            writeText(EventKind.NAME, -1, -1, -1, -1, id, name);
        }
        return id;
    }

    @Override
    public void append(final EventKind kind, final long job, final int partition, final int worker, final int device)
    {
        write(kind.code(), job, partition, worker, device, 0, 0, 0, 0);
    }

    @Override
    public void append(
        final EventKind kind,
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long value)
    {
        write(kind.code(), job, partition, worker, device, nameId, 0, 0, value);
    }

    @Override
    public void kernel(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs)
    {
        write(EventKind.KERNEL.code(), job, partition, worker, device, nameId, startNs, durationNs, 0);
    }

    @Override
    public void copy(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs,
        final long bytes)
    {
        write(EventKind.COPY.code(), job, partition, worker, device, nameId, startNs, durationNs, bytes);
    }

    @Override
    public void stage(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs)
    {
        write(EventKind.STAGE.code(), job, partition, worker, device, nameId, startNs, durationNs, 0);
    }

    @Override
    public void error(
        final long job, final int partition, final int worker, final int device, final String message)
    {
        writeText(EventKind.ERROR, job, partition, worker, device, 0, message);
    }

    @Override
    public void device(final int device, final String description)
    {
        writeText(EventKind.DEVICE, -1, -1, -1, device, 0, description);
    }

    @Override
    public void flush()
    {
        for (final ThreadRing threadRing : rings)
        {
            final long target = threadRing.ring.producerPosition();
            while (threadRing.durablePosition.getAcquire() < target && !drainerRunner.isClosed())
            {
                LockSupport.parkNanos(FLUSH_PARK_NS);
            }
        }
    }

    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        try
        {
            flush();
        }
        finally
        {
            drainerRunner.close();
            queue.close();
            try
            {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            }
            catch (final IllegalStateException shuttingDown)
            {
                // Closing from the hook itself, or while the JVM exits: nothing to remove.
            }
        }
    }

    private void write(
        final short kind,
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs,
        final long value)
    {
        final long timestampNs = TimelineClock.nowNs();
        final ThreadRing local = threadRing.get();
        final int index = local.ring.tryClaim(kind, EventLayout.HEADER_LENGTH);
        if (index < 0)
        {
            droppedEvents.incrementAndGet();
            return;
        }
        final AtomicBuffer b = local.buffer;
        putHeader(b, index, kind, job, partition, worker, device, nameId, startNs, durationNs, value, timestampNs);
        b.putInt(index + EventLayout.TEXT_LENGTH_OFFSET, 0);
        local.ring.commit(index);
    }

    private void writeText(
        final EventKind kind,
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final String text)
    {
        final long timestampNs = TimelineClock.nowNs();
        final byte[] utf8 = truncatedUtf8(text);
        final ThreadRing local = threadRing.get();
        final int index = local.ring.tryClaim(kind.code(), EventLayout.HEADER_LENGTH + utf8.length);
        if (index < 0)
        {
            droppedEvents.incrementAndGet();
            return;
        }
        final AtomicBuffer b = local.buffer;
        putHeader(b, index, kind.code(), job, partition, worker, device, nameId, 0, 0, 0, timestampNs);
        b.putInt(index + EventLayout.TEXT_LENGTH_OFFSET, utf8.length);
        b.putBytes(index + EventLayout.TEXT_OFFSET, utf8);
        local.ring.commit(index);
    }

    private static void putHeader(
        final AtomicBuffer b,
        final int index,
        final short kind,
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs,
        final long value,
        final long timestampNs)
    {
        b.putInt(index + EventLayout.MAGIC_OFFSET, EventLayout.MAGIC);
        b.putShort(index + EventLayout.KIND_OFFSET, kind);
        b.putShort(index + EventLayout.DEVICE_OFFSET, (short)device);
        b.putLong(index + EventLayout.TIMESTAMP_NS_OFFSET, timestampNs);
        b.putLong(index + EventLayout.JOB_OFFSET, job);
        b.putInt(index + EventLayout.PARTITION_OFFSET, partition);
        b.putInt(index + EventLayout.WORKER_OFFSET, worker);
        b.putInt(index + EventLayout.NAME_ID_OFFSET, nameId);
        b.putLong(index + EventLayout.START_NS_OFFSET, startNs);
        b.putLong(index + EventLayout.DURATION_NS_OFFSET, durationNs);
        b.putLong(index + EventLayout.VALUE_OFFSET, value);
    }

    private ThreadRing newRing()
    {
        final ThreadRing ring = new ThreadRing(Thread.currentThread(), ringCapacityBytes);
        rings.add(ring);
        return ring;
    }

    static byte[] truncatedUtf8(final String text)
    {
        final byte[] utf8 = (text == null ? "" : text).getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= EventLayout.MAX_TEXT_LENGTH)
        {
            return utf8;
        }
        int end = EventLayout.MAX_TEXT_LENGTH;
        while (end > 0 && (utf8[end] & 0xC0) == 0x80)
        {
            end--;
        }
        return java.util.Arrays.copyOf(utf8, end);
    }
}
