package io.jprove.engine.cli;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.Msm;
import io.jprove.field.msm.PointProgression;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench msm}: times the CPU MSM on 2^K random bases and scalars, one line per run, each result checked
 * against the bases' closed form ({@link PointProgression}). With {@code --vs ffjavascript} it also runs
 * {@code tests/js/msm-bench.js} (ffjavascript's WebAssembly {@code multiExpAffine}, G1 only) on the same bytes and
 * as many threads ({@code --threads}; it fails if ffjavascript started another count), fails unless both results
 * agree, and ends with {@code ratio=<jprove time / ffjavascript time>} (medians).
 */
@Command(name = "msm", description = "Time the CPU multi-scalar multiplication.", mixinStandardHelpOptions = true)
final class BenchMsmCommand implements Callable<Integer>
{
    private static final Pattern X = Pattern.compile("\"x\":\"0x([0-9a-f]+)\"");
    private static final Pattern Y = Pattern.compile("\"y\":\"0x([0-9a-f]+)\"");
    private static final Pattern INFINITY = Pattern.compile("\"infinity\":(true|false)");

    @Option(names = "--curve", defaultValue = "g1", description = "g1 or g2 (default ${DEFAULT-VALUE}).")
    String curve;

    @Option(names = "--log-size", required = true, description = "log2 of the number of points.")
    int logSize;

    @Option(names = "--threads", description = "Worker threads, ffjavascript's too with --vs (default: every core).")
    Integer threads;

    @Option(names = "--repeat", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random inputs.")
    long seed;

    @Option(names = "--vs", description = "Also time another implementation on the same inputs: ffjavascript.")
    String versus;

    @Option(names = "--js-dir", description = "Directory of msm-bench.js and its node_modules (default: tests/js "
        + "under the working directory or its parent).")
    Path jsDir;

    @Override
    public Integer call() throws IOException, InterruptedException
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
        if (versus != null && !versus.equals("ffjavascript"))
        {
            throw new IllegalArgumentException("--vs knows only ffjavascript, not " + versus);
        }
        if (versus != null && !g1)
        {
            throw new IllegalArgumentException("--vs ffjavascript times G1 only (msm-bench.js runs G1.multiExpAffine)");
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
            final FrVector scalars = FrVector.allocate(arena, n);
            final SplittableRandom rng = new SplittableRandom(seed + 1);
            final long[] k = new long[Fr.LIMBS];
            for (int i = 0; i < n; i++)
            {
                Fr.FIELD.random(rng, k, 0);
                scalars.set(i, k, 0);
            }
            final long[] expected = progression.expectedMsm(scalars);
            final double[] ms = new double[repeat];
            for (int r = 0; r < repeat; r++)
            {
                final long start = System.nanoTime();
                final long[] result = g1 ? Msm.g1(G1AffineVector.wrap(points), scalars, null, t)
                    : Msm.g2(G2AffineVector.wrap(points), scalars, null, t);
                ms[r] = (System.nanoTime() - start) / 1e6;
                if (!Arrays.equals(result, expected))
                {
                    System.err.println("jprove bench msm: WRONG RESULT on run " + (r + 1) + " (closed form differs)");
                    return 1;
                }
                System.out.printf(Locale.ROOT, "msm %s log=%d n=%d threads=%d run=%d ms=%.1f ns/point/core=%.0f "
                    + "ok%n", curve, logSize, n, t, r + 1, ms[r], ms[r] * 1e6 * t / n);
            }
            if (versus == null)
            {
                return 0;
            }
            return compareWithFfjavascript(points, scalars, expected, median(ms), t, n);
        }
    }

    private int compareWithFfjavascript(final MemorySegment points, final FrVector scalars, final long[] expected,
        final double jproveMs, final int t, final int n) throws IOException, InterruptedException
    {
        final Path dir = jsDir != null ? jsDir : NodeBench.findJsDir("msm-bench.js");
        final Path script = dir.resolve("msm-bench.js");
        if (!Files.isRegularFile(script) || !Files.isDirectory(dir.resolve("node_modules/ffjavascript")))
        {
            System.err.println("jprove bench msm: " + script + " or its node_modules/ffjavascript is missing; run "
                + ".ci/install-test-deps or pass --js-dir");
            return 2;
        }
        final Path pointsFile = Files.createTempFile("jprove-msm-points", ".bin");
        final Path scalarsFile = Files.createTempFile("jprove-msm-scalars", ".bin");
        try
        {
            Files.write(pointsFile, points.toArray(ValueLayout.JAVA_BYTE));
            Files.write(scalarsFile, scalars.toCanonicalBytes(0, n));
            // ffjavascript on as many threads as jprove: NodeBench fails unless it really started that many
            final NodeBench.Result js;
            try
            {
                js = NodeBench.run(script, t, pointsFile.toString(), scalarsFile.toString(), Integer.toString(repeat));
            }
            catch (final IllegalStateException e)
            {
                System.err.println("jprove bench msm: " + e.getMessage());
                return 2;
            }
            final String out = js.output();
            final String error = disagreement(out, expected);
            if (error != null)
            {
                System.err.println("jprove bench msm: FFJAVASCRIPT DISAGREES WITH JPROVE: " + error);
                return 1;
            }
            final double jsMs = median(js.ms());
            System.out.printf(Locale.ROOT, "msm g1 log=%d n=%d threads=%d jprove_ms=%.1f ffjavascript_ms=%.1f "
                + "results_equal ratio=%.3f%n", logSize, n, t, jproveMs, jsMs, jproveMs / jsMs);
            return 0;
        }
        finally
        {
            Files.deleteIfExists(pointsFile);
            Files.deleteIfExists(scalarsFile);
        }
    }

    /** @return null when ffjavascript's printed result equals {@code expected}, else what differs. */
    private static String disagreement(final String out, final long[] expected)
    {
        final boolean expectInfinity = G1.isInfinity(expected, 0);
        final Matcher inf = INFINITY.matcher(out);
        if (!inf.find())
        {
            return "no result in " + out;
        }
        if (Boolean.parseBoolean(inf.group(1)) != expectInfinity)
        {
            return "infinity " + inf.group(1) + " against jprove's " + expectInfinity;
        }
        if (expectInfinity)
        {
            return null;
        }
        final Matcher x = X.matcher(out);
        final Matcher y = Y.matcher(out);
        if (!x.find() || !y.find())
        {
            return "no coordinates in " + out;
        }
        final BigInteger jx = Fq.toBigInteger(expected, 0);
        final BigInteger jy = Fq.toBigInteger(expected, Fq.LIMBS);
        if (!new BigInteger(x.group(1), 16).equals(jx) || !new BigInteger(y.group(1), 16).equals(jy))
        {
            return "ffjavascript (0x" + x.group(1) + ", 0x" + y.group(1) + ") against jprove (0x" + jx.toString(16)
                + ", 0x" + jy.toString(16) + ")";
        }
        return null;
    }

    static double median(final double[] values)
    {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
