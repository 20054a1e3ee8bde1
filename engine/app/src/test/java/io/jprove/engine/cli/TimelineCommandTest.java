package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;
import picocli.CommandLine;

class TimelineCommandTest
{
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void shouldReportUtilizationAndWriteBothFilesWhenGivenATimeline() throws Exception
    {
        final Path queue = dir.resolve("timeline");
        writePartition(queue);
        final int status = execute("timeline", "report", queue.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, status, err.toString());
        final String text = out.toString();
        assertTrue(text.contains("gpu0: wall "), text);
        assertTrue(text.contains("job 3 p1 gpu0 w0: window "), text);
        assertTrue(text.contains("stage prep_msm"), text);
        assertTrue(Files.readString(dir.resolve("out/report.html")).contains("<canvas"));
        assertTrue(Files.readString(dir.resolve("out/trace.json")).startsWith("{\"displayTimeUnit\""));
    }

    @Test
    void shouldWriteTheReportBesideTheTimelineWhenNoOutIsGiven() throws Exception
    {
        final Path queue = dir.resolve("runs/timeline");
        writePartition(queue);
        assertEquals(0, execute("timeline", "report", queue.toString()), err.toString());
        assertTrue(Files.exists(dir.resolve("runs/timeline-report/report.html")), out.toString());
        assertTrue(Files.exists(dir.resolve("runs/timeline-report/trace.json")));
        assertTrue(!Files.exists(Path.of("report.html")), "nothing in the working directory");
    }

    @Test
    void shouldExportCsvAndChromeWhenAsked() throws Exception
    {
        final Path queue = dir.resolve("timeline");
        writePartition(queue);
        assertEquals(0, execute("timeline", "export", queue.toString(), "--format", "csv"), err.toString());
        assertTrue(out.toString().startsWith("kind,timestamp_ns,utc,"), out.toString());
        assertTrue(out.toString().contains("\nKERNEL,"), out.toString());
        final Path trace = dir.resolve("t.json");
        assertEquals(0, execute("timeline", "export", queue.toString(), "--format", "chrome", "-o", trace.toString()));
        assertTrue(Files.readString(trace).contains("\"cat\":\"kernel\""));
    }

    @Test
    void shouldPrintEventsWhenTailingFromTheStart() throws Exception
    {
        final Path queue = dir.resolve("timeline");
        writePartition(queue);
        assertEquals(0, execute("timeline", "tail", queue.toString(), "--from-start", "--seconds", "0.3"));
        assertTrue(out.toString().contains(" KERNEL job 3 p1 w0 gpu0 msm_g1 start "), out.toString());
    }

    @Test
    void shouldExitWithOneAndSayWhyWhenTheDirectoryIsNotATimeline()
    {
        assertEquals(1, execute("timeline", "report", dir.resolve("nothing").toString()));
        assertTrue(err.toString().contains("no timeline at ") && err.toString().contains("not a directory"),
            err.toString());
    }

    @Test
    void shouldRecordIntoTheDirectoryTheOptionNames() throws Exception
    {
        final TimelineOption option = new TimelineOption();
        new CommandLine(option).parseArgs("--timeline", dir.resolve("t").toString(), "--timeline-roll", "HOURLY");
        try (Timeline timeline = option.open())
        {
            assertTrue(timeline.isEnabled());
            timeline.append(EventKind.MARK, 1, -1, -1, -1);
        }
        assertTrue(Files.list(dir.resolve("t")).anyMatch(p -> p.toString().endsWith(".cq4")));
        // the default is the user's state directory unless -Djprove.timeline.dir moves it (the test runs do)
        final TimelineOption defaults = new TimelineOption();
        new CommandLine(defaults).parseArgs();
        assertEquals(Path.of(System.getProperty("jprove.timeline.dir")), defaults.directory());
        final String moved = System.getProperty("jprove.timeline.dir");
        try
        {
            System.clearProperty("jprove.timeline.dir");
            final TimelineOption plain = new TimelineOption();
            new CommandLine(plain).parseArgs();
            final String xdg = System.getenv("XDG_STATE_HOME");
            assertEquals(xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg, "jprove", "timeline")
                : Path.of(System.getProperty("user.home"), ".local", "state", "jprove", "timeline"), plain.directory());
            assertTrue(plain.directory().isAbsolute(), "never the working directory");
        }
        finally
        {
            if (moved != null)
            {
                System.setProperty("jprove.timeline.dir", moved);
            }
        }
        final TimelineOption off = new TimelineOption();
        new CommandLine(off).parseArgs("--no-timeline");
        assertTrue(!off.open().isEnabled());
    }

    private int execute(final String... args)
    {
        final CommandLine cli = Main.commandLine(args);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private static void writePartition(final Path queue) throws InterruptedException
    {
        try (Timeline timeline = Timeline.open(queue))
        {
            final int msm = timeline.nameId("msm_g1");
            final int prep = timeline.nameId("prep_msm");
            timeline.append(EventKind.GPU_START, 3, 1, 0, 0);
            final long start = TimelineClock.nowNs();
            Thread.sleep(30);
            timeline.stage(3, 1, 0, 0, prep, start, 10_000_000);
            timeline.kernel(3, 1, 0, 0, msm, start + 12_000_000, 15_000_000);
            timeline.append(EventKind.GPU_END, 3, 1, 0, 0);
        }
    }
}
