package io.jprove.timeline.analysis;

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
    int unfinishedWindows,
    double gapThreshold)
{
    /**
     * @return the partitions whose gap was flagged.
     */
    public List<PartitionSummary> flagged()
    {
        return partitions.stream().filter(PartitionSummary::flagged).toList();
    }
}
