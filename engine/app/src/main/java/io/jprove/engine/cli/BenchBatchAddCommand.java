package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.BatchAdd;
import io.jprove.field.msm.PointProgression;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench batch-add}: times the sum of the points a random bitmap selects out of 2^K, one line per run,
 * each result checked against the bases' closed form ({@link PointProgression}).
 */
@Command(name = "batch-add", description = "Time the CPU sum of bitmap-selected points.",
    mixinStandardHelpOptions = true)
final class BenchBatchAddCommand implements Callable<Integer>
{
    @Option(names = "--curve", defaultValue = "g1", description = "g1 or g2 (default ${DEFAULT-VALUE}).")
    String curve;

    @Option(names = "--log-size", required = true, description = "log2 of the number of points.")
    int logSize;

    @Option(names = "--threads", description = "Worker threads (default: every core).")
    Integer threads;

    @Option(names = "--repeat", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--select", defaultValue = "0.5", description = "Fraction of points selected (default "
        + "${DEFAULT-VALUE}).")
    double select;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random inputs.")
    long seed;

    @Override
    public Integer call()
    {
        final boolean g1 = switch (curve.toLowerCase(Locale.ROOT))
        {
            case "g1" -> true;
            case "g2" -> false;
            default -> throw new IllegalArgumentException("--curve must be g1 or g2, not " + curve);
        };
        if (logSize < 0 || logSize > 28)
        {
            throw new IllegalArgumentException("--log-size must be in [0, 28], not " + logSize);
        }
        if (select < 0 || select > 1)
        {
            throw new IllegalArgumentException("--select must be in [0, 1], not " + select);
        }
        final int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        final int n = 1 << logSize;
        try (Arena arena = Arena.ofShared())
        {
            final PointProgression progression = PointProgression.random(
                g1 ? PointProgression.Curve.G1 : PointProgression.Curve.G2, seed);
            final MemorySegment points = g1 ? G1AffineVector.allocate(arena, n).segment()
                : G2AffineVector.allocate(arena, n).segment();
            progression.fill(points, t);
            final SplittableRandom rng = new SplittableRandom(seed + 1);
            final BitSet bits = new BitSet(n);
            for (int i = 0; i < n; i++)
            {
                bits.set(i, rng.nextDouble() < select);
            }
            final long[] expected = progression.expectedSum(bits, n);
            for (int r = 0; r < repeat; r++)
            {
                final long start = System.nanoTime();
                final long[] result = g1 ? BatchAdd.g1(G1AffineVector.wrap(points), bits, t)
                    : BatchAdd.g2(G2AffineVector.wrap(points), bits, t);
                final double ms = (System.nanoTime() - start) / 1e6;
                if (!Arrays.equals(result, expected))
                {
                    System.err.println("jprove bench batch-add: WRONG RESULT on run " + (r + 1));
                    return 1;
                }
                System.out.printf(Locale.ROOT, "batch-add %s log=%d n=%d selected=%d threads=%d run=%d ms=%.1f "
                    + "ns/point/core=%.0f ok%n", curve, logSize, n, bits.cardinality(), t, r + 1, ms,
                    ms * 1e6 * t / Math.max(1, bits.cardinality()));
            }
            return 0;
        }
    }
}
