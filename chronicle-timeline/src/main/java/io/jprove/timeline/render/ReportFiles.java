package io.jprove.timeline.render;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.TimelineReport;

/**
 * The files of a timeline report, written in one place for every command that writes them ({@code timeline report},
 * {@code demo}, {@code bench engine}): {@code report.html} (the Gantt with the analysis) and {@code trace.json}
 * (Chrome trace, for Perfetto), in a folder that is by default {@code NAME-report} beside the timeline {@code NAME}.
 *
 * @param html  the Gantt page.
 * @param trace the Chrome trace.
 */
public record ReportFiles(Path html, Path trace)
{
    /** @return {@code NAME-report} next to the timeline directory {@code NAME}, never the working directory. */
    public static Path besideTimeline(final Path timeline)
    {
        final Path absolute = timeline.toAbsolutePath().normalize();
        final Path name = absolute.getFileName();
        return absolute.resolveSibling((name == null ? "timeline" : name.toString()) + "-report");
    }

    /**
     * Writes both files into {@code dir}, made if missing.
     *
     * @param log    the events.
     * @param report their analysis.
     * @return where they are.
     * @throws IOException when a file cannot be written.
     */
    public static ReportFiles write(final EventLog log, final TimelineReport report, final Path dir) throws IOException
    {
        Files.createDirectories(dir);
        final ReportFiles files = new ReportFiles(dir.resolve("report.html"), dir.resolve("trace.json"));
        try (Writer w = Files.newBufferedWriter(files.html(), StandardCharsets.UTF_8))
        {
            HtmlGanttRenderer.write(log, report, w);
        }
        try (Writer w = Files.newBufferedWriter(files.trace(), StandardCharsets.UTF_8))
        {
            ChromeTraceRenderer.write(log, w);
        }
        return files;
    }
}
