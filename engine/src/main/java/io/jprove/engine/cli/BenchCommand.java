package io.jprove.engine.cli;

import picocli.CommandLine.Command;

/**
 * {@code jprove bench}: timing runs of the CPU kernels, one subcommand per kernel, a whole proof ({@code prove}) and
 * the whole engine ({@code engine}), each in its own class. Every subcommand checks the results it timed.
 */
@Command(
    name = "bench",
    description = "Time a CPU kernel, a proof, or the whole engine; one subcommand each.",
    mixinStandardHelpOptions = true,
    subcommands = {BenchNttCommand.class, BenchMsmCommand.class, BenchBatchAddCommand.class,
        BenchProveCommand.class, BenchEngineCommand.class})
final class BenchCommand
{
}
