package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.msm.PointProgression;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.msm.GpuMsm;
import io.jprove.kernels.msm.MsmCurve;
import io.jprove.kernels.msm.MsmPlan;
import io.jprove.kernels.msm.PreparedBases;
import io.jprove.kernels.ntt.RandomVectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench gpu-msm}: the device MSM over prepared, resident bases with random scalars already on the
 * device, timed by device events around each MSM (median and minimum after warm-up), beside the H200 floor
 * ({@link MsmFloors}). Preparation (upload and precomputed copies) is timed and reported apart. The bases are a
 * progression (Pᵢ = (a + i·b)·G), so the last timed result is checked against its closed form: a wrong sum fails the
 * command. One more run, reported per phase by the device's activity records, says where the time goes.
 */
@Command(name = "gpu-msm", mixinStandardHelpOptions = true,
    description = "Time the device MSM (bases prepared and resident, scalars on the device).")
final class BenchGpuMsmCommand implements Callable<Integer>
{
    @Option(names = "--curve", description = "g1 or g2 (default g1).")
    private String curve = "g1";

    @Option(names = "--log-size", required = true, split = ",",
        description = "log2 of the number of points, 1 to 27; several separated by commas.")
    private List<Integer> logSizes;

    @Option(names = "--device", description = "cuda, cuda:N, jvm (the kernels as Java methods) or auto (default: "
        + "the first GPU when the host has one, else jvm).")
    private String device = io.jprove.kernels.DeviceName.AUTO;

    @Option(names = "--window", description = "Force the window width c (1 to 24) instead of the chooser's.")
    private int window;

    @Option(names = "--copies", description = "Force the precomputed copies F (1 to the windows); with --window.")
    private int copies;

    @Option(names = "--sort", split = ",", description = "The MSM's sorts to time over the same prepared bases: "
        + "auto, atomic (one pass), passes, passes:N (N keys a pass); several separated by commas (default: the one "
        + "-Djprove.msm.sort chooses).")
    private List<String> sorts;

    @Option(names = "--iterations", description = "Timed runs (default 5).")
    private int iterations = 5;

    @Option(names = "--warmup", description = "Untimed runs first (default 2).")
    private int warmup = 2;

    @Override
    public Integer call()
    {
        final MsmCurve group = parseCurve(curve);
        if (group == null)
        {
            System.err.println("jprove bench gpu-msm: --curve must be g1 or g2, got " + curve);
            return CliSupport.ERROR;
        }
        for (final int log : logSizes)
        {
            if (log < 1 || log > 27)
            {
                System.err.println("jprove bench gpu-msm: --log-size must be 1 to 27, got " + log);
                return CliSupport.ERROR;
            }
        }
        if (iterations < 1 || warmup < 0 || copies != 0 && window == 0)
        {
            System.err.println("jprove bench gpu-msm: --iterations must be at least 1, --warmup at least 0, and "
                + "--copies needs --window");
            return CliSupport.ERROR;
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

    /** @return the group a {@code --curve} value names, or null. */
    static MsmCurve parseCurve(final String name)
    {
        return switch (name.toLowerCase(java.util.Locale.ROOT))
        {
            case "g1" -> MsmCurve.G1;
            case "g2" -> MsmCurve.G2;
            default -> null;
        };
    }

    /** @return the progression of bases for {@code log}, of the group. */
    static PointProgression progression(final MsmCurve group, final int log)
    {
        return PointProgression.random(group == MsmCurve.G1 ? PointProgression.Curve.G1 : PointProgression.Curve.G2,
            log);
    }

    private int run(final Accelerator accelerator, final MsmCurve group, final int log)
    {
        final long n = 1L << log;
        final PointProgression progression = progression(group, log);
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment bases = arena.allocate(n * group.affineBytes(), 64);
            progression.fill(bases, Runtime.getRuntime().availableProcessors());
            final FrVector scalars = RandomVectors.fill(FrVector.allocate(arena, n), log);
            final MsmPlan plan;
            try
            {
                plan = window > 0 ? MsmPlan.of(n, window, copies > 0 ? copies : (255 + window) / window)
                    : MsmPlan.forDevice(accelerator, n, group);
            }
            catch (final IllegalArgumentException ex)
            {
                System.err.println("jprove bench gpu-msm: " + ex.getMessage());
                return CliSupport.ERROR;
            }
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, group, bases, plan);
                 DeviceMemory device = accelerator.allocate(n * Fr.BYTES))
            {
                device.copyFrom(scalars.segment(), null);
                final long[] expected = progression.expectedMsm(scalars);
                for (final String sort : sorts == null ? List.of("default") : sorts)
                {
                    final int code = time(accelerator, group, log, plan, prepared, device, expected, sort);
                    if (code != 0)
                    {
                        return code;
                    }
                }
                return 0;
            }
        }
    }

    /** Times MSMs over the prepared bases with one sort ("default": the one the system properties choose). */
    private int time(final Accelerator accelerator, final MsmCurve group, final int log, final MsmPlan plan,
        final PreparedBases prepared, final DeviceMemory device, final long[] expected, final String sort)
    {
        final long n = 1L << log;
        try (GpuMsm msm = "default".equals(sort) ? new GpuMsm(prepared) : new GpuMsm(prepared, sort))
        {
            final double[] millis = GpuBench.time(accelerator, warmup, iterations, s -> { },
                s -> msm.queue(device, n, s));
            if (!Arrays.equals(msm.result(null), expected))
            {
                return GpuBench.failed("gpu-msm", group + " 2^" + log + " (sort " + sort + "): the timed MSM "
                    + "differs from the closed form of its progression bases");
            }
            final Map<String, Double> sortKernels = new TreeMap<>();
            final Map<String, Double> phases = phases(accelerator, () -> msm.queue(device, n, null), sortKernels);
            final double median = GpuBench.median(millis);
            final double floor = MsmFloors.msmMillis(group, log);
            final double accumulate = phases.getOrDefault("accumulate", 0.0);
            System.out.printf("gpu-msm %s 2^%d device=%s median_ms=%.3f min_ms=%.3f floor_ms=%.3f "
                    + "vs_floor=%.2f plan=c%d/W%d/F%d/T%d prepare_ms=%.0f table_gib=%.2f phases_ms=%s "
                    + "accumulate_gadds_per_s=%.2f sort=%s sort_kernels_ms=%s check=ok%n", group, log,
                accelerator.device(), median, millis[0], floor, median / floor, plan.c(), plan.windows(),
                plan.copies(), plan.rounds(), prepared.prepareNanos() / 1e6,
                prepared.tableBytes() / (double)(1L << 30), format(phases),
                accumulate > 0 ? plan.windows() * (double)n / accumulate / 1e6 : 0.0, sort, format(sortKernels));
            return 0;
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("jprove bench gpu-msm: " + ex.getMessage());
            return CliSupport.ERROR;
        }
    }

    /**
     * Runs {@code work} once with the activity listener on and sums the device time of its kernels by phase (the
     * kernel's class: sort, accumulate, reduce, sums, split, batch-add) and of its fills and copies.
     */
    static Map<String, Double> phases(final Accelerator accelerator, final Runnable work)
    {
        return phases(accelerator, work, new TreeMap<>());
    }

    /**
     * {@link #phases(Accelerator, Runnable)}, and the sort phase's time by kernel into {@code sortKernels} (which
     * sort ran, one pass or in passes, and where its time goes: digits, counts, scan, scatter).
     */
    static Map<String, Double> phases(final Accelerator accelerator, final Runnable work,
        final Map<String, Double> sortKernels)
    {
        final Map<String, Double> phases = new TreeMap<>();
        accelerator.setListener(a ->
        {
            final String phase = switch (a.kind())
            {
                case KERNEL -> phase(a.name());
                case FILL -> "fill";
                default -> "copy";
            };
            phases.merge(phase, a.durationNs() / 1e6, Double::sum);
            if ("sort".equals(phase))
            {
                sortKernels.merge(a.name().substring(a.name().indexOf('.') + 1), a.durationNs() / 1e6,
                    Double::sum);
            }
        });
        try
        {
            work.run();
            accelerator.synchronize();
        }
        finally
        {
            accelerator.setListener(null);
        }
        return phases;
    }

    private static String phase(final String kernel)
    {
        final String owner = kernel.substring(0, Math.max(0, kernel.indexOf('.')));
        return switch (owner)
        {
            case "SortKernels", "ScanKernels" -> "sort";
            case "BucketKernels" -> "accumulate";
            case "ReduceKernels" -> "reduce";
            case "PointSumKernels" -> "sums";
            case "SplitKernels" -> "split";
            case "BatchAddKernels" -> "batch-add";
            default -> owner;
        };
    }

    static String format(final Map<String, Double> phases)
    {
        final StringBuilder sb = new StringBuilder();
        for (final Map.Entry<String, Double> e : phases.entrySet())
        {
            sb.append(sb.isEmpty() ? "" : ",").append(e.getKey()).append(':')
                .append(String.format(java.util.Locale.ROOT, "%.3f", e.getValue()));
        }
        return sb.toString();
    }
}
