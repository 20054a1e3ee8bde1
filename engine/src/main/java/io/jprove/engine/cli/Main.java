package io.jprove.engine.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code jprove} command line: one picocli command per subcommand, each in its own class.
 * <p>
 * Picocli builds a command's whole model (every option of every subcommand, by reflection) when the command line is
 * made; for all of jprove's commands that took about a third of a second of a cold {@code jprove prove}. So
 * {@link #commandLine} adds only the subcommand that the first argument names, and all of them when it names none
 * (help, {@code --version}, a typo), so that listings and suggestions still see every command.
 */
@Command(
    name = "jprove",
    mixinStandardHelpOptions = true,
    version = "jprove 0.1.0-SNAPSHOT",
    description = "Groth16 proving engine for BLS12-381.")
public final class Main
{
    /** Every subcommand, in the order help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
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
        SealCommand.class,
        C1Command.class,
        CommandLine.HelpCommand.class);

    private Main()
    {
    }

    public static void main(final String[] args)
    {
        System.exit(commandLine(args).execute(args));
    }

    /**
     * @param args the arguments the command line will execute.
     * @return jprove's command line with the subcommand {@code args[0]} names, or with all of them if it names none.
     */
    public static CommandLine commandLine(final String... args)
    {
        final CommandLine commandLine = new CommandLine(new Main());
        final String first = args.length == 0 ? "" : args[0];
        for (final Class<?> subcommand : SUBCOMMANDS)
        {
            if (name(subcommand).equals(first) && subcommand != CommandLine.HelpCommand.class)
            {
                return commandLine.addSubcommand(subcommand);
            }
        }
        for (final Class<?> subcommand : SUBCOMMANDS)
        {
            commandLine.addSubcommand(subcommand);
        }
        return commandLine;
    }

    private static String name(final Class<?> subcommand)
    {
        return subcommand.getAnnotation(Command.class).name();
    }
}
