package io.jprove.engine.groth16;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

/**
 * Wall-clock durations of named steps, in the order they first ran; a step that runs again adds to its total. Host
 * steps ({@link #add}) can also go to a timeline as {@code STAGE} events; a backend's kernels, heard through
 * {@link #listener}, are summed per {@link ProvingPhase} ("h", "split", "msm") and left to the timeline's own listener.
 * Safe for several threads at once.
 */
public final class StepTimes
{
    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private final Timeline timeline;
    private final long job;
    private final int partition;
    private final int worker;
    private final int device;

    /** Step times kept in memory only. */
    public StepTimes()
    {
        this(Timeline.disabled(), 0, -1, -1, -1);
    }

    /**
     * Step times that are also appended to a timeline as host {@code STAGE} events of one proof.
     *
     * @param timeline  where the stages go.
     * @param job       the job (proof) id.
     * @param partition the partition index, or -1.
     * @param worker    the worker that runs the steps, or -1.
     * @param device    the device the steps serve, or -1.
     */
    public StepTimes(final Timeline timeline, final long job, final int partition, final int worker, final int device)
    {
        this.timeline = timeline;
        this.job = job;
        this.partition = partition;
        this.worker = worker;
        this.device = device;
    }

    /** Adds {@code durationNs} to step {@code name}, a host step that has just ended. */
    public void add(final String name, final long durationNs)
    {
        accumulate(name, durationNs);
        if (timeline.isEnabled())
        {
            // the step has just ended, so it started durationNs ago on the timeline's clock
            final long endNs = TimelineClock.nowNs();
            timeline.stage(job, partition, worker, device, timeline.nameId(name), endNs - durationNs, durationNs);
        }
    }

    /**
     * Adds {@code durationNs} to step {@code name} without a {@code STAGE} event: for a step the timeline records as
     * events of its own (synthesis).
     */
    public void record(final String name, final long durationNs)
    {
        accumulate(name, durationNs);
    }

    /**
     * Adds {@code durationNs} to step {@code name}, a host step that started at {@code startNs} (the timeline's clock)
     * and has ended: for steps timed before the timeline they go to was open.
     */
    public void add(final String name, final long startNs, final long durationNs)
    {
        accumulate(name, durationNs);
        if (timeline.isEnabled())
        {
            timeline.stage(job, partition, worker, device, timeline.nameId(name), startNs, durationNs);
        }
    }

    /**
     * @param next also told of every kernel and copy.
     * @return a listener that sums kernel time per phase into these step times, then tells {@code next}.
     */
    public BackendListener listener(final BackendListener next)
    {
        return new BackendListener()
        {
            @Override
            public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
            {
                accumulate(phase.name().toLowerCase(Locale.ROOT), durationNs);
                next.kernel(phase, name, startNs, durationNs);
            }

            @Override
            public void copy(final String name, final long startNs, final long durationNs, final long bytes)
            {
                accumulate("copy", durationNs);
                next.copy(name, startNs, durationNs, bytes);
            }
        };
    }

    private synchronized void accumulate(final String name, final long durationNs)
    {
        nanos.merge(name, durationNs, Long::sum);
    }

    /** @return the steps and their total nanoseconds, in first-run order (a copy). */
    public synchronized Map<String, Long> nanos()
    {
        return new LinkedHashMap<>(nanos);
    }

    /** @return "name 12.3 ms, name 4.5 ms". */
    @Override
    public synchronized String toString()
    {
        final StringBuilder sb = new StringBuilder();
        nanos.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ')
            .append(String.format(Locale.ROOT, "%.1f ms", v / 1e6)));
        return sb.toString();
    }
}
