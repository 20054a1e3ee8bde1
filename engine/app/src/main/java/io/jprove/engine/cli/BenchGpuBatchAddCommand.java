package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.field.msm.PointProgression;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.msm.GpuBatchAdd;
import io.jprove.kernels.msm.GpuScalarSplit;
import io.jprove.kernels.msm.MsmCurve;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench gpu-batch-add}: the device sum of the bases a bitmap selects, bases and bitmap resident on the
 * device, timed by device events (median and minimum after warm-up), beside the floor of its additions
 * ({@link MsmFloors}). The bases are a progression, so the last timed sum is checked against the closed form of the
 * selection: a wrong sum fails the command.
 */
@Command(name = "gpu-batch-add", mixinStandardHelpOptions = true,
    description = "Time the device batch-add (the sum of the bases a bitmap selects; bases and bitmap on the device).")
final class BenchGpuBatchAddCommand implements Callable<Integer>
{
    @Option(names = "--curve", description = "g1 or g2 (default g1).")
    private String curve = "g1";

    @Option(names = "--log-size", required = true, split = ",",
        description = "log2 of the number of bases, 1 to 28; several separated by commas.")
    private List<Integer> logSizes;

    @Option(names = "--percent", description = "Bits set, in percent (default 50).")
    private int percent = 50;

    @Option(names = "--device", description = "cuda, cuda:N, jvm (the kernels as Java methods) or auto (default: "
        + "the first GPU when the host has one, else jvm).")
    private String device = io.jprove.kernels.DeviceName.AUTO;

    @Option(names = "--iterations", description = "Timed runs (default 10).")
    private int iterations = 10;

    @Option(names = "--warmup", description = "Untimed runs first (default 2).")
    private int warmup = 2;

    @Override
    public Integer call()
    {
        final MsmCurve group = BenchGpuMsmCommand.parseCurve(curve);
        if (group == null || percent < 0 || percent > 100 || iterations < 1 || warmup < 0)
        {
            System.err.println("jprove bench gpu-batch-add: --curve must be g1 or g2, --percent 0 to 100, "
                + "--iterations at least 1 and --warmup at least 0");
            return CliSupport.ERROR;
        }
        for (final int log : logSizes)
        {
            if (log < 1 || log > 28)
            {
                System.err.println("jprove bench gpu-batch-add: --log-size must be 1 to 28, got " + log);
                return CliSupport.ERROR;
            }
        }
        try (Accelerator accelerator = Accelerator.open(device))
        {
            for (final int log : logSizes)
            {
                final int code = run(accelerator, group, log);
                if (code != 0)
                {
                    return code;
                }
            }
            return 0;
        }
    }

    private int run(final Accelerator accelerator, final MsmCurve group, final int log)
    {
        final long n = 1L << log;
        final PointProgression progression = BenchGpuMsmCommand.progression(group, log);
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment bases = arena.allocate(n * group.affineBytes(), 64);
            progression.fill(bases, Runtime.getRuntime().availableProcessors());
            final BitSet select = bitmap(n, percent, log);
            try (DeviceMemory device = accelerator.allocate(n * group.affineBytes());
                 DeviceMemory bits = GpuScalarSplit.upload(accelerator, select, n);
                 GpuBatchAdd batchAdd = new GpuBatchAdd(accelerator, group, device, n))
            {
                device.copyFrom(bases, null);
                final double[] millis = GpuBench.time(accelerator, warmup, iterations, s -> { },
                    s -> batchAdd.queue(bits, s));
                if (!Arrays.equals(batchAdd.result(null), progression.expectedSum(select, n)))
                {
                    return GpuBench.failed("gpu-batch-add", group + " 2^" + log + ": the timed sum differs from the "
                        + "closed form of its selection");
                }
                final Map<String, Double> phases = BenchGpuMsmCommand.phases(accelerator,
                    () -> batchAdd.queue(bits, null));
                final long selected = select.cardinality();
                final double median = GpuBench.median(millis);
                final double floor = MsmFloors.batchAddMillis(group, selected);
                System.out.printf("gpu-batch-add %s 2^%d selected=%d device=%s median_ms=%.3f min_ms=%.3f "
                        + "floor_ms=%.3f vs_floor=%.2f phases_ms=%s gadds_per_s=%.2f check=ok%n", group, log, selected,
                    accelerator.device(), median, millis[0], floor, median / floor, BenchGpuMsmCommand.format(phases),
                    selected / median / 1e6);
                return 0;
            }
        }
    }

    /** @return n bits, each set with probability percent/100, drawn from the seed (on every core). */
    private static BitSet bitmap(final long n, final int percent, final long seed)
    {
        final long[] words = new long[(int)((n + 63) / 64)];
        java.util.stream.IntStream.range(0, (words.length + 1023) / 1024).parallel().forEach(chunk ->
        {
            final SplittableRandom rng = new SplittableRandom(seed * 7919 + chunk);
            for (int w = chunk * 1024; w < Math.min(words.length, (chunk + 1) * 1024); w++)
            {
                long word = 0;
                for (int b = 0; b < 64 && (long)w * 64 + b < n; b++)
                {
                    if (rng.nextInt(100) < percent)
                    {
                        word |= 1L << b;
                    }
                }
                words[w] = word;
            }
        });
        return BitSet.valueOf(words);
    }
}
