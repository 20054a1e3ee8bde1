package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.ntt.HChain;
import io.jprove.kernels.ntt.NttCheck;
import io.jprove.kernels.ntt.NttVariant;
import io.jprove.kernels.ntt.RandomVectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench gpu-h}: the whole H step on the device (a, b, c in device memory to h in device memory: seven
 * NTTs for bellperson's reduction, six for snarkjs's, and the pointwise pass), timed by device events around each
 * run; each run starts from pristine copies of a, b, c made on the device before its start event. Inputs are those of
 * a satisfied witness (c = a·b), and the result is checked on the CPU by the identities of {@link NttCheck}: a wrong
 * h fails the command. The floor is the NTT floor times the transforms.
 */
@Command(name = "gpu-h", mixinStandardHelpOptions = true,
    description = "Time the device-resident H chain (bellperson's or snarkjs's reduction).")
final class BenchGpuHCommand implements Callable<Integer>
{
    @Option(names = "--log-size", required = true, split = ",",
        description = "log2 of the domain, 1 to 28; several separated by commas.")
    private List<Integer> logSizes;

    @Option(names = "--reduction", description = "bellperson, snarkjs or both (default bellperson).")
    private String reduction = "bellperson";

    @Option(names = "--device", description = "cuda, cuda:N, jvm (the kernels as Java methods) or auto (default: "
        + "the first GPU when the host has one, else jvm).")
    private String device = io.jprove.kernels.DeviceName.AUTO;

    @Option(names = "--variant", split = ",", description = "How NTT passes spread their work: r2t (the GPU's "
        + "default) or r8 (the JVM executor's), as bench gpu-ntt; several separated by commas.")
    private List<String> variants = List.of(NttVariant.DEFAULT.name());

    @Option(names = "--iterations", description = "Timed runs (default 10).")
    private int iterations = 10;

    @Option(names = "--warmup", description = "Untimed runs first (default 2).")
    private int warmup = 2;

    @Override
    public Integer call()
    {
        final List<String> reductions = switch (reduction)
        {
            case "bellperson", "snarkjs" -> List.of(reduction);
            case "both" -> List.of("bellperson", "snarkjs");
            default -> null;
        };
        if (reductions == null)
        {
            System.err.println("jprove bench gpu-h: --reduction must be bellperson, snarkjs or both, not " + reduction);
            return CliSupport.ERROR;
        }
        for (final int log : logSizes)
        {
            if (log < 1 || log > 28)
            {
                System.err.println("jprove bench gpu-h: --log-size must be 1 to 28, got " + log);
                return CliSupport.ERROR;
            }
        }
        if (iterations < 1 || warmup < 0)
        {
            System.err.println("jprove bench gpu-h: --iterations must be at least 1 and --warmup at least 0");
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
                System.err.println("jprove bench gpu-h: " + ex.getMessage());
                return CliSupport.ERROR;
            }
        }
        try (Accelerator accelerator = Accelerator.open(device);
             NttCheck check = new NttCheck(Runtime.getRuntime().availableProcessors()))
        {
            for (final String r : reductions)
            {
                try (HChain chain = r.equals("bellperson") ? HChain.bellperson(accelerator)
                    : HChain.snarkjs(accelerator))
                {
                    for (final String variant : variants)
                    {
                        chain.ntt().variant(NttVariant.named(variant));
                        for (final int log : logSizes)
                        {
                            final int code = run(accelerator, chain, check, r, log, variant);
                            if (code != 0)
                            {
                                return code;
                            }
                        }
                    }
                }
            }
            return 0;
        }
    }

    private int run(final Accelerator accelerator, final HChain chain, final NttCheck check, final String name,
        final int log, final String variant)
    {
        final long m = 1L << log;
        final long bytes = m * Fr.BYTES;
        final boolean bellperson = name.equals("bellperson");
        try (Arena arena = Arena.ofShared(); DeviceMemory a0 = accelerator.allocate(bytes);
             DeviceMemory b0 = accelerator.allocate(bytes); DeviceMemory c0 = accelerator.allocate(bytes);
             DeviceMemory a = accelerator.allocate(bytes); DeviceMemory b = accelerator.allocate(bytes);
             DeviceMemory c = accelerator.allocate(bytes))
        {
            final FrVector[] abc = RandomVectors.satisfied(arena, m, log);
            a0.copyFrom(abc[0].segment(), null);
            b0.copyFrom(abc[1].segment(), null);
            c0.copyFrom(abc[2].segment(), null);
            final double[] millis = GpuBench.time(accelerator, warmup, iterations, s ->
            {
                a.copyFrom(a0, s);
                b.copyFrom(b0, s);
                c.copyFrom(c0, s);
            }, s -> chain.compute(a, b, c, log, s));
            final FrVector h = FrVector.allocate(arena, m);
            a.copyTo(h.segment(), null);
            final Random rnd = new Random(log);
            final boolean ok = bellperson
                ? check.bellpersonHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), h.segment(), log,
                    Fr.random(rnd))
                : check.snarkjsHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), h.segment(), log,
                    rnd.nextLong(m));
            if (!ok)
            {
                return GpuBench.failed("gpu-h", name + " h of 2^" + log + " does not satisfy its identity");
            }
            final int transforms = bellperson ? 7 : 6;
            final double floor = transforms * m / 2.0 * log / BenchGpuNttCommand.FLOOR_BUTTERFLIES_PER_SECOND * 1e3;
            final double median = GpuBench.median(millis);
            System.out.printf("gpu-h %s 2^%d device=%s median_ms=%.3f min_ms=%.3f floor_ms=%.3f vs_floor=%.2f "
                + "ntts=%d variant=%s check=ok%n", name, log, accelerator.device(), median, millis[0], floor,
                median / floor, transforms, variant);
            return 0;
        }
    }
}
