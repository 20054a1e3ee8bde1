package io.jprove.timeline.analysis;

import java.util.List;

/**
 * Renders a {@link TimelineReport} as plain text for a terminal.
 */
public final class TextReport
{
    private static final int MAX_SHARES = 6;

    private TextReport()
    {
    }

    /**
     * @param report the analysis.
     * @return the text summary.
     */
    public static String render(final TimelineReport report)
    {
        final StringBuilder out = new StringBuilder();
        out.append("timeline: ").append(report.eventCount()).append(" events from ").append(report.writers())
            .append(report.writers() == 1 ? " writer" : " writers");
        if (report.eventCount() > 0)
        {
            out.append(", ").append(Text.time(report.firstNs())).append(" .. ").append(Text.time(report.lastNs()))
                .append(" (").append(Text.ms(report.lastNs() - report.firstNs())).append(')');
        }
        out.append('\n');
        if (report.droppedEvents() > 0)
        {
            out.append("WARNING: writers dropped ").append(report.droppedEvents())
                .append(" events (ring buffer full); figures below miss them\n");
        }
        for (final DeviceSummary d : report.devices())
        {
            device(out, d);
            for (final IdleGap gap : d.largestGaps())
            {
                out.append("  idle ").append(Text.ms(gap.lengthNs())).append(" at ").append(Text.time(gap.startNs()))
                    .append(": after [").append(gap.before()).append("] before [").append(gap.after()).append(']');
                shares(out, " host: ", gap.activity());
                if (!gap.pointEvents().isEmpty())
                {
                    out.append(" events: ").append(String.join(", ", gap.pointEvents()));
                }
                out.append('\n');
            }
        }
        if (!report.partitions().isEmpty())
        {
            out.append("\npartitions (window = GPU_START..GPU_END; kernels = this partition's device-measured")
                .append(" kernels):\n");
        }
        for (final PartitionSummary p : report.partitions())
        {
            out.append(p.flagged() ? "! " : "  ").append("job ").append(p.job()).append(" p").append(p.partition())
                .append(' ').append(report.deviceLabel(p.device())).append(" w").append(p.worker()).append(": window ")
                .append(Text.ms(p.windowNs())).append(", kernels ").append(Text.ms(p.kernelNs())).append(" (")
                .append(Text.percent(p.utilization())).append("), gap ").append(Text.ms(p.gapNs()));
            shares(out, "; gap overlaps: ", p.gapBreakdown());
            if (p.unattributedNs() > 0)
            {
                out.append("; unattributed ").append(Text.ms(p.unattributedNs()));
            }
            out.append('\n');
        }
        if (!report.workers().isEmpty())
        {
            out.append("\nworkers (busy = union of its windows and stages, over the timeline's ")
                .append(Text.ms(report.lastNs() - report.firstNs())).append("):\n");
        }
        for (final WorkerSummary w : report.workers())
        {
            out.append("  ").append(w.label()).append(": busy ").append(Text.ms(w.busyNs())).append(" (")
                .append(Text.percent(w.utilization())).append("), ").append(w.partitions()).append(" partition")
                .append(w.partitions() == 1 ? "" : "s").append('\n');
        }
        final List<PartitionSummary> flagged = report.flagged();
        if (!flagged.isEmpty())
        {
            out.append('\n').append(flagged.size()).append(" partition(s) flagged: window exceeds its kernel time by ")
                .append("more than ").append(Text.percent(report.gapThreshold())).append(" of the window\n");
            for (final PartitionSummary p : flagged)
            {
                out.append("  job ").append(p.job()).append(" p").append(p.partition()).append(": ")
                    .append(Text.ms(p.gapNs())).append(" of ").append(Text.ms(p.windowNs()))
                    .append(" without its kernels; host events inside the window: ");
                out.append(p.gapBreakdown().isEmpty() ? "none recorded" : p.gapBreakdown().stream()
                    .limit(MAX_SHARES).map(s -> s.label() + " " + Text.ms(s.ns())).reduce((a, b) -> a + ", " + b)
                    .orElse(""));
                out.append('\n');
            }
        }
        if (report.unfinishedWindows() > 0)
        {
            out.append(report.unfinishedWindows()).append(" GPU window(s) never closed (no GPU_END)\n");
        }
        for (final String error : report.listedErrors())
        {
            out.append("ERROR ").append(error).append('\n');
        }
        return out.toString();
    }

    /** One device's line: kernels and copies on a GPU, host-measured compute steps on the CPU. */
    private static void device(final StringBuilder out, final DeviceSummary d)
    {
        out.append('\n').append(d.label()).append(d.description().isEmpty() ? "" : " (" + d.description() + ")")
            .append(": wall ").append(Text.ms(d.wallNs()));
        if (d.hostMeasured())
        {
            // the CPU backend's compute steps are its kernels, timed by the host that runs them
            out.append(", compute ").append(Text.ms(d.kernelBusyNs())).append(" (utilization ")
                .append(Text.percent(d.utilization())).append(", ").append(d.kernelCount())
                .append(" steps, host-measured)");
        }
        else
        {
            out.append(", kernels ").append(Text.ms(d.kernelBusyNs())).append(" (utilization ")
                .append(Text.percent(d.utilization())).append(", ").append(d.kernelCount()).append(" kernels)")
                .append(", copies ").append(Text.ms(d.copyBusyNs())).append(" (").append(d.copyCount())
                .append(", ").append(String.format(java.util.Locale.ROOT, "%,d", d.copyBytes())).append(" B, ")
                .append(Text.ms(d.copyKernelOverlapNs())).append(" overlapping kernels)");
        }
        out.append(", idle ").append(Text.ms(d.idleNs())).append('\n');
    }

    private static void shares(final StringBuilder out, final String prefix, final List<Share> shares)
    {
        if (shares.isEmpty())
        {
            return;
        }
        out.append(prefix);
        for (int i = 0; i < Math.min(MAX_SHARES, shares.size()); i++)
        {
            final Share share = shares.get(i);
            out.append(i == 0 ? "" : ", ").append(share.label()).append(' ').append(Text.ms(share.ns()));
        }
        if (shares.size() > MAX_SHARES)
        {
            out.append(", …");
        }
    }
}
