package io.jprove.engine.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code jprove} command line: one picocli command per subcommand, each in its own class.
 */
@Command(
    name = "jprove",
    mixinStandardHelpOptions = true,
    version = "jprove 0.1.0-SNAPSHOT",
    description = "Groth16 proving engine for BLS12-381.",
    subcommands = {
        DemoCommand.class,
        SetupCommand.class,
        ProveCommand.class,
        VerifyCommand.class,
        CircuitCommand.class,
        BenchCommand.class,
        TimelineCommand.class,
        DaemonCommand.class,
        SubmitCommand.class,
        JobCommand.class,
        KeyCommand.class,
        CommandLine.HelpCommand.class,
    })
public final class Main
{
    private Main()
    {
    }

    public static void main(final String[] args)
    {
        final CommandLine commandLine = new CommandLine(new Main());
        System.exit(commandLine.execute(args));
    }
}
