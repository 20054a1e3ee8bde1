package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceActivity;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.ntt.GpuNtt;
import io.jprove.kernels.ntt.NttCheck;
import io.jprove.kernels.ntt.NttPlan;
import io.jprove.kernels.ntt.NttRoots;
import io.jprove.kernels.ntt.NttVariant;
import io.jprove.kernels.ntt.RandomVectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench gpu-ntt}: the device NTT with its data on the device, timed by device events around each
 * transform (median and minimum of the timed runs after warm-up), with the sum of its kernels' device times beside
 * it, against the floor of the butterfly model (REFERENCE: 2^24 in 3.2 ms, 62.9 G butterflies/s on an H200). The
 * timed results are checked: the opposite transform must restore the input exactly, and random outputs must equal
 * the input polynomial evaluated at their points on the CPU; a failed check fails the command.
 */
@Command(name = "gpu-ntt", mixinStandardHelpOptions = true,
    description = "Time the device NTT over Fr (data on the device).")
final class BenchGpuNttCommand implements Callable<Integer>
{
    /** The floor's rate: (m/2)·log m butterflies at 2^24 in 3.2 ms. */
    static final double FLOOR_BUTTERFLIES_PER_SECOND = (1L << 23) * 24 / 3.2e-3;

    @Option(names = "--log-size", required = true, split = ",",
        description = "log2 of the transform size, 1 to 28; several separated by commas.")
    private List<Integer> logSizes;

    @Option(names = "--device", description = "cuda, cuda:N, jvm (the kernels as Java methods) or auto (default: "
        + "the first GPU when the host has one, else jvm).")
    private String device = io.jprove.kernels.DeviceName.AUTO;

    @Option(names = "--coset", description = "The coset transform (g = 7).")
    private boolean coset;

    @Option(names = "--inverse", description = "The inverse transform (with m^-1).")
    private boolean inverse;

    @Option(names = "--order", description = "NN, NR, RN or RR (default NN).")
    private NttOrder order = NttOrder.NN;

    @Option(names = "--iterations", description = "Timed runs (default 10).")
    private int iterations = 10;

    @Option(names = "--warmup", description = "Untimed runs first (default 2).")
    private int warmup = 2;

    @Option(names = "--variant", split = ",", description = "How passes spread their work: r2t (two elements per "
        + "item, each pass's twiddles staged in shared memory; the GPU's default) or r8 (eight elements, the JVM "
        + "executor's); several separated by commas.")
    private List<String> variants = List.of(NttVariant.DEFAULT.name());

    @Override
    public Integer call()
    {
        for (final int log : logSizes)
        {
            if (log < 1 || log > 28)
            {
                System.err.println("jprove bench gpu-ntt: --log-size must be 1 to 28, got " + log);
                return CliSupport.ERROR;
            }
        }
        if (iterations < 1 || warmup < 0)
        {
            System.err.println("jprove bench gpu-ntt: --iterations must be at least 1 and --warmup at least 0");
            return CliSupport.ERROR;
        }
        for (final String v : variants)
        {
            try
            {
                NttVariant.named(v);
            }
            catch (final IllegalArgumentException ex)
            {
                System.err.println("jprove bench gpu-ntt: " + ex.getMessage());
                return CliSupport.ERROR;
            }
        }
        try (Accelerator accelerator = Accelerator.open(device);
             GpuNtt ntt = new GpuNtt(accelerator, NttRoots.JPROVE);
             NttCheck check = new NttCheck(Runtime.getRuntime().availableProcessors()))
        {
            for (final String name : variants)
            {
                ntt.variant(NttVariant.named(name));
                for (final int log : logSizes)
                {
                    final int code = run(accelerator, ntt, check, log, name);
                    if (code != 0)
                    {
                        return code;
                    }
                }
            }
            return 0;
        }
    }

    private int run(final Accelerator accelerator, final GpuNtt ntt, final NttCheck check, final int log,
        final String variant)
    {
        final long m = 1L << log;
        final NttDirection direction = inverse ? NttDirection.INVERSE : NttDirection.FORWARD;
        try (Arena arena = Arena.ofShared(); DeviceMemory data = accelerator.allocate(m * Fr.BYTES))
        {
            final FrVector input = RandomVectors.fill(FrVector.allocate(arena, m), log);
            data.copyFrom(input.segment(), null);
            final double[] kernelMillis = {0};
            final double[] millis = GpuBench.time(accelerator, warmup, iterations, s -> { },
                s -> ntt.transform(data, log, direction, coset, order, s));
            // The kernels' own device time, from the activity reports of one more run.
            accelerator.setListener(a ->
            {
                if (a.kind() == DeviceActivity.Kind.KERNEL)
                {
                    kernelMillis[0] += a.durationNs() / 1e6;
                }
            });
            ntt.transform(data, log, direction, coset, order, null);
            accelerator.setListener(null);
            final String checked = check(accelerator, ntt, check, data, input, log, direction);
            if (checked != null)
            {
                return GpuBench.failed("gpu-ntt", checked);
            }
            final double floor = m / 2.0 * log / FLOOR_BUTTERFLIES_PER_SECOND * 1e3;
            final double median = GpuBench.median(millis);
            System.out.printf("gpu-ntt %s%s %s 2^%d device=%s median_ms=%.3f min_ms=%.3f kernels_ms=%.3f "
                    + "floor_ms=%.3f vs_floor=%.2f passes=%s variant=%s check=ok%n", coset ? "coset-" : "",
                inverse ? "inverse" : "forward", order, log, accelerator.device(), median, millis[0], kernelMillis[0],
                floor, median / floor, passes(log), variant);
            return 0;
        }
    }

    /** @return null when the result checks out, else what is wrong. */
    private String check(final Accelerator accelerator, final GpuNtt ntt, final NttCheck check,
        final DeviceMemory data, final FrVector input, final int log, final NttDirection direction)
    {
        final long m = input.size();
        try (Arena arena = Arena.ofShared())
        {
            final FrVector out = FrVector.allocate(arena, m);
            data.copyFrom(input.segment(), null);
            ntt.transform(data, log, direction, coset, order, null);
            data.copyTo(out.segment(), null);
            final Random rnd = new Random(log);
            final boolean inputReversed = order == NttOrder.RN || order == NttOrder.RR;
            final boolean outputReversed = order == NttOrder.NR || order == NttOrder.RR;
            final FrVector natural = inputReversed ? reversed(input, log, arena) : input;
            for (int probe = 0; probe < 3; probe++)
            {
                final long k = probe == 0 ? 0 : rnd.nextLong(m);
                final long[] expected = check.output(natural.segment(), log, NttRoots.JPROVE, direction, coset, k);
                final long[] got = new long[Fr.LIMBS];
                out.get(outputReversed ? Long.reverse(k) >>> (64 - log) : k, got, 0);
                if (!Fr.equal(expected, 0, got, 0))
                {
                    return "output " + k + " of 2^" + log + " is not the input evaluated at its point";
                }
            }
            final NttOrder back = switch (order)
            {
                case NR -> NttOrder.RN;
                case RN -> NttOrder.NR;
                default -> order;
            };
            ntt.transform(data, log, direction == NttDirection.FORWARD ? NttDirection.INVERSE : NttDirection.FORWARD,
                coset, back, null);
            data.copyTo(out.segment(), null);
            return out.segment().mismatch(input.segment()) == -1 ? null
                : "the opposite transform did not restore the input of 2^" + log;
        }
    }

    private static FrVector reversed(final FrVector v, final int log, final Arena arena)
    {
        final FrVector r = FrVector.allocate(arena, v.size());
        final long[] x = new long[Fr.LIMBS];
        for (long i = 0; i < v.size(); i++)
        {
            v.get(Long.reverse(i) >>> (64 - log), x, 0);
            r.set(i, x, 0);
        }
        return r;
    }

    private static String passes(final int log)
    {
        if (log < 3)
        {
            return "stages";
        }
        final List<String> stages = new ArrayList<>();
        for (final NttPlan.Pass pass : NttPlan.of(log).passes())
        {
            stages.add(Integer.toString(pass.stages()));
        }
        return String.join("+", stages);
    }
}
