package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench ntt}: times the CPU NTT on one thread and on {@code --threads}, one line per thread count with
 * ns per butterfly (m/2·log₂ m butterflies) and the speedup over one thread. The multi-threaded result must equal the
 * one-thread result bit for bit, and the inverse transform must undo it; otherwise the command fails. Each line also
 * gives the process CPU time of the median run, so a run on a busy machine (wall time inflated by other processes) can
 * still be read: one thread's ns per butterfly is then better taken from CPU time.
 */
@Command(name = "ntt", mixinStandardHelpOptions = true, description = "Time the CPU NTT over Fr.")
final class BenchNttCommand implements Callable<Integer>
{
    @Option(names = "--log-size", required = true, description = "log2 of the transform size (1 to 32).")
    private int logSize;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--coset", description = "Time the coset transform (generator 7).")
    private boolean coset;

    @Option(names = "--inverse", description = "Time the inverse transform.")
    private boolean inverse;

    @Option(names = "--order", description = "Input/output order: NN, NR, RN or RR (default NN).")
    private NttOrder order = NttOrder.NN;

    @Option(names = "--iterations", description = "Timed runs per thread count; the median is reported (default 5).")
    private int iterations = 5;

    @Option(names = "--warmup", description = "Untimed runs per thread count before timing (default 2).")
    private int warmup = 2;

    @Override
    public Integer call()
    {
        if (iterations < 1 || warmup < 0 || threads < 1)
        {
            System.err.println("bench ntt: --iterations and --threads must be at least 1, --warmup at least 0");
            return 2;
        }
        if (logSize < 1 || logSize > EvaluationDomain.MAX_LOG_SIZE)
        {
            System.err.println("bench ntt: --log-size must be in [1, " + EvaluationDomain.MAX_LOG_SIZE + "], got "
                + logSize);
            return 2;
        }
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(logSize);
        final NttDirection direction = inverse ? NttDirection.INVERSE : NttDirection.FORWARD;
        final long bytes = domain.size() * Ntt.ELEMENT_BYTES;
        final double butterflies = domain.size() / 2.0 * logSize;
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment input;
            final MemorySegment work;
            try
            {
                input = arena.allocate(bytes, 64);
                work = arena.allocate(bytes, 64);
            }
            catch (final OutOfMemoryError e)
            {
                System.err.println("bench ntt: cannot allocate two vectors of " + bytes + " bytes for 2^" + logSize);
                return 2;
            }
            fillRandom(input, new SplittableRandom(logSize));
            final int[] counts = threads == 1 ? new int[] {1} : new int[] {1, threads};
            double oneThreadNs = 0;
            long[] oneThreadResult = null;
            for (final int count : counts)
            {
                try (Ntt ntt = new Ntt(count))
                {
                    final long[][] runs = new long[iterations][];
                    for (int run = -warmup; run < iterations; run++)
                    {
                        work.copyFrom(input);
                        final long cpuStart = processCpuNs();
                        final long start = System.nanoTime();
                        ntt.transform(work, domain, direction, coset, order);
                        final long elapsed = System.nanoTime() - start;
                        if (run >= 0)
                        {
                            runs[run] = new long[] {elapsed, processCpuNs() - cpuStart};
                        }
                    }
                    Arrays.sort(runs, (x, y) -> Long.compare(x[0], y[0]));
                    final double median = runs[iterations / 2][0];
                    final long cpu = runs[iterations / 2][1];
                    if (count == 1)
                    {
                        oneThreadNs = median;
                        oneThreadResult = work.toArray(ValueLayout.JAVA_LONG);
                    }
                    else if (!Arrays.equals(oneThreadResult, work.toArray(ValueLayout.JAVA_LONG)))
                    {
                        System.err.println("bench ntt: the " + count + "-thread result differs from one thread's");
                        return 1;
                    }
                    System.out.printf("ntt %s%s %s 2^%d threads=%d median_ms=%.2f min_ms=%.2f"
                            + " ns_per_butterfly=%.2f speedup=%.2f cpu_ms=%s%n", coset ? "coset-" : "",
                        inverse ? "inverse" : "forward", order, logSize, count, median / 1e6, runs[0][0] / 1e6,
                        median / butterflies, oneThreadNs / median,
                        cpu < 0 ? "n/a" : String.format("%.2f", cpu / 1e6));
                }
            }
            if (!undoes(work, input, domain, direction, order))
            {
                System.err.println("bench ntt: the opposite transform did not restore the input");
                return 1;
            }
            System.out.println("check: multi-threaded result equals one thread's; the opposite transform restores"
                + " the input");
            return 0;
        }
    }

    /** Applies the opposite transform (opposite orders too) and compares with the input. */
    private boolean undoes(final MemorySegment work, final MemorySegment input, final EvaluationDomain domain,
        final NttDirection direction, final NttOrder order)
    {
        final NttDirection back = direction == NttDirection.FORWARD ? NttDirection.INVERSE : NttDirection.FORWARD;
        final NttOrder reverse = switch (order)
        {
            case NR -> NttOrder.RN;
            case RN -> NttOrder.NR;
            default -> order;
        };
        try (Ntt ntt = new Ntt(threads))
        {
            ntt.transform(work, domain, back, coset, reverse);
        }
        return work.mismatch(input) == -1;
    }

    /** @return the process CPU time in ns, or a negative number where the platform does not report it. */
    private static long processCpuNs()
    {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
            ? os.getProcessCpuTime() : -1;
    }

    private static void fillRandom(final MemorySegment data, final SplittableRandom rng)
    {
        final long[] element = new long[Fr.LIMBS];
        for (long at = 0; at < data.byteSize(); at += Ntt.ELEMENT_BYTES)
        {
            Fr.FIELD.random(rng, element, 0);
            MemorySegment.copy(element, 0, data, ValueLayout.JAVA_LONG, at, Fr.LIMBS);
        }
    }
}
