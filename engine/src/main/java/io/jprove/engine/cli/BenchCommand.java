package io.jprove.engine.cli;

import picocli.CommandLine.Command;

/**
 * {@code jprove bench}: timing runs of the kernels (the CPU ones, and the device ones whose names start with
 * {@code gpu-}), one subcommand per kernel, each in its own class. Every subcommand checks the results it timed.
 */
@Command(
    name = "bench",
    description = "Time a kernel; one subcommand per kernel.",
    mixinStandardHelpOptions = true,
    subcommands = {BenchNttCommand.class, BenchMsmCommand.class, BenchBatchAddCommand.class,
        BenchProveCommand.class, BenchGpuNttCommand.class, BenchGpuHCommand.class, BenchGpuMsmCommand.class,
        BenchGpuBatchAddCommand.class})
final class BenchCommand
{
}
