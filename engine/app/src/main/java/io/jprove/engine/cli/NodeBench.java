package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A timing script of {@code tests/js} ({@code msm-bench.js}, {@code prove-bench.js}) run by node: the script prints
 * one JSON line holding {@code "threads"}, the worker count ffjavascript really started, and {@code "ms"}, the timed
 * runs. A comparison is only fair on equal threads, so {@link #run} fails unless the script ran on those asked for.
 */
final class NodeBench
{
    private static final Pattern MS = Pattern.compile("\"ms\":\\[([^\\]]*)\\]");
    private static final Pattern THREADS = Pattern.compile("\"threads\":(\\d+)");

    /** What the script printed, and its timings. */
    record Result(String output, double[] ms)
    {
    }

    private NodeBench()
    {
    }

    /** @return the {@code tests/js} folder holding {@code script} under the working directory or a parent of it. */
    static Path findJsDir(final String script)
    {
        final Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent())
        {
            final Path candidate = p.resolve("tests/js");
            if (Files.isRegularFile(candidate.resolve(script)))
            {
                return candidate;
            }
        }
        return here.resolve("tests/js");
    }

    /**
     * Runs {@code node script args… threads} (the thread count is always the last argument).
     *
     * @throws IllegalStateException when node fails, prints no timings, or ran on other than {@code threads}.
     */
    static Result run(final Path script, final int threads, final String... args)
        throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of("node", script.toString()));
        command.addAll(List.of(args));
        command.add(Integer.toString(threads));
        final Process node = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        final String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!node.waitFor(1, TimeUnit.HOURS) || node.exitValue() != 0)
        {
            throw new IllegalStateException("node " + script.getFileName() + " failed: " + out.strip());
        }
        final Matcher t = THREADS.matcher(out);
        if (!t.find())
        {
            throw new IllegalStateException("no thread count in " + script.getFileName() + "'s output: " + out);
        }
        if (Integer.parseInt(t.group(1)) != threads)
        {
            throw new IllegalStateException(script.getFileName() + " ran ffjavascript on " + t.group(1)
                + " threads, not the " + threads + " asked for");
        }
        return new Result(out, parseMs(out));
    }

    static double[] parseMs(final String out)
    {
        final Matcher m = MS.matcher(out);
        if (!m.find())
        {
            throw new IllegalStateException("no timings in the script's output: " + out);
        }
        final List<Double> values = new ArrayList<>();
        for (final String v : m.group(1).split(","))
        {
            if (!v.isBlank())
            {
                values.add(Double.parseDouble(v.trim()));
            }
        }
        if (values.isEmpty())
        {
            throw new IllegalStateException("no timings in the script's output: " + out);
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
