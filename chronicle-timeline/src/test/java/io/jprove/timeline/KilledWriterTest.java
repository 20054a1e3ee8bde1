package io.jprove.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class KilledWriterTest
{
    private static final long FLUSHED_BEFORE_KILL = 30_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldReplayEverythingFlushedWhenTheWriterIsKilledMidRun() throws Exception
    {
        final Process child = startChild();
        long flushed = 0;
        try (BufferedReader out = new BufferedReader(
            new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)))
        {
            String line;
            while (flushed < FLUSHED_BEFORE_KILL && (line = out.readLine()) != null)
            {
                if (line.startsWith("flushed "))
                {
                    flushed = Long.parseLong(line.substring("flushed ".length()));
                }
            }
            // Killed while appending: the child never stops between flushes.
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child did not die");
        }
        assertTrue(flushed >= FLUSHED_BEFORE_KILL, "child stopped early: " + Files.readString(dir.resolve(
            "child.err")));

        final AtomicLong next = new AtomicLong();
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            reader.replay(e ->
            {
                if (e.kind() == EventKind.MARK || e.kind() == EventKind.KERNEL)
                {
                    assertEquals(next.getAndIncrement(), e.job(), "events replay in order with none missing");
                    assertEquals((e.job() & 1) == 0 ? EventKind.MARK : EventKind.KERNEL, e.kind());
                }
            });
        }
        assertTrue(next.get() >= flushed, "replayed " + next.get() + " of " + flushed + " flushed");

        // The queue stays writable after its writer died.
        try (Timeline timeline = Timeline.open(dir))
        {
            timeline.append(EventKind.PROOF_DONE, 99, -1, -1, -1);
        }
        final AtomicLong done = new AtomicLong();
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            reader.replay(e -> done.addAndGet(e.kind() == EventKind.PROOF_DONE ? 1 : 0));
        }
        assertEquals(1, done.get());
    }

    private Process startChild() throws java.io.IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
            Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            // The JVM flags from jvm.options arrive expanded; keep them, but not this JVM's heap size or agents.
            if (!arg.startsWith("-Xmx") && !arg.startsWith("-agentlib") && !arg.startsWith("-javaagent"))
            {
                command.add(arg);
            }
        }
        command.add("-Xmx128m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(AppendingChild.class.getName());
        command.add(dir.toString());
        return new ProcessBuilder(command).redirectError(dir.resolve("child.err").toFile()).start();
    }
}
