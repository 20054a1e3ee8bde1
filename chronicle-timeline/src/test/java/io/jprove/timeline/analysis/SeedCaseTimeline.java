package io.jprove.timeline.analysis;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.NameIds;

/**
 * The case that motivated the timeline, as a synthetic log with known answers: one partition whose GPU window lasts
 * 3,672 ms while its kernels run 1,889 ms (51.4 %), the other 1,783 ms spent in two CPU stages (prep_msm 1,100 ms,
 * b_g2_msm 683 ms) while the next partition's synthesis runs beside them.
 */
public final class SeedCaseTimeline
{
    /** The seed partition's GPU_START (epoch ns). */
    public static final long T0 = 1_780_000_000_000_000_000L;
    /** A millisecond in nanoseconds. */
    public static final long MS = 1_000_000L;

    private SeedCaseTimeline()
    {
    }

    /**
     * @return the seed case's log.
     */
    public static EventLog build()
    {
        final EventLog log = new EventLog();
        for (final String name : new String[] {"ntt", "ntt_aux", "msm_h", "batch_add", "prep_msm", "b_g2_msm",
            "h2d_abc"})
        {
            log.defineName(NameIds.of(name), name);
        }
        point(log, EventKind.ANCHOR, -3000, -1, -1, -1);
        point(log, EventKind.SYNTH_START, -2000, 0, 5, -1);
        point(log, EventKind.SYNTH_END, -100, 0, 5, -1);
        point(log, EventKind.QUEUED, -90, 0, 5, -1);
        point(log, EventKind.GPU_PICKUP, 0, 0, 0, 0);
        point(log, EventKind.GPU_START, 0, 0, 0, 0);
        for (int i = 0; i < 4; i++)
        {
            interval(log, EventKind.KERNEL, "ntt", 0, i * 100, 100);
        }
        interval(log, EventKind.KERNEL, "ntt_aux", 0, 50, 100);
        interval(log, EventKind.STAGE, "prep_msm", 0, 400, 1_100);
        point(log, EventKind.SYNTH_START, 1_000, 1, 6, -1);
        interval(log, EventKind.COPY, "h2d_abc", 0, 1_400, 200);
        interval(log, EventKind.KERNEL, "msm_h", 0, 1_500, 800);
        interval(log, EventKind.KERNEL, "batch_add", 0, 2_300, 689);
        interval(log, EventKind.STAGE, "b_g2_msm", 0, 2_989, 683);
        point(log, EventKind.GPU_END, 3_672, 0, 0, 0);
        point(log, EventKind.PROOF_DONE, 3_700, -1, -1, -1);
        point(log, EventKind.SYNTH_END, 4_000, 1, 6, -1);
        return log;
    }

    private static void point(
        final EventLog log, final EventKind kind, final long atMs, final int partition, final int worker,
        final int device)
    {
        log.add(kind.code(), T0 + atMs * MS, 1, partition, worker, device, 0, 0, 0, 0);
    }

    private static void interval(
        final EventLog log, final EventKind kind, final String name, final int partition, final long startMs,
        final long durationMs)
    {
        log.add(kind.code(), T0 + (startMs + durationMs) * MS, 1, partition, 0, 0, NameIds.of(name),
            T0 + startMs * MS, durationMs * MS, kind == EventKind.COPY ? 1L << 30 : 0);
    }

    /**
     * A larger synthetic pipeline for the renderers: the seed partition, then {@code partitions} more on two GPUs with
     * two workers each, synthesis on four host threads, and copies.
     *
     * @param partitions extra partitions.
     * @return the log.
     */
    public static EventLog pipeline(final int partitions)
    {
        final EventLog log = build();
        for (final String name : new String[] {"ntt", "msm_h", "msm_l", "batch_add", "assemble", "h2d_abc"})
        {
            log.defineName(NameIds.of(name), name);
        }
        for (int p = 1; p <= partitions; p++)
        {
            final int device = p % 2;
            final int worker = 2 * device + (p / 2) % 2;
            final long start = 4_000 + (p / 2) * 1_500L + device * 200;
            final long synthStart = start - 3_000;
            log.add(EventKind.SYNTH_START.code(), T0 + synthStart * MS, 2, p, 10 + p % 4, -1, 0, 0, 0, 0);
            log.add(EventKind.SYNTH_END.code(), T0 + (start - 100) * MS, 2, p, 10 + p % 4, -1, 0, 0, 0, 0);
            log.add(EventKind.GPU_START.code(), T0 + start * MS, 2, p, worker, device, 0, 0, 0, 0);
            long t = start;
            t = kernel(log, EventKind.COPY, "h2d_abc", p, worker, device, t, 120);
            t = kernel(log, EventKind.KERNEL, "ntt", p, worker, device, t, 300);
            t = kernel(log, EventKind.KERNEL, "msm_h", p, worker, device, t + 20, 500);
            t = kernel(log, EventKind.KERNEL, "msm_l", p, worker, device, t + 10, 400);
            t = kernel(log, EventKind.KERNEL, "batch_add", p, worker, device, t + 10, 150);
            t = kernel(log, EventKind.STAGE, "assemble", p, worker, device, t, p % 3 == 0 ? 900 : 40);
            log.add(EventKind.GPU_END.code(), T0 + t * MS, 2, p, worker, device, 0, 0, 0, 0);
        }
        log.add(EventKind.PROOF_DONE.code(), T0 + (6_000 + partitions * 800L) * MS, 2, -1, -1, -1, 0, 0, 0, 0);
        return log;
    }

    private static long kernel(
        final EventLog log, final EventKind kind, final String name, final int partition, final int worker,
        final int device, final long startMs, final long durationMs)
    {
        log.add(kind.code(), T0 + (startMs + durationMs) * MS, 2, partition, worker, device, NameIds.of(name),
            T0 + startMs * MS, durationMs * MS, kind == EventKind.COPY ? 3L << 30 : 0);
        return startMs + durationMs;
    }

    /** The CPU backend's compute steps for one partition, in order, with their share of its time in permille. */
    private static final String[][] CPU_STEPS = {
        {"intt a", "40"}, {"coset ntt a", "40"}, {"intt b", "40"}, {"coset ntt b", "40"}, {"intt c", "40"},
        {"coset ntt c", "40"}, {"quotient", "10"}, {"coset intt h", "40"}, {"msm h", "420"}, {"split l", "10"},
        {"batch-add l", "60"}, {"msm l tail", "20"}, {"split a", "10"}, {"batch-add a", "60"}, {"msm a tail", "20"},
        {"split b", "5"}, {"batch-add b1", "20"}, {"msm b1 tail", "5"}, {"batch-add b2", "60"}, {"msm b2 tail", "20"},
    };

    /**
     * A CPU run through the pipeline, as the CPU backend records it: two CPU devices named by DEVICE events, two
     * workers each, one synthesis worker, every partition's compute steps as host-measured kernels, its assembly and
     * verification as stages.
     *
     * @param partitions partitions of one job.
     * @return the log.
     */
    public static EventLog cpuRun(final int partitions)
    {
        final EventLog log = new EventLog();
        log.defineDevice(0, "cpu:0 cpu, 1 thread");
        log.defineDevice(1, "cpu:1 cpu, 1 thread");
        for (final String[] step : CPU_STEPS)
        {
            log.defineName(NameIds.of(step[0]), step[0]);
        }
        for (final String name : new String[] {"assemble", "verify", "prepare key"})
        {
            log.defineName(NameIds.of(name), name);
        }
        log.add(EventKind.JOB_SUBMIT.code(), T0, 1, -1, -1, -1, 0, 0, 0, partitions);
        final long synthMs = 600;
        final long proveMs = 2_000;
        for (int p = 0; p < partitions; p++)
        {
            final long synthStart = p * synthMs;
            log.add(EventKind.SYNTH_START.code(), T0 + synthStart * MS, 1, p, 0, -1, 0, 0, 0, 0);
            log.add(EventKind.SYNTH_END.code(), T0 + (synthStart + synthMs) * MS, 1, p, 0, -1, 0, 0, 0, 0);
            final int device = p % 2;
            final int worker = (p / 2) % 2;
            log.add(EventKind.QUEUED.code(), T0 + (synthStart + synthMs) * MS, 1, p, worker, device, 0, 0, 0, 0);
            final long start = synthStart + synthMs + 5;
            log.add(EventKind.GPU_START.code(), T0 + start * MS, 1, p, worker, device, 0, 0, 0, 0);
            long t = start + 30;
            for (final String[] step : CPU_STEPS)
            {
                final long ms = proveMs * Long.parseLong(step[1]) / 1000;
                log.add(EventKind.KERNEL.code(), T0 + (t + ms) * MS, 1, p, worker, device, NameIds.of(step[0]),
                    T0 + t * MS, ms * MS, 0);
                t += ms;
            }
            log.add(EventKind.GPU_END.code(), T0 + t * MS, 1, p, worker, device, 0, 0, 0, 0);
            log.add(EventKind.STAGE.code(), T0 + (t + 20) * MS, 1, p, worker, device, NameIds.of("assemble"),
                T0 + t * MS, 20 * MS, 0);
            log.add(EventKind.STAGE.code(), T0 + (t + 30) * MS, 1, p, worker, device, NameIds.of("verify"),
                T0 + (t + 20) * MS, 10 * MS, 0);
        }
        log.add(EventKind.PROOF_DONE.code(), T0 + (partitions * synthMs + proveMs + 200) * MS, 1, -1, 0, 0, 0, 0, 0,
            0);
        return log;
    }
}
