package io.jprove.engine.cli;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.RegisteredSealProof.Feature;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.sdr.ParentCache;
import io.jprove.engine.porep.sdr.SdrLabeler;
import io.jprove.engine.porep.sdr.StackedGraph;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench seal}: the SDR side of sealing a sector. It builds the parent cache (in memory on all cores,
 * or as rust-fil-proofs' file under {@code --parent-cache DIR}) and checks its SHA-256 against parent_cache.json
 * where that publishes one; then it labels every layer of a sector on one thread and reports labels per second per
 * core against a floor: this JVM's single-core SHA-256 compression rate (measured in the same run, through
 * {@link MessageDigest}, which the JDK compiles to SHA-NI instructions where the CPU has them) over the 20
 * compressions one label costs. Both rates are per second of the thread's CPU time, so that they stay comparable on
 * a busy machine; wall times are printed beside them. Sampled labels of every layer are recomputed by {@link
 * SdrLabel} (jprove's own SHA-256, not the JDK's) and must agree.
 */
@Command(name = "seal", mixinStandardHelpOptions = true,
    description = "Time the parent cache and SDR labelling of a sector, against SHA-256's single-core rate.")
final class BenchSealCommand implements Callable<Integer>
{
    /** SHA-256 compressions per label: a 1,248-byte input plus padding is 20 blocks. */
    private static final int COMPRESSIONS_PER_LABEL = 20;
    private static final int SAMPLES = 256;

    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    private String sectorSize;

    @Option(names = "--api", description = "API version of the graph: 1.0 or 1.1 (default 1.1).")
    private String api = "1.1";

    @Option(names = "--layers", description = "Layers to label (default: the sector size's, 2 or 11).")
    private int layers;

    @Option(names = "--parent-cache", description = "Write the parent cache file into this folder (default: "
        + "build it in memory); an existing file of the right name is replaced.")
    private Path parentCacheDir;

    @Option(names = "--floor-seconds", description = "CPU seconds to measure SHA-256's rate (default 2).")
    private double floorSeconds = 2;

    @Option(names = "--iterations", description = "Timed labellings of the sector; the median is reported "
        + "(default 3).")
    private int iterations = 3;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench seal", verbose, this::bench);
    }

    private Integer bench() throws IOException
    {
        final ApiVersion version = switch (api)
        {
            case "1.0" -> ApiVersion.V1_0_0;
            case "1.1" -> ApiVersion.V1_1_0;
            default -> throw new IllegalArgumentException("--api must be 1.0 or 1.1, got " + api);
        };
        final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(sectorSize),
            version, Feature.NONE);
        final int layerCount = layers == 0 ? proof.layers() : layers;
        if (layerCount < 1 || iterations < 1)
        {
            throw new IllegalArgumentException("--layers and --iterations must be at least 1, got " + layers + " and "
                + iterations);
        }
        System.out.printf("cpu: %s, sha_ni=%s, cores=%d; JVM %s, UseSHA=%s%n", cpuModel(), cpuFlag("sha_ni"),
            Runtime.getRuntime().availableProcessors(), Runtime.version(), vmOption("UseSHA"));
        final double compressionsPerSecond = sha256CompressionsPerSecond(floorSeconds);
        final double floorLabels = compressionsPerSecond / COMPRESSIONS_PER_LABEL;
        System.out.printf("floor: SHA-256 one core %.3f M compressions/s (%.0f MB/s) = %.0f labels/s (%d "
            + "compressions a label)%n", compressionsPerSecond / 1e6, compressionsPerSecond * 64 / 1e6, floorLabels,
            COMPRESSIONS_PER_LABEL);

        final StackedGraph graph = StackedGraph.of(proof);
        final long cacheCpuStart = processCpuNs();
        final long cacheStart = System.nanoTime();
        try (ParentCache cache = parentCacheDir == null ? ParentCache.build(graph)
            : ParentCache.write(graph, parentCacheDir))
        {
            final double cacheSeconds = (System.nanoTime() - cacheStart) / 1e9;
            final double cacheCpuSeconds = (processCpuNs() - cacheCpuStart) / 1e9;
            final long digestStart = System.nanoTime();
            final String digest = cache.digestHex();
            final double digestSeconds = (System.nanoTime() - digestStart) / 1e9;
            final Optional<String> published = ParentCache.publishedDigest(graph);
            System.out.printf("parent cache: %s, %d nodes, %.1f MiB, built in %.2f s on %d threads (process cpu %.2f "
                + "s, %.0f ns a node) in %s, digest %.2f s: %s, %s%n", ParentCache.fileName(graph), graph.nodes(),
                ParentCache.byteSize(graph) / 1048576.0, cacheSeconds, Runtime.getRuntime().availableProcessors(),
                cacheCpuSeconds, cacheCpuSeconds * 1e9 / graph.nodes(),
                parentCacheDir == null ? "memory" : "a file in " + parentCacheDir, digestSeconds, digest,
                published.map(p -> p.equals(digest) ? "equals parent_cache.json" : "DIFFERS from parent_cache.json "
                    + p).orElse("not in parent_cache.json"));
            if (published.isPresent() && !published.get().equals(digest))
            {
                return CliSupport.INVALID;
            }
            return label(proof, graph, cache, layerCount, floorLabels);
        }
    }

    private int label(final RegisteredSealProof proof, final StackedGraph graph, final ParentCache cache,
        final int layerCount, final double floorLabels) throws IOException
    {
        warmUp();
        final byte[] replicaId = new byte[32];
        new SplittableRandom(proof.id()).nextBytes(replicaId);
        replicaId[31] &= 0x3f;
        final long labels = graph.nodes() * layerCount;
        final double[][] runs = new double[iterations][];
        int sampled = 0;
        for (int run = 0; run < iterations; run++)
        {
            final LabelCheck check = new LabelCheck(graph, replicaId, SAMPLES);
            sampled = check.samples();
            final long[] sinkNanos = {0, 0};
            final long cpuStart = threadCpuNs();
            final long start = System.nanoTime();
            SdrLabeler.labelLayers(replicaId, cache, layerCount, (layer, layerLabels) ->
            {
                final long sinkStart = System.nanoTime();
                final long sinkCpuStart = threadCpuNs();
                check.layer(layer, layerLabels);
                sinkNanos[0] += System.nanoTime() - sinkStart;
                sinkNanos[1] += threadCpuNs() - sinkCpuStart;
            });
            runs[run] = new double[] {(threadCpuNs() - cpuStart - sinkNanos[1]) / 1e9,
                (System.nanoTime() - start - sinkNanos[0]) / 1e9};
        }
        Arrays.sort(runs, (x, y) -> Double.compare(x[0], y[0]));
        final double cpu = runs[iterations / 2][0];
        final double wall = runs[iterations / 2][1];
        final double perSecond = labels / cpu;
        System.out.printf("labels: %s, %d layers x %d nodes on 1 thread, median of %d: %.2f s thread cpu (%.2f s "
            + "wall): %.0f labels/s/core, %.3f of the floor (%.0f ns a label, floor %.0f ns; by wall %.0f labels/s)%n",
            proof.sizeName(), layerCount, graph.nodes(), iterations, cpu, wall, perSecond, perSecond / floorLabels,
            1e9 / perSecond, 1e9 / floorLabels, labels / wall);
        System.out.printf("check: %d sampled labels a layer equal SdrLabel's, from jprove's own SHA-256%n", sampled);
        return CliSupport.OK;
    }

    /** Labels a small graph a few times, so that the timed runs run compiled code. */
    private static void warmUp() throws IOException
    {
        final StackedGraph small = StackedGraph.of(1 << 14, new byte[32], ApiVersion.V1_1_0);
        try (ParentCache cache = ParentCache.build(small))
        {
            for (int i = 0; i < 5; i++)
            {
                SdrLabeler.labelLayers(new byte[32], cache, 3, (layer, labels) -> { });
            }
        }
    }

    /**
     * @return SHA-256 compressions per second of this thread's CPU time (not wall time, which other processes on a
     *     busy machine inflate) through MessageDigest, over 1 MiB updates
     */
    static double sha256CompressionsPerSecond(final double seconds)
    {
        final MessageDigest sha;
        try
        {
            sha = MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        final byte[] data = new byte[1 << 20];
        new SplittableRandom(1).nextBytes(data);
        for (int i = 0; i < 64; i++)
        {
            sha.update(data);
        }
        final long budget = (long)(seconds * 1e9);
        long blocks = 0;
        final long start = threadCpuNs();
        long elapsed;
        do
        {
            sha.update(data);
            blocks += data.length / 64;
            elapsed = threadCpuNs() - start;
        }
        while (elapsed < budget);
        sha.digest();
        return blocks / (elapsed / 1e9);
    }

    private static String cpuModel()
    {
        return cpuInfo("model name").orElse("unknown CPU");
    }

    private static String cpuFlag(final String flag)
    {
        return cpuInfo("flags").map(f -> Arrays.asList(f.split(" ")).contains(flag) ? "yes" : "no")
            .orElse("unknown");
    }

    private static Optional<String> cpuInfo(final String key)
    {
        try
        {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith(key) && l.contains(":"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
        }
        catch (final IOException | RuntimeException e)
        {
            return Optional.empty();
        }
    }

    private static String vmOption(final String name)
    {
        try
        {
            return ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                .getVMOption(name).getValue();
        }
        catch (final RuntimeException e)
        {
            return "unknown";
        }
    }

    /** @return the CPU time of all the process's threads, or a negative number where the platform does not say */
    private static long processCpuNs()
    {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
            ? os.getProcessCpuTime() : -1;
    }

    private static long threadCpuNs()
    {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /**
     * Recomputes sampled labels of each layer with {@link SdrLabel}: the base parents' labels are read from the layer
     * itself, the expander parents' from the previous layer, saved when that layer was handed over.
     */
    private static final class LabelCheck
    {
        private final StackedGraph graph;
        private final byte[] replicaId;
        private final long[] nodes;
        private final int[][] parents;
        private byte[][][] saved;

        LabelCheck(final StackedGraph graph, final byte[] replicaId, final int samples)
        {
            this.graph = graph;
            this.replicaId = replicaId;
            final SplittableRandom rng = new SplittableRandom(graph.nodes());
            this.nodes = new long[Math.min(samples, (int)Math.min(graph.nodes(), Integer.MAX_VALUE))];
            this.parents = new int[nodes.length][StackedGraph.DEGREE];
            for (int s = 0; s < nodes.length; s++)
            {
                nodes[s] = s < 2 ? s * (graph.nodes() - 1) : rng.nextLong(graph.nodes());
                graph.parents(nodes[s], parents[s]);
            }
        }

        int samples()
        {
            return nodes.length;
        }

        void layer(final int layer, final MemorySegment labels)
        {
            final byte[][][] next = new byte[nodes.length][StackedGraph.EXPANSION_DEGREE][];
            for (int s = 0; s < nodes.length; s++)
            {
                final byte[][] parentLabels = new byte[layer == 1 ? StackedGraph.BASE_DEGREE : StackedGraph.DEGREE][];
                for (int p = 0; p < parentLabels.length; p++)
                {
                    parentLabels[p] = p < StackedGraph.BASE_DEGREE ? read(labels, parents[s][p])
                        : saved[s][p - StackedGraph.BASE_DEGREE];
                }
                final byte[] expected = SdrLabel.label(replicaId, layer, nodes[s], parentLabels);
                if (!Arrays.equals(expected, read(labels, nodes[s])))
                {
                    throw new IllegalStateException("layer " + layer + " node " + nodes[s] + ": the labeller's label "
                        + "differs from SdrLabel's");
                }
                for (int e = 0; e < StackedGraph.EXPANSION_DEGREE; e++)
                {
                    next[s][e] = read(labels, parents[s][StackedGraph.BASE_DEGREE + e]);
                }
            }
            saved = next;
        }

        private static byte[] read(final MemorySegment labels, final long node)
        {
            return labels.asSlice(Integer.toUnsignedLong((int)node) * 32, 32).toArray(ValueLayout.JAVA_BYTE);
        }
    }
}
