package io.jprove.engine.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jprove daemon} as a child JVM, with this JVM's class path and the flags jvm.options gave it, so that a
 * test can kill it with SIGKILL and start it again on the same data folder.
 */
final class DaemonProcess implements AutoCloseable
{
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) .*?(\\d+) job\\(s\\)"
        + " resumed");

    private static final Pattern CLAIMS = Pattern.compile("\\((\\d+) claim\\(s\\) resumed\\)");

    private final Process process;
    private final int port;
    private final int resumed;
    private final int resumedClaims;
    private final List<String> output = new ArrayList<>();

    private DaemonProcess(final Path config) throws IOException
    {
        final List<String> command = java(List.of());
        command.addAll(List.of("io.jprove.engine.cli.Main", "daemon", "--config", config.toString()));
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8));
        String line;
        Matcher m = null;
        while ((line = out.readLine()) != null)
        {
            output.add(line);
            m = LISTENING.matcher(line);
            if (m.find())
            {
                break;
            }
        }
        if (line == null)
        {
            process.destroyForcibly();
            throw new IllegalStateException("the daemon did not start: " + String.join("\n", output));
        }
        port = Integer.parseInt(m.group(1));
        resumed = Integer.parseInt(m.group(2));
        final Matcher claims = CLAIMS.matcher(line);
        resumedClaims = claims.find() ? Integer.parseInt(claims.group(1)) : 0;
        // keep draining its output, so that a full pipe never blocks it
        final Thread drain = new Thread(() -> out.lines().forEach(l ->
        {
            synchronized (output)
            {
                output.add(l);
            }
        }), "daemon-output");
        drain.setDaemon(true);
        drain.start();
    }

    /** @return partitions claimed under its cluster-host name before a restart that it resumed. */
    int resumedClaims()
    {
        return resumedClaims;
    }

    /** Sends a signal by name (STOP, CONT) with the system's kill. */
    void signal(final String name) throws IOException, InterruptedException
    {
        final Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).inheritIO()
            .start();
        if (kill.waitFor() != 0)
        {
            throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** @return what it printed so far. */
    String output()
    {
        synchronized (output)
        {
            return String.join("\n", output);
        }
    }

    /**
     * Runs {@code jprove daemon} with {@code settings} in a child JVM given {@code jvmArgs}, expecting it to refuse to
     * start.
     *
     * @return what it printed.
     */
    static String fails(final Path dir, final String settings, final String... jvmArgs) throws IOException,
        InterruptedException
    {
        final Path config = dir.resolve("daemon.properties");
        Files.writeString(config, settings);
        final List<String> command = java(List.of(jvmArgs));
        command.addAll(List.of("io.jprove.engine.cli.Main", "daemon", "--config", config.toString()));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS))
        {
            p.destroyForcibly();
            throw new IllegalStateException("the daemon did not exit: " + out);
        }
        if (p.exitValue() == 0)
        {
            throw new IllegalStateException("the daemon exited 0: " + out);
        }
        return out;
    }

    /** @return the start of a command line that runs a JVM as this one (its flags, its class path). */
    private static List<String> java(final List<String> extra)
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")
                || arg.startsWith("--sun-misc-unsafe") || arg.startsWith("-Dchronicle"))
            {
                command.add(arg);
            }
        }
        command.addAll(extra);
        // the record of checked keys the build gives the tests, not the user's
        final String cache = System.getProperty("jprove.cache.dir");
        if (cache != null)
        {
            command.add("-Djprove.cache.dir=" + cache);
        }
        // surefire runs tests from a manifest-only jar; its property holds the real class path
        final String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        command.addAll(List.of("-Xmx512m", "-cp", classPath));
        return command;
    }

    /** Starts a daemon with {@code settings} (properties lines) written to a config file in {@code dir}. */
    static DaemonProcess start(final Path dir, final String settings) throws IOException
    {
        final Path config = dir.resolve("daemon.properties");
        Files.writeString(config, settings);
        return new DaemonProcess(config);
    }

    int port()
    {
        return port;
    }

    int resumed()
    {
        return resumed;
    }

    /** Kills it with SIGKILL (no shutdown hook runs) and waits for it to be gone. */
    void kill() throws InterruptedException
    {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** Stops it with SIGTERM, as a service manager would. */
    @Override
    public void close() throws InterruptedException
    {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
        }
    }
}
