package io.jprove.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.jprove.engine.cli.Main;

/**
 * {@code jprove bench msm --vs ffjavascript} runs ffjavascript on the thread count it is given: tests/js/msm-bench.js
 * reports the workers ffjavascript really started, and the command fails unless they match.
 */
class VersusNodeBenchTest
{
    @Test
    void shouldRunFfjavascriptOnTheThreadsGivenWhenComparingMsms()
    {
        SnarkjsToolchain.require();
        for (final int threads : new int[] {1, 3})
        {
            final String out = run("bench", "msm", "--curve", "g1", "--log-size", "6", "--repeat", "1", "--vs",
                "ffjavascript", "--threads", Integer.toString(threads));
            assertTrue(out.contains("threads=" + threads + " jprove_ms="), out);
            assertTrue(out.contains("results_equal ratio="), out);
        }
    }

    private static String run(final String... args)
    {
        final PrintStream out = System.out;
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        try
        {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            assertEquals(0, Main.commandLine(args).execute(args), () -> o.toString(StandardCharsets.UTF_8));
            return o.toString(StandardCharsets.UTF_8);
        }
        finally
        {
            System.setOut(out);
        }
    }
}
