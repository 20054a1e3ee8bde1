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

    /**
     * @return the partitions whose gap was flagged.
     */
    public List<PartitionSummary> flagged()
    {
        return partitions.stream().filter(PartitionSummary::flagged).toList();
    }
}
