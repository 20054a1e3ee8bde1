package io.jprove.timeline.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@link TimelineAnalysis}.
 *
 * @param eventCount         events replayed.
 * @param firstNs            the earliest instant any event covers (epoch ns), 0 when empty.
 * @param lastNs             the latest.
 * @param writers            ANCHOR events seen (one per writing process).
 * @param droppedEvents      events the writers reported dropped.
 * @param errors             ERROR events, described.
 * @param devices            per device, by ordinal.
 * @param partitions         per partition window, in window order.
 * @param workers            per worker (device workers, then synthesis workers): how busy it was.
 * @param unfinishedWindows  GPU_START events with no GPU_END (a crash, or a replay of a live queue).
 * @param gapThreshold       the share of a window above which a gap is flagged.
 */
public record TimelineReport(
    long eventCount,
    long firstNs,
    long lastNs,
    int writers,
    long droppedEvents,
    List<String> errors,
    List<DeviceSummary> devices,
    List<PartitionSummary> partitions,
    List<WorkerSummary> workers,
    int unfinishedWindows,
    double gapThreshold)
{
    /**
     * @param ordinal a device.
     * @return its label ("cpu:0", "cuda:0", "gpu" + ordinal when unnamed).
     */
    public String deviceLabel(final int ordinal)
    {
        return devices.stream().filter(d -> d.device() == ordinal).map(DeviceSummary::label).findFirst()
            .orElse("gpu" + ordinal);
    }

    /** How many ERROR events a report lists one by one; a daemon's timeline may hold one per failed job. */
    public static final int ERRORS_LISTED = 10;

    /**
     * @return the errors as a report lists them: the first {@link #ERRORS_LISTED}, then one line counting the rest
     *         (so that a timeline with many failed jobs does not bury the rest of the page).
     */
    public List<String> listedErrors()
    {
        if (errors.size() <= ERRORS_LISTED)
        {
            return errors;
        }
        final List<String> listed = new ArrayList<>(errors.subList(0, ERRORS_LISTED));
        final int more = errors.size() - ERRORS_LISTED;
        listed.add("... and " + more + " more error" + (more == 1 ? "" : "s") + " (" + errors.size() + " in all)");
        return listed;
    }

    /**
     * @return the partitions whose gap was flagged.
     */
    public List<PartitionSummary> flagged()
    {
        return partitions.stream().filter(PartitionSummary::flagged).toList();
    }
}
