package io.jprove.timeline.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.DeviceSummary;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.Intervals;
import io.jprove.timeline.analysis.PartitionSummary;
import io.jprove.timeline.analysis.Share;
import io.jprove.timeline.analysis.Text;
import io.jprove.timeline.analysis.TimelineReport;
import io.jprove.timeline.analysis.WorkerSummary;

/**
 * Writes a self-contained HTML page: the analysis as tables (devices, workers, partitions), then a Gantt chart on a
 * canvas, read at a glance: a row per device with its kernels (stacked where workers overlap) and one with its
 * copies, a row per worker with each partition's window and, hatched over it, the window's gap (the stretches with
 * none of that partition's kernels), a row per synthesis worker; every bar wide enough carries its kernel, stage or
 * partition name, and hovering gives the details. Flagged windows are outlined. Wheel to zoom, drag to pan. The page
 * loads nothing from the network: the data and the script are inline.
 */
public final class HtmlGanttRenderer
{
    /** Spans beyond this many are left out of the chart (the tables still count them); the chart says so. */
    public static final int MAX_SPANS = 400_000;

    private static final String TEMPLATE = template();
    private static final int MAX_SHARES = 5;

    private HtmlGanttRenderer()
    {
    }

    /**
     * @param log    the replayed timeline.
     * @param report its analysis.
     * @param out    where to write; not closed.
     * @throws IOException when writing fails.
     */
    public static void write(final EventLog log, final TimelineReport report, final Writer out) throws IOException
    {
        final int split = TEMPLATE.indexOf("/*DATA*/");
        out.write(TEMPLATE.substring(0, split).replace("<!--SUMMARY-->", summary(report))
            .replace("<!--PARTITIONS-->", partitions(report)));
        data(log, report, out);
        out.write(TEMPLATE.substring(split + "/*DATA*/".length()));
    }

    private static void data(final EventLog log, final TimelineReport report, final Writer out) throws IOException
    {
        final GanttRows rows = new GanttRows(log);
        final long origin = report.firstNs();
        out.write("{\"originUtc\":" + Json.quote(Text.time(origin)) + ",\"rows\":[");
        for (int i = 0; i < rows.all().size(); i++)
        {
            final GanttRows.Row row = rows.all().get(i);
            out.write((i == 0 ? "" : ",") + "[" + Json.quote(row.label()) + "," + Json.quote(row.role().name())
                + "]");
        }
        out.write("],\n\"spans\":[");
        final Map<Long, List<Long>> kernelsByKey = new HashMap<>();
        for (int row = 0; row < log.size(); row++)
        {
            if (log.kind(row) == EventKind.KERNEL)
            {
                final List<Long> flat = kernelsByKey.computeIfAbsent(key(log, row), k -> new ArrayList<>());
                flat.add(log.startNs(row));
                flat.add(log.startNs(row) + log.durationNs(row));
            }
        }
        final Map<Long, Integer> open = new HashMap<>();
        final Map<Long, Integer> windowRow = new HashMap<>();
        final StringBuilder points = new StringBuilder();
        int spans = 0;
        for (int row = 0; row < log.size() && spans < MAX_SPANS; row++)
        {
            final int lane = rows.indexOf(log, row);
            if (lane < 0)
            {
                continue;
            }
            final EventKind kind = log.kind(row);
            final long key = key(log, row);
            switch (kind)
            {
                case KERNEL, COPY, STAGE ->
                {
                    final int category = kind == EventKind.KERNEL ? log.isHostMeasured(log.device(row)) ? 6 : 1
                        : kind == EventKind.COPY ? 2 : 3;
                    final String detail = log.describe(row) + (kind == EventKind.COPY
                        ? String.format(java.util.Locale.ROOT, "  %,d B", log.value(row)) : "");
                    span(out, spans++, lane, log.startNs(row) - origin, log.durationNs(row), category,
                        log.name(log.nameId(row)), detail);
                }
                case GPU_START -> open.put(key * 2, row);
                case SYNTH_START -> open.put(key * 2 + 1, row);
                case GPU_END ->
                {
                    final Integer start = open.remove(key * 2);
                    if (start != null)
                    {
                        spans = window(log, out, spans, lane, start, row, origin, kernelsByKey.get(key));
                        windowRow.put(key, lane);
                    }
                }
                case SYNTH_END ->
                {
                    final Integer start = open.remove(key * 2 + 1);
                    if (start != null)
                    {
                        span(out, spans++, lane, log.timestampNs(start) - origin, log.timestampNs(row)
                            - log.timestampNs(start), 4, partition(log, row), "synthesis " + partition(log, row)
                            + " on worker " + log.worker(start));
                    }
                }
                default -> point(log, row, lane, origin, points);
            }
        }
        out.write("],\n\"points\":[");
        out.write(points.toString());
        out.write("],\n\"flags\":[");
        boolean first = true;
        for (final PartitionSummary p : report.flagged())
        {
            final Integer lane = windowRow.get(p.job() * 1_000_003L + p.partition());
            if (lane != null)
            {
                out.write((first ? "" : ",") + "[" + lane + "," + Json.micros(p.windowStartNs() - origin) + ","
                    + Json.micros(p.windowEndNs() - origin) + "]");
                first = false;
            }
        }
        out.write("],\n\"truncated\":" + (spans >= MAX_SPANS) + "}");
    }

    /** The window's bar, then a gap bar for every stretch of it in which none of its partition's kernels ran. */
    private static int window(final EventLog log, final Writer out, final int spansSoFar, final int lane,
        final int startRow, final int endRow, final long origin, final List<Long> kernels) throws IOException
    {
        int spans = spansSoFar;
        final long from = log.timestampNs(startRow);
        final long to = log.timestampNs(endRow);
        final String name = partition(log, endRow);
        span(out, spans++, lane, from - origin, to - from, 0, name, "window of " + name + " (GPU_START..GPU_END) on "
            + log.deviceLabel(log.device(startRow)) + " w" + log.worker(startRow));
        final long[] own = kernels == null ? Intervals.EMPTY
            : Intervals.merge(kernels.stream().mapToLong(Long::longValue).toArray());
        final long[] gaps = Intervals.subtract(Intervals.of(from, to), own);
        for (int i = 0; i + 1 < gaps.length && spans < MAX_SPANS; i += 2)
        {
            span(out, spans++, lane, gaps[i] - origin, gaps[i + 1] - gaps[i], 5, "gap", "gap in the window of "
                + name + ": none of its kernels ran (" + Text.ms(gaps[i + 1] - gaps[i]) + ")");
        }
        return spans;
    }

    private static void point(final EventLog log, final int row, final int lane, final long origin,
        final StringBuilder points)
    {
        if (log.kind(row).isInterval())
        {
            return;
        }
        points.append(points.isEmpty() ? "" : ",").append('[').append(lane).append(',')
            .append(Json.micros(log.timestampNs(row) - origin)).append(',')
            .append(Json.quote(log.describe(row) + (log.text(row).isEmpty() ? "" : ": " + log.text(row))))
            .append(',').append(log.kind(row) == EventKind.ERROR ? 1 : 0).append(']');
    }

    private static long key(final EventLog log, final int row)
    {
        return log.job(row) * 1_000_003L + log.partition(row);
    }

    private static String partition(final EventLog log, final int row)
    {
        return "job " + log.job(row) + " p" + log.partition(row);
    }

    private static void span(
        final Writer out, final int index, final int lane, final long startNs, final long durationNs,
        final int category, final String label, final String detail) throws IOException
    {
        out.write((index == 0 ? "[" : ",\n[") + lane + "," + Json.micros(startNs) + "," + Json.micros(durationNs)
            + "," + category + "," + Json.quote(label) + "," + Json.quote(detail) + "]");
    }

    private static String summary(final TimelineReport report)
    {
        final StringBuilder html = new StringBuilder();
        html.append("<p>").append(report.eventCount()).append(" events, ").append(escape(Text.time(report.firstNs())))
            .append(" to ").append(escape(Text.time(report.lastNs()))).append(" (")
            .append(escape(Text.ms(report.lastNs() - report.firstNs()))).append(")");
        if (report.droppedEvents() > 0)
        {
            html.append(" <span class=\"flagged\">").append(report.droppedEvents())
                .append(" events were dropped by the writer</span>");
        }
        html.append("</p>\n<h2>Devices</h2>\n<table><tr><th class=\"l\">device</th><th>wall</th><th>kernels (union)"
            + "</th><th>utilization</th><th>copies (union)</th><th>copies overlapping kernels</th><th>idle</th>"
            + "<th>longest idle gap</th></tr>\n");
        for (final DeviceSummary d : report.devices())
        {
            html.append("<tr><td class=\"l\">").append(escape(d.label()))
                .append(d.description().isEmpty() ? "" : " (" + escape(d.description()) + ")")
                .append(d.hostMeasured() ? ": compute steps, host-measured" : "").append("</td><td>")
                .append(ms(d.wallNs()))
                .append("</td><td>").append(ms(d.kernelBusyNs())).append("</td><td>")
                .append(escape(Text.percent(d.utilization()))).append("</td><td>").append(ms(d.copyBusyNs()))
                .append("</td><td>").append(ms(d.copyKernelOverlapNs())).append("</td><td>").append(ms(d.idleNs()))
                .append("</td><td class=\"l\">");
            if (!d.largestGaps().isEmpty())
            {
                final var gap = d.largestGaps().getFirst();
                html.append(ms(gap.lengthNs())).append(" after ").append(escape(gap.before())).append(", before ")
                    .append(escape(gap.after())).append(shares("; host: ", gap.activity()));
            }
            html.append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (!report.workers().isEmpty())
        {
            html.append("<h2>Workers</h2>\n<table><tr><th class=\"l\">worker</th><th>busy (windows and stages)</th>"
                + "<th>utilization</th><th>partitions</th></tr>\n");
            for (final WorkerSummary w : report.workers())
            {
                html.append("<tr><td class=\"l\">").append(escape(w.label())).append("</td><td>")
                    .append(ms(w.busyNs())).append("</td><td>").append(escape(Text.percent(w.utilization())))
                    .append("</td><td>").append(w.partitions()).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        for (final String error : report.listedErrors())
        {
            html.append("<p class=\"flagged\">ERROR ").append(escape(error)).append("</p>\n");
        }
        return html.toString();
    }

    private static String partitions(final TimelineReport report)
    {
        final StringBuilder html = new StringBuilder();
        if (!report.partitions().isEmpty())
        {
            html.append("<h2>Partitions</h2>\n<p>").append(report.flagged().size())
                .append(" flagged: the window exceeds the partition's kernel time by more than ")
                .append(escape(Text.percent(report.gapThreshold()))).append(" of the window.</p>\n")
                .append("<table><tr><th class=\"l\">partition</th><th>device</th><th>window</th><th>kernels</th>"
                    + "<th>utilization</th><th>gap</th><th class=\"l\">what overlapped the gap</th>"
                    + "<th>unattributed</th></tr>\n");
            for (final PartitionSummary p : report.partitions())
            {
                html.append(p.flagged() ? "<tr class=\"flag\">" : "<tr>").append("<td class=\"l\">job ")
                    .append(p.job()).append(" p").append(p.partition()).append("</td><td>")
                    .append(escape(report.deviceLabel(p.device())))
                    .append(" w").append(p.worker()).append("</td><td>").append(ms(p.windowNs())).append("</td><td>")
                    .append(ms(p.kernelNs())).append("</td><td>").append(escape(Text.percent(p.utilization())))
                    .append("</td><td>").append(ms(p.gapNs())).append("</td><td class=\"l\">")
                    .append(shares("", p.gapBreakdown())).append("</td><td>").append(ms(p.unattributedNs()))
                    .append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.toString();
    }

    private static String shares(final String prefix, final java.util.List<Share> shares)
    {
        if (shares.isEmpty())
        {
            return "";
        }
        final StringBuilder out = new StringBuilder(prefix);
        for (int i = 0; i < Math.min(MAX_SHARES, shares.size()); i++)
        {
            out.append(i == 0 ? "" : ", ").append(escape(shares.get(i).label())).append(' ')
                .append(ms(shares.get(i).ns()));
        }
        return out.append(shares.size() > MAX_SHARES ? ", …" : "").toString();
    }

    private static String ms(final long ns)
    {
        return escape(Text.ms(ns));
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String template()
    {
        try (InputStream in = HtmlGanttRenderer.class.getResourceAsStream("gantt.html"))
        {
            if (in == null)
            {
                throw new IllegalStateException("gantt.html is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
