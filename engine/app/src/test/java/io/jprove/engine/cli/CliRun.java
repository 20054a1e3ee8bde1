package io.jprove.engine.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A command run in this JVM as {@code jprove ARGS} would run it: its exit status and what it printed. The tests of
 * the commands run them so, which keeps them fast (no JVM start per command) and lets them read both streams.
 *
 * @param status the exit status
 * @param out    what it printed on standard output
 * @param err    what it printed on standard error
 */
record CliRun(int status, String out, String err)
{
    /**
     * Runs {@code jprove ARGS} (each argument's {@code toString()}), capturing both streams; not thread-safe, as it
     * swaps {@code System.out} and {@code System.err} while it runs.
     *
     * @return its exit status and output
     */
    static CliRun jprove(final Object... args)
    {
        final String[] strings = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        final PrintStream out = System.out;
        final PrintStream err = System.err;
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        final ByteArrayOutputStream e = new ByteArrayOutputStream();
        try
        {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            final int status = Main.commandLine(strings).execute(strings);
            return new CliRun(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        }
        finally
        {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
