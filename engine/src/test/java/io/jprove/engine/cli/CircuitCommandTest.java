package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** {@code jprove circuit info}: the counts it prints are the circuit's, and an unknown preset is refused. */
class CircuitCommandTest
{
    @Test
    void shouldPrintCountsDensityAndDomainOfAPreset()
    {
        final String out = run(0, "info", "--preset", "tiny");
        assertTrue(out.contains("constraints     1,250,026"), out);
        assertTrue(out.contains("public inputs   22"), out);
        assertTrue(out.contains("domain size     2^21"), out);
        assertTrue(out.contains("A density"), out);
    }

    @Test
    void shouldRefuseAnUnknownPreset()
    {
        run(2, "info", "--preset", "1TiB", "--no-density");
    }

    private static String run(final int expectedExit, final String... args)
    {
        final PrintStream stdout = System.out;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8))
        {
            System.setOut(capture);
            assertEquals(expectedExit, new CommandLine(new CircuitCommand()).execute(args));
        }
        finally
        {
            System.setOut(stdout);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
