package io.jprove.engine.daemon;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.jprove.engine.pipeline.DeviceView;

/**
 * The daemon's counters, and their rendering in the Prometheus text exposition format (version 0.0.4) with the
 * gauges of the moment. Counters only grow (Prometheus derives rates from them); durations are summaries of sum and
 * count in seconds. Thread-safe.
 */
final class Metrics
{
    private final LongAdder submitted = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final Map<RequestException.Reason, LongAdder> rejected = adders(RequestException.Reason.class);
    private final LongAdder unauthenticated = new LongAdder();
    private final Map<JobState, LongAdder> finished = adders(JobState.class);
    private final LongAdder partitions = new LongAdder();
    private final LongAdder partitionNanos = new LongAdder();
    private final LongAdder jobNanos = new LongAdder();
    private final LongAdder jobsTimed = new LongAdder();

    /**
     * The values of the moment that the counters do not hold.
     *
     * @param journal the journal's state, or null without one (cluster).
     * @param disk    the data directory's disk.
     */
    record Gauges(Map<JobState, Integer> jobs, int workers, int busyWorkers, int keysResident, long heapUsedBytes,
        Journal.Health journal, DiskSpace disk, List<DeviceView> devices)
    {
    }

    private static <E extends Enum<E>> Map<E, LongAdder> adders(final Class<E> type)
    {
        final Map<E, LongAdder> m = new EnumMap<>(type);
        for (final E e : type.getEnumConstants())
        {
            m.put(e, new LongAdder());
        }
        return m;
    }

    void submitted(final boolean duplicate)
    {
        (duplicate ? duplicates : submitted).increment();
    }

    void rejected(final RequestException.Reason reason)
    {
        rejected.get(reason).increment();
    }

    void unauthenticated()
    {
        unauthenticated.increment();
    }

    void partitionProved(final long nanos)
    {
        partitions.increment();
        partitionNanos.add(nanos);
    }

    void finished(final JobState state, final long jobNanosSinceSubmit)
    {
        finished.get(state).increment();
        if (state == JobState.SUCCEEDED)
        {
            jobNanos.add(jobNanosSinceSubmit);
            jobsTimed.increment();
        }
    }

    /** @return how many jobs ended in {@code state} since the start. */
    long finishedCount(final JobState state)
    {
        return finished.get(state).sum();
    }

    /** @return the exposition text. */
    String render(final Gauges g)
    {
        final StringBuilder out = new StringBuilder(2048);
        counter(out, "jprove_daemon_jobs_submitted_total", "Jobs accepted (not counting duplicate requests).",
            submitted.sum());
        counter(out, "jprove_daemon_requests_duplicate_total", "Requests answered with the job of an earlier request"
            + " with the same id and payload.", duplicates.sum());
        header(out, "jprove_daemon_requests_rejected_total", "Requests refused, by reason.", "counter");
        rejected.forEach((reason, n) -> sample(out, "jprove_daemon_requests_rejected_total",
            "reason=\"" + reason.name().toLowerCase(Locale.ROOT) + "\"", n.sum()));
        sample(out, "jprove_daemon_requests_rejected_total", "reason=\"unauthenticated\"", unauthenticated.sum());
        header(out, "jprove_daemon_jobs_finished_total", "Jobs that ended, by final state.", "counter");
        for (final JobState s : JobState.values())
        {
            if (s.isFinished())
            {
                sample(out, "jprove_daemon_jobs_finished_total", state(s), finished.get(s).sum());
            }
        }
        header(out, "jprove_daemon_jobs", "Jobs the daemon knows now, by state (finished ones until pruned).",
            "gauge");
        g.jobs().forEach((s, n) -> sample(out, "jprove_daemon_jobs", state(s), n));
        header(out, "jprove_daemon_partition_seconds", "Wall time of proving one partition, verification included.",
            "summary");
        sample(out, "jprove_daemon_partition_seconds_sum", "", partitionNanos.sum() / 1e9);
        sample(out, "jprove_daemon_partition_seconds_count", "", partitions.sum());
        header(out, "jprove_daemon_job_seconds", "Wall time from acceptance to success of a job.", "summary");
        sample(out, "jprove_daemon_job_seconds_sum", "", jobNanos.sum() / 1e9);
        sample(out, "jprove_daemon_job_seconds_count", "", jobsTimed.sum());
        gauge(out, "jprove_daemon_workers", "Device workers, each proving one partition at a time.", g.workers());
        gauge(out, "jprove_daemon_workers_busy", "Device workers proving a partition now.", g.busyWorkers());
        gauge(out, "jprove_daemon_keys_resident", "Proving keys loaded, checked and kept.", g.keysResident());
        gauge(out, "jprove_daemon_heap_used_bytes", "Java heap in use.", g.heapUsedBytes());
        journal(out, g.journal() == null ? new Journal.Health(0, 0, 0, 0) : g.journal());
        final long free = g.disk().freeBytes();
        gauge(out, "jprove_daemon_disk_free_bytes", "Usable space on the data directory's disk.", free);
        gauge(out, "jprove_daemon_disk_reserve_bytes", "Space kept free for the jobs already accepted"
            + " (disk-reserve).", g.disk().reserveBytes());
        gauge(out, "jprove_daemon_disk_full", "1 while new work is refused (RESOURCE_EXHAUSTED) because the free space"
            + " is below the reserve.", g.disk().full() ? 1 : 0);
        devices(out, g.devices());
        return out.toString();
    }

    private static void journal(final StringBuilder out, final Journal.Health h)
    {
        gauge(out, "jprove_daemon_journal_entries", "Entries in the journal's current generation.", h.entries());
        gauge(out, "jprove_daemon_journal_preallocated_bytes", "Zeros written ahead of the journal's last entry, which"
            + " the next entries fill without new space on the disk.", h.preallocatedBytes());
        gauge(out, "jprove_daemon_journal_torn_bytes", "Bytes of an entry cut off mid-write (never acknowledged)"
            + " dropped when the journal was opened.", h.tornBytes());
        gauge(out, "jprove_daemon_journal_damaged_bytes", "Bytes of damaged entries skipped when the journal was"
            + " opened (their entries are lost; the start's log names them).", h.damagedBytes());
    }

    /** The per-device families, labelled {@code device="cuda:0"}. */
    private static void devices(final StringBuilder out, final List<DeviceView> devices)
    {
        if (devices.isEmpty())
        {
            return;
        }
        header(out, "jprove_daemon_device_usable", "1 while the device can prove, 0 while a device fault keeps it from"
            + " proving (restarting, or unusable for good).", "gauge");
        devices.forEach(d -> sample(out, "jprove_daemon_device_usable", device(d), d.unusable() == null ? 1 : 0));
        header(out, "jprove_daemon_device_restarts_total", "Restarts that brought the device back after a fault.",
            "counter");
        devices.forEach(d -> sample(out, "jprove_daemon_device_restarts_total", device(d), d.restarts()));
        header(out, "jprove_daemon_device_workers", "Workers placed on the device.", "gauge");
        devices.forEach(d -> sample(out, "jprove_daemon_device_workers", device(d), d.workers()));
        header(out, "jprove_daemon_device_prepared_keys", "Keys prepared on the device now.", "gauge");
        devices.forEach(d -> sample(out, "jprove_daemon_device_prepared_keys", device(d), d.prepared().size()));
        header(out, "jprove_daemon_device_prepared_key_bytes", "Device memory the prepared keys hold (bases, tables,"
            + " split buffers; 0 on the CPU).", "gauge");
        devices.forEach(d -> sample(out, "jprove_daemon_device_prepared_key_bytes", device(d), d.prepared().stream()
            .mapToLong(DeviceView.Prepared::deviceBytes).sum()));
        header(out, "jprove_daemon_device_key_preparations_total", "Keys prepared on the device since the start.",
            "counter");
        devices.forEach(d -> sample(out, "jprove_daemon_device_key_preparations_total", device(d), d.preparations()));
    }

    private static String device(final DeviceView d)
    {
        return "device=\"" + d.name() + "\"";
    }

    private static String state(final JobState s)
    {
        return "state=\"" + s.name().toLowerCase(Locale.ROOT) + "\"";
    }

    private static void counter(final StringBuilder out, final String name, final String help, final long value)
    {
        header(out, name, help, "counter");
        sample(out, name, "", value);
    }

    private static void gauge(final StringBuilder out, final String name, final String help, final long value)
    {
        header(out, name, help, "gauge");
        sample(out, name, "", value);
    }

    private static void header(final StringBuilder out, final String name, final String help, final String type)
    {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(final StringBuilder out, final String name, final String labels, final double value)
    {
        out.append(name);
        if (!labels.isEmpty())
        {
            out.append('{').append(labels).append('}');
        }
        out.append(' ');
        if (value == Math.rint(value) && Math.abs(value) < 1e15)
        {
            out.append((long)value);
        }
        else
        {
            out.append(value);
        }
        out.append('\n');
    }
}
