package io.jprove.engine.cli;

import picocli.CommandLine.Command;

/**
 * {@code jprove bench}: timing runs of the kernels (the CPU ones, and the device ones whose names start with
 * {@code gpu-}), a whole proof ({@code prove}), the daemon ({@code daemon}), the cluster's shared queue
 * ({@code cluster}), the whole engine ({@code engine}), the Groth16 setup ({@code setup}), a sector's SDR
 * labelling ({@code seal}) and a PoSt proof ({@code post}), one subcommand each, each in its own class. Every
 * subcommand checks the results it timed.
 */
@Command(
    name = "bench",
    description = "Time a kernel, a proof, the daemon, the cluster queue, the whole engine, the setup or the SDR "
        + "labelling; one subcommand each.",
    mixinStandardHelpOptions = true,
    subcommands = {BenchNttCommand.class, BenchMsmCommand.class, BenchBatchAddCommand.class,
        BenchProveCommand.class, BenchDaemonCommand.class, BenchClusterCommand.class, BenchEngineCommand.class,
        BenchGpuNttCommand.class, BenchGpuHCommand.class, BenchGpuMsmCommand.class, BenchGpuBatchAddCommand.class,
        BenchSetupCommand.class, BenchSealCommand.class, BenchSynthCommand.class, BenchSectorCommand.class,
        BenchPostCommand.class, BenchSnapCommand.class})
final class BenchCommand
{
}
