package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

class MainTest
{
    private static final Set<String> ALL = Set.of("demo", "setup", "prove", "verify", "circuit", "bench", "timeline",
        "daemon", "submit", "job", "key", "seal", "c1", "c2", "post", "snap", "cuzk", "help");

    @Test
    void shouldBuildOnlyTheNamedSubcommandWhenTheFirstArgumentNamesOne()
    {
        assertEquals(Set.of("prove"), Main.commandLine("prove", "--zkey", "k.zkey").getSubcommands().keySet());
        assertEquals(Set.of("bench"), Main.commandLine("bench", "msm").getSubcommands().keySet());
    }

    @Test
    void shouldBuildEveryCommandWhenTheFirstArgumentNamesNone()
    {
        assertEquals(ALL, Main.commandLine().getSubcommands().keySet());
        assertEquals(ALL, Main.commandLine("--help").getSubcommands().keySet());
        assertEquals(ALL, Main.commandLine("help", "prove").getSubcommands().keySet());
        assertEquals(ALL, Main.commandLine("proev").getSubcommands().keySet());
    }

    @Test
    void shouldSuggestTheCommandMeantWhenMistyped()
    {
        final StringWriter err = new StringWriter();
        final CommandLine cli = Main.commandLine("proev");
        cli.setErr(new PrintWriter(err, true));
        assertEquals(2, cli.execute("proev"));
        assertTrue(err.toString().contains("Did you mean: jprove prove?"), err.toString());
    }

    @Test
    void shouldPrintTheSubcommandsUsageWhenAskedForHelpOnIt()
    {
        final StringWriter out = new StringWriter();
        final CommandLine cli = Main.commandLine("help", "prove");
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("help", "prove"));
        assertTrue(out.toString().startsWith("Usage: jprove prove"), out.toString());
    }
}
