package io.jprove.timeline.render;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.SeedCaseTimeline;
import io.jprove.timeline.analysis.TimelineAnalysis;

/**
 * Loads the Gantt page in headless Chromium ({@code .ci/install-test-deps} installs Debian's): the script must run to
 * the end without an error, and screenshots are left in target/ (timeline-gantt.png for a two-GPU pipeline,
 * timeline-gantt-cpu.png for a CPU run) for a person to look at. Without Chromium the tests skip on a developer's
 * machine and fail in CI ({@code CI=true}), where a skipped browser test would pass for one that ran.
 */
@Tag("browser")
class BrowserRenderTest
{
    private static final Pattern RENDERED = Pattern.compile("data-rendered=\"(\\d+)\"");

    @TempDir
    Path dir;

    @Test
    void shouldRenderWithoutScriptErrorsWhenLoadedInHeadlessChromium() throws Exception
    {
        final String dom = render(SeedCaseTimeline.pipeline(12), "timeline-gantt.png", 100);
        assertTrue(dom.contains("gpu1 w3"), "a row per worker: " + dom);
    }

    @Test
    void shouldNameCpuDevicesAndTheirWorkersWhenTheRunWasOnTheCpu() throws Exception
    {
        final String dom = render(SeedCaseTimeline.cpuRun(6), "timeline-gantt-cpu.png", 120);
        assertTrue(dom.contains("cpu:1 (cpu, 1 thread): compute steps, host-measured"), dom);
        assertTrue(dom.contains("<h2>Workers</h2>") && dom.contains("synthesis w0"), dom);
    }

    /** Loads the page; checks it drew at least {@code minItems} items without a script error; takes a screenshot. */
    private String render(final EventLog log, final String screenshotName, final int minItems) throws Exception
    {
        final String chromium = findChromium();
        if (chromium == null && "true".equals(System.getenv("CI")))
        {
            throw new AssertionError("CI=true and no chromium on the PATH: .ci/install-test-deps installs Debian's");
        }
        Assumptions.assumeTrue(chromium != null, "no chromium on the PATH");
        final Path html = dir.resolve("report.html");
        try (Writer out = Files.newBufferedWriter(html, StandardCharsets.UTF_8))
        {
            HtmlGanttRenderer.write(log, TimelineAnalysis.analyze(log), out);
        }
        final String dom = run(chromium, "--dump-dom", html.toUri().toString());
        assertFalse(dom.contains("data-error"), "script error: " + dom);
        final Matcher rendered = RENDERED.matcher(dom);
        assertTrue(rendered.find(), "the chart never finished drawing: " + dom);
        assertTrue(Integer.parseInt(rendered.group(1)) > minItems, "drew " + rendered.group(1) + " items");

        final Path screenshot = Path.of("target", screenshotName).toAbsolutePath();
        Files.deleteIfExists(screenshot);
        run(chromium, "--screenshot=" + screenshot, "--window-size=1400,1400", "--hide-scrollbars",
            html.toUri().toString());
        assertTrue(Files.size(screenshot) > 10_000, "screenshot too small to show anything");
        return dom;
    }

    private String run(final String chromium, final String... args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run",
            "--user-data-dir=" + Files.createTempDirectory(dir, "profile")));
        command.addAll(List.of(args));
        final Path stdout = Files.createTempFile(dir, "chromium", ".out");
        final Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(90, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish in 90 s");
        }
        return Files.readString(stdout);
    }

    private static String findChromium()
    {
        for (final String name : List.of("chromium", "chromium-browser", "google-chrome"))
        {
            for (final String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
            {
                final Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate))
                {
                    return candidate.toString();
                }
            }
        }
        return null;
    }
}
