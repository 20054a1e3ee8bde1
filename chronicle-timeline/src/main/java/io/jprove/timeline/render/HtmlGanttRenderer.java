package io.jprove.timeline.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.DeviceSummary;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.PartitionSummary;
import io.jprove.timeline.analysis.Share;
import io.jprove.timeline.analysis.Text;
import io.jprove.timeline.analysis.TimelineReport;

/**
 * Writes a self-contained HTML page: the analysis as tables, then a Gantt chart (a canvas, lanes per device, GPU
 * worker and host thread; wheel to zoom, drag to pan, hover for details) with the flagged windows outlined. The page
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
        final Lanes lanes = new Lanes(log);
        final long origin = report.firstNs();
        out.write("{\"originUtc\":" + Json.quote(Text.time(origin)) + ",\"lanes\":[");
        for (int i = 0; i < lanes.all().size(); i++)
        {
            out.write((i == 0 ? "" : ",") + Json.quote(lanes.all().get(i).label()));
        }
        out.write("],\n\"spans\":[");
        final Map<Long, Integer> openWindows = new HashMap<>();
        final Map<Long, Integer> openSynthesis = new HashMap<>();
        final Map<Long, Integer> windowLane = new HashMap<>();
        final StringBuilder points = new StringBuilder();
        int spans = 0;
        for (int row = 0; row < log.size() && spans < MAX_SPANS; row++)
        {
            final int lane = lanes.indexOf(log, row);
            if (lane < 0)
            {
                continue;
            }
            final EventKind kind = log.kind(row);
            final long key = log.job(row) * 1_000_003L + log.partition(row);
            switch (kind)
            {
                case KERNEL, COPY, STAGE ->
                {
                    final int category = kind == EventKind.KERNEL ? 1 : kind == EventKind.COPY ? 2 : 3;
                    final String label = log.describe(row) + (kind == EventKind.COPY
                        ? String.format(java.util.Locale.ROOT, "  %,d B", log.value(row)) : "");
                    span(out, spans++, lane, log.startNs(row) - origin, log.durationNs(row), category, label);
                }
                case GPU_START -> openWindows.put(key, row);
                case SYNTH_START -> openSynthesis.put(key, row);
                case GPU_END, SYNTH_END ->
                {
                    final boolean window = kind == EventKind.GPU_END;
                    final Integer start = (window ? openWindows : openSynthesis).remove(key);
                    if (start != null)
                    {
                        final String label = (window ? "GPU window" : "synthesis") + " job " + log.job(row) + " p"
                            + log.partition(row) + (log.worker(start) >= 0 ? " w" + log.worker(start) : "");
                        span(out, spans++, lanes.indexOf(log, start), log.timestampNs(start) - origin,
                            log.timestampNs(row) - log.timestampNs(start), window ? 0 : 4, label);
                        if (window)
                        {
                            windowLane.put(key, lanes.indexOf(log, start));
                        }
                    }
                }
                default ->
                {
                }
            }
            if (!kind.isInterval())
            {
                points.append(points.isEmpty() ? "" : ",").append('[').append(lane).append(',')
                    .append(Json.micros(log.timestampNs(row) - origin)).append(',')
                    .append(Json.quote(log.describe(row) + (log.text(row).isEmpty() ? "" : ": " + log.text(row))))
                    .append(']');
            }
        }
        out.write("],\n\"points\":[");
        out.write(points.toString());
        out.write("],\n\"flags\":[");
        boolean first = true;
        for (final PartitionSummary p : report.flagged())
        {
            final Integer lane = windowLane.get(p.job() * 1_000_003L + p.partition());
            if (lane != null)
            {
                out.write((first ? "" : ",") + "[" + lane + "," + Json.micros(p.windowStartNs() - origin) + ","
                    + Json.micros(p.windowEndNs() - origin) + "]");
                first = false;
            }
        }
        out.write("],\n\"truncated\":" + (spans >= MAX_SPANS) + "}");
    }

    private static void span(
        final Writer out, final int index, final int lane, final long startNs, final long durationNs,
        final int category, final String label) throws IOException
    {
        out.write((index == 0 ? "[" : ",\n[") + lane + "," + Json.micros(startNs) + "," + Json.micros(durationNs)
            + "," + category + "," + Json.quote(label) + "]");
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
            html.append("<tr><td class=\"l\">gpu").append(d.device()).append("</td><td>").append(ms(d.wallNs()))
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
        for (final String error : report.errors())
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
                    .append(p.job()).append(" p").append(p.partition()).append("</td><td>gpu").append(p.device())
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
