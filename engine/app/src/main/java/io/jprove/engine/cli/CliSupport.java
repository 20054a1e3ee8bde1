package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jprove.engine.formats.InputFile;
import io.jprove.engine.groth16.SetupProgress;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * What the Groth16 commands share: exit codes, one-line errors (stack traces only with {@code --verbose}), file
 * sniffing, and a console progress bar for setup.
 */
final class CliSupport
{
    /** The command did what it was asked (and a proof verified). */
    static final int OK = 0;
    /** A proof did not verify. */
    static final int INVALID = 1;
    /** Bad input or a failure: nothing was produced. */
    static final int ERROR = 2;

    private CliSupport()
    {
    }

    /** Runs a command body; any exception becomes one line on stderr naming the command, and exit code 2. */
    static int run(final String command, final boolean verbose, final Callable<Integer> body)
    {
        try
        {
            return body.call();
        }
        catch (final Exception | OutOfMemoryError | StackOverflowError e)
        {
            System.err.println("jprove " + command + ": error: " + oneLine(e));
            if (verbose)
            {
                e.printStackTrace(System.err);
            }
            return ERROR;
        }
    }

    private static String oneLine(final Throwable e)
    {
        final String first = describe(e);
        final Throwable cause = e.getCause();
        final String text = cause == null || first.contains(String.valueOf(cause.getMessage())) ? first
            : first + ": " + describe(cause);
        return text.replace('\n', ' ');
    }

    private static String describe(final Throwable t)
    {
        final String message = t.getMessage();
        if (message == null)
        {
            return t.getClass().getSimpleName();
        }
        return t instanceof IOException ? t.getClass().getSimpleName() + ": " + message : message;
    }

    /**
     * @return whether a file's first non-blank byte opens a JSON object or array.
     * @throws IllegalArgumentException naming the file when it is not a readable regular file.
     */
    static boolean isJson(final Path file) throws IOException
    {
        InputFile.requireRegular(file);
        try (var in = Files.newInputStream(file))
        {
            int b;
            while ((b = in.read()) >= 0)
            {
                if (!Character.isWhitespace(b))
                {
                    return b == '{' || b == '[';
                }
            }
            return false;
        }
    }

    /** Writes text to a file, creating parent folders. */
    static void write(final Path file, final String text) throws IOException
    {
        createParent(file);
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Writes bytes to a file, creating parent folders. */
    static void write(final Path file, final byte[] bytes) throws IOException
    {
        createParent(file);
        Files.write(file, bytes);
    }

    static void createParent(final Path file) throws IOException
    {
        final Path parent = file.toAbsolutePath().getParent();
        if (parent != null)
        {
            Files.createDirectories(parent);
        }
    }

    /** @return whether stderr is a terminal, where a redrawn progress bar belongs (not a log file or a pipe). */
    static boolean onTerminal()
    {
        try
        {
            // Linux names what file descriptor 2 is; a terminal is a tty or a pseudo-terminal
            final String stderr = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return stderr.startsWith("/dev/pts/") || stderr.startsWith("/dev/tty");
        }
        catch (final IOException | UnsupportedOperationException e)
        {
            // elsewhere: the console's view (stdin and stdout)
            final java.io.Console console = System.console();
            return console != null && console.isTerminal();
        }
    }

    /**
     * @return a setup progress bar on stderr, closed at {@link SetupProgress#finish()}; none unless on a terminal.
     */
    static SetupProgress progressBar(final String task)
    {
        if (!onTerminal())
        {
            return SetupProgress.NONE;
        }
        return new SetupProgress()
        {
            private ProgressBar bar;

            @Override
            public void start(final long totalPoints)
            {
                bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(totalPoints).setUnit(" points", 1)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
            }

            @Override
            public void advance(final long points)
            {
                bar.stepBy(points);
            }

            @Override
            public void finish()
            {
                bar.close();
            }
        };
    }

    /** @return the process's peak resident memory (Linux's {@code VmHWM}), or -1 where it cannot be read. */
    static long peakResidentBytes()
    {
        try
        {
            for (final String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status")))
            {
                if (line.startsWith("VmHWM:"))
                {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        }
        catch (final java.io.IOException | RuntimeException e)
        {
            // not Linux, or no such line: unknown
        }
        return -1;
    }

    /** @return milliseconds since {@code startNs}, formatted. */
    /**
     * @return nanoseconds from when the {@code jprove} launcher began (its {@code JPROVE_LAUNCHED_US}, microseconds
     *     since the epoch) to now: the script's and the JVM's start-up before a command began; -1 when not launched
     *     by it. (The OS's process start time is no use here: Linux gives it against a boot time in whole seconds.)
     */
    static long sinceLaunchNs()
    {
        final String launched = System.getenv("JPROVE_LAUNCHED_US");
        if (launched == null || launched.isEmpty() || !launched.chars().allMatch(Character::isDigit))
        {
            return -1;
        }
        final java.time.Instant now = java.time.Instant.now();
        final long nowUs = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        return Math.max(0, (nowUs - Long.parseLong(launched)) * 1_000);
    }

    static String ms(final long startNs)
    {
        return String.format("%.1f ms", (System.nanoTime() - startNs) / 1e6);
    }
}
