package io.jprove.engine.groth16;

import java.util.LinkedHashMap;
import java.util.Map;

import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

/** Wall-clock durations of named steps, in the order they first ran; a step that runs again adds to its total. */
public final class StepTimes
{
    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private final Timeline timeline;
    private final long job;
    private final int partition;

    /** Step times kept in memory only. */
    public StepTimes()
    {
        this(Timeline.disabled(), 0, -1);
    }

    /**
     * Step times that are also appended to a timeline as host {@code STAGE} events of one proof.
     *
     * @param timeline  where the stages go.
     * @param job       the job (proof) id.
     * @param partition the partition index, or -1.
     */
    public StepTimes(final Timeline timeline, final long job, final int partition)
    {
        this.timeline = timeline;
        this.job = job;
        this.partition = partition;
    }

    /** Adds {@code durationNs} to step {@code name}. */
    public void add(final String name, final long durationNs)
    {
        nanos.merge(name, durationNs, Long::sum);
        if (timeline.isEnabled())
        {
            // the step has just ended, so it started durationNs ago on the timeline's clock
            final long endNs = TimelineClock.nowNs();
            timeline.stage(job, partition, -1, -1, timeline.nameId(name), endNs - durationNs, durationNs);
        }
    }

    /** @return the steps and their total nanoseconds, in first-run order (a copy). */
    public Map<String, Long> nanos()
    {
        return new LinkedHashMap<>(nanos);
    }

    /** @return "name 12.3 ms, name 4.5 ms". */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        nanos.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ')
            .append(String.format("%.1f ms", v / 1e6)));
        return sb.toString();
    }
}
