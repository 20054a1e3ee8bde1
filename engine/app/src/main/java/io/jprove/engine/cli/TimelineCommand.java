package io.jprove.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.TimelineEvent;
import io.jprove.timeline.TimelineFormatException;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.Text;
import io.jprove.timeline.analysis.TextReport;
import io.jprove.timeline.analysis.TimelineAnalysis;
import io.jprove.timeline.analysis.TimelineReport;
import io.jprove.timeline.render.ChromeTraceRenderer;
import io.jprove.timeline.render.CsvExporter;
import io.jprove.timeline.render.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jprove timeline}: replays a timeline queue. {@code report} prints where each device's time went and writes
 * {@code report.html} and {@code trace.json}; {@code tail} follows a queue live; {@code export} converts it to Chrome
 * trace JSON or CSV. A directory that is not a timeline exits with status 1 and says why.
 */
@Command(name = "timeline", mixinStandardHelpOptions = true,
    description = "Replay, analyse and export a jprove timeline (see --timeline on the proving commands).",
    subcommands = {TimelineCommand.Report.class, TimelineCommand.Tail.class, TimelineCommand.Export.class})
final class TimelineCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call()
    {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 2;
    }

    private static int fail(final CommandSpec spec, final Exception e)
    {
        spec.commandLine().getErr().println("jprove timeline: " + e.getMessage());
        return 1;
    }

    /** {@code jprove timeline report DIR}. */
    @Command(name = "report", mixinStandardHelpOptions = true,
        description = "Print per-device utilization and per-partition window gaps; write report.html and trace.json.")
    static final class Report implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The timeline directory.")
        private Path directory;

        @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write report.html and trace.json (default: DIR-report beside the timeline, never "
                + "the working directory).")
        private Path out;

        @Option(names = "--threshold", paramLabel = "SHARE", defaultValue = "0.2",
            description = "Flag a partition when this share of its GPU window has none of its kernels running "
                + "(default ${DEFAULT-VALUE}).")
        private double threshold;

        @Option(names = "--gaps", paramLabel = "N", defaultValue = "5",
            description = "Describe each device's N longest idle gaps (default ${DEFAULT-VALUE}).")
        private int gaps;

        @Override
        public Integer call()
        {
            final PrintWriter stdout = spec.commandLine().getOut();
            try (TimelineReader reader = TimelineReader.open(directory))
            {
                final long startNs = System.nanoTime();
                final EventLog log = EventLog.read(reader);
                final long readNs = System.nanoTime() - startNs;
                final TimelineReport report = TimelineAnalysis.analyze(log, threshold, gaps);
                stdout.print(TextReport.render(report));
                final ReportFiles files = ReportFiles.write(log, report, this.out != null ? this.out
                    : ReportFiles.besideTimeline(directory));
                stdout.printf(Locale.ROOT, "%nread %,d events in %s (%.2f M events/s in a cold JVM)"
                    + "%nwrote %s%nwrote %s (open in ui.perfetto.dev or chrome://tracing)%n", log.size(),
                    Text.ms(readNs), log.size() * 1e3 / Math.max(1, readNs), files.html(), files.trace());
                stdout.flush();
                return 0;
            }
            catch (final TimelineFormatException | IOException | IllegalArgumentException e)
            {
                return fail(spec, e);
            }
        }
    }

    /** {@code jprove timeline tail DIR}. */
    @Command(name = "tail", mixinStandardHelpOptions = true,
        description = "Print events as they are appended (Ctrl-C to stop).")
    static final class Tail implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The timeline directory.")
        private Path directory;

        @Option(names = "--from-start", description = "Print the events already there first.")
        private boolean fromStart;

        @Option(names = "--seconds", paramLabel = "S", defaultValue = "0",
            description = "Stop after S seconds; 0 runs until interrupted (default).")
        private double seconds;

        @Override
        public Integer call()
        {
            final PrintWriter stdout = spec.commandLine().getOut();
            final Map<Integer, String> names = new HashMap<>();
            try (TimelineReader reader = TimelineReader.open(directory))
            {
                // Names are defined once, usually long before the events being tailed.
                reader.replay(e ->
                {
                    if (e.kind() == EventKind.NAME)
                    {
                        names.put(e.nameId(), e.text());
                    }
                });
                // The clock starts once the queue is open: opening it cold can take seconds on a busy host.
                final long deadlineNs = seconds > 0 ? System.nanoTime() + (long)(seconds * 1e9) : Long.MAX_VALUE;
                reader.tail(fromStart, e ->
                {
                    if (e.kind() == EventKind.NAME)
                    {
                        names.put(e.nameId(), e.text());
                    }
                    stdout.println(line(e, names));
                    stdout.flush();
                }, () -> System.nanoTime() < deadlineNs && !Thread.currentThread().isInterrupted());
                return 0;
            }
            catch (final TimelineFormatException e)
            {
                return fail(spec, e);
            }
        }

        private static String line(final TimelineEvent e, final Map<Integer, String> names)
        {
            final EventKind kind = e.kind();
            final StringBuilder out = new StringBuilder(Text.time(e.timestampNs())).append(' ')
                .append(kind == null ? "kind " + e.kindCode() : kind.name());
            if (kind != EventKind.ANCHOR && e.job() >= 0)
            {
                out.append(" job ").append(e.job());
            }
            out.append(e.partition() >= 0 ? " p" + e.partition() : "").append(e.worker() >= 0 ? " w" + e.worker() : "")
                .append(e.device() >= 0 ? " gpu" + e.device() : "");
            if (e.nameId() != 0)
            {
                out.append(' ').append(names.getOrDefault(e.nameId(), "#" + Integer.toHexString(e.nameId())));
            }
            if (kind != null && kind.isInterval())
            {
                out.append(" start ").append(Text.time(e.startNs())).append(" duration ")
                    .append(Text.ms(e.durationNs()));
            }
            if (kind == EventKind.COPY)
            {
                out.append(String.format(Locale.ROOT, " %,d B", e.value()));
            }
            if (e.textLength() > 0 && kind != EventKind.NAME)
            {
                out.append(": ").append(e.text());
            }
            return out.toString();
        }
    }

    /** {@code jprove timeline export DIR --format chrome|csv}. */
    @Command(name = "export", mixinStandardHelpOptions = true,
        description = "Convert a timeline to Chrome trace JSON (Perfetto) or CSV.")
    static final class Export implements Callable<Integer>
    {
        /** Export formats. */
        enum Format
        {
            chrome,
            csv
        }

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The timeline directory.")
        private Path directory;

        @Option(names = "--format", required = true, description = "chrome or csv.")
        private Format format;

        @Option(names = {"-o", "--out"}, paramLabel = "FILE", defaultValue = "-",
            description = "Output file; '-' (default) is standard output.")
        private String out;

        @Override
        public Integer call()
        {
            try (TimelineReader reader = TimelineReader.open(directory))
            {
                final EventLog log = EventLog.read(reader);
                final boolean toStdout = "-".equals(out);
                final Writer writer = toStdout ? spec.commandLine().getOut()
                    : Files.newBufferedWriter(Path.of(out), StandardCharsets.UTF_8);
                try
                {
                    if (format == Format.chrome)
                    {
                        ChromeTraceRenderer.write(log, writer);
                    }
                    else
                    {
                        CsvExporter.write(log, writer);
                    }
                }
                finally
                {
                    if (toStdout)
                    {
                        writer.flush();
                    }
                    else
                    {
                        writer.close();
                    }
                }
                return 0;
            }
            catch (final TimelineFormatException | IOException e)
            {
                return fail(spec, e);
            }
        }
    }
}
