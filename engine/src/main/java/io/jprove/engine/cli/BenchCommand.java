package io.jprove.engine.cli;

import picocli.CommandLine.Command;

/**
 * {@code jprove bench}: timing runs of the CPU kernels, one subcommand per kernel, each in its own class. Every
 * subcommand checks the results it timed.
 */
@Command(
    name = "bench",
    description = "Time a CPU kernel; one subcommand per kernel.",
    mixinStandardHelpOptions = true,
    subcommands = {BenchNttCommand.class, BenchMsmCommand.class, BenchBatchAddCommand.class,
        BenchProveCommand.class, BenchDaemonCommand.class})
final class BenchCommand
{
}
