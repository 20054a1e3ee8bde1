package io.jprove.engine.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code jprove} command line: one picocli command per subcommand, each in its own class.
 * <p>
 * What every command shares is set here: Chronicle's {@code java.util.logging} INFO lines are left out unless
 * {@code --verbose} is given; a typo'd option is reported as unknown (with suggestions) even when it also leaves a
 * required option missing; {@code --threads} must be in [1, {@value #MAX_THREADS}].
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
    /** The most threads a command's pool may have (the JDK's ForkJoinPool takes no more). */
    static final int MAX_THREADS = 32_767;

    /** Chronicle's loggers, kept referenced: java.util.logging forgets the level of a logger it has collected. */
    private static final java.util.logging.Logger CHRONICLE = java.util.logging.Logger.getLogger("net.openhft");

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
        C2Command.class,
        PostCommand.class,
        SnapCommand.class,
        CuzkCommand.class,
        CommandLine.HelpCommand.class);

    private Main()
    {
    }

    public static void main(final String[] args)
    {
        quietLibraries(args);
        System.exit(commandLine(args).execute(args));
    }

    /**
     * Leaves Chronicle's INFO lines (which jar it loaded, how long a file took to grow: noise in a CLI) out unless
     * {@code --verbose} is among the arguments; its warnings and errors still show.
     */
    static void quietLibraries(final String... args)
    {
        CHRONICLE.setLevel(java.util.Arrays.asList(args).contains("--verbose") ? null
            : java.util.logging.Level.WARNING);
    }

    /**
     * @param args the arguments the command line will execute.
     * @return jprove's command line with the subcommand {@code args[0]} names, or with all of them if it names none.
     */
    public static CommandLine commandLine(final String... args)
    {
        final CommandLine commandLine = new CommandLine(new Main());
        commandLine.setParameterExceptionHandler(Main::unknownOptionsFirst);
        commandLine.setExecutionStrategy(parsed ->
        {
            requireThreads(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
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

    /** Refuses a {@code --threads} out of [1, {@link #MAX_THREADS}] before the command runs. */
    private static void requireThreads(final CommandLine.ParseResult parsed)
    {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand())
        {
            if (p.hasMatchedOption("--threads"))
            {
                final Object value = p.matchedOptionValue("--threads", null);
                if (value instanceof final Integer n && (n < 1 || n > MAX_THREADS))
                {
                    throw new CommandLine.ParameterException(p.commandSpec().commandLine(), "--threads " + n
                        + " is not in [1, " + MAX_THREADS + "]: give the number of threads to use (default: all"
                        + " processors, " + Runtime.getRuntime().availableProcessors() + " here)");
                }
            }
        }
    }

    /**
     * Picocli reports missing required options before unknown ones, so {@code prove --zkye k} would say that a key
     * is missing; an option the command does not know is reported first, with picocli's suggestions.
     */
    private static int unknownOptionsFirst(final CommandLine.ParameterException e, final String[] args)
        throws Exception
    {
        final CommandLine.IParameterExceptionHandler usual = new CommandLine(new Main())
            .getParameterExceptionHandler();
        if (e instanceof CommandLine.UnmatchedArgumentException)
        {
            return usual.handleParseException(e, args);
        }
        final List<String> unknown = unknownOptions(e.getCommandLine(), args);
        if (unknown.isEmpty())
        {
            return usual.handleParseException(e, args);
        }
        return usual.handleParseException(new CommandLine.UnmatchedArgumentException(e.getCommandLine(), unknown),
            args);
    }

    /** @return the arguments that look like options but are none of the command's (or its parents'). */
    private static List<String> unknownOptions(final CommandLine command, final String[] args)
    {
        final java.util.Map<String, CommandLine.Model.OptionSpec> known = new java.util.HashMap<>();
        for (CommandLine c = command; c != null; c = c.getParent())
        {
            for (final CommandLine.Model.OptionSpec o : c.getCommandSpec().options())
            {
                for (final String name : o.names())
                {
                    known.putIfAbsent(name, o);
                }
            }
        }
        final List<String> unknown = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++)
        {
            final String a = args[i];
            if (!a.startsWith("-") || a.equals("-") || a.equals("--"))
            {
                continue;
            }
            final String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            final CommandLine.Model.OptionSpec o = known.get(name);
            if (o == null)
            {
                unknown.add(a);
            }
            else if (!a.contains("=") && o.arity().min() > 0)
            {
                // its value may look like an option ("--seed -5")
                i += o.arity().min();
            }
        }
        return unknown;
    }

    private static String name(final Class<?> subcommand)
    {
        return subcommand.getAnnotation(Command.class).name();
    }
}
