package io.jprove.engine.cli;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.RegisteredSealProof.Feature;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.porep.synthesis.PartitionSynthesizer;
import io.jprove.engine.porep.synthesis.WitnessTask;
import io.jprove.engine.porep.synthesis.WitnessTimes;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessComparison;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench synth}: the synthesis of one PoRep partition from a C1 output (given, or made from a sparse
 * sector of the size), as {@code c2} runs it: the witness written natively by parallel tasks ({@link
 * PartitionSynthesizer}), then a, b and c by the shape's recorded matrices. Reports the median wall time of each, the
 * process's CPU time over it (core-seconds) and the threads, where the witness's time goes by task kind and by
 * challenge, and, as the reference, the gadget synthesis of the same partition (one thread, every value compared with
 * the native witness's, so a wrong witness fails the run). a, b and c are then checked: a∘b = c on every row.
 */
@Command(name = "synth", mixinStandardHelpOptions = true,
    description = "Time one PoRep partition's witness and a, b, c from a C1 output, against the gadget synthesis.")
final class BenchSynthCommand implements Callable<Integer>
{
    /** The 32 GiB partition's kernel time on the H200 host (measured): what synthesis must keep up with. */
    private static final double H200_KERNEL_SECONDS_32GIB = 1.84;

    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    private String sectorSize;

    @Option(names = "--c1", description = "A C1 output (bare or wrapped) of that size; default: a sparse sector's, "
        + "made now.")
    private Path c1File;

    @Option(names = "--partition", description = "The partition to synthesize (default 0).")
    private int partition;

    @Option(names = "--threads", description = "Threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--iterations", description = "Timed syntheses; medians are reported (default 3).")
    private int iterations = 3;

    @Option(names = "--witness-only", description = "Time the witness only: no matrices, no a, b, c (a 32GiB "
        + "partition's a, b, c take 12 GB, its matrices 9 GB).")
    private boolean witnessOnly;

    @Option(names = "--no-reference", description = "Skip the gadget synthesis (the reference and the witness's "
        + "check).")
    private boolean noReference;

    @Option(names = "--cache", description = "Folder of the cached matrices (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    @Option(names = "--verbose", description = "Stack traces on errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench synth", verbose, this::bench);
    }

    private Integer bench() throws Exception
    {
        if (iterations < 1)
        {
            throw new IllegalArgumentException("--iterations must be at least 1, got " + iterations);
        }
        final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(sectorSize),
            ApiVersion.V1_1_0, Feature.NONE);
        final SectorShape shape = proof.shape();
        long t0 = System.nanoTime();
        final C1Output c1 = c1File != null ? C1File.read(c1File).output() : SparseC1.of(proof, 0);
        if (c1.registeredProof().sectorBytes() != proof.sectorBytes())
        {
            throw new IllegalArgumentException(c1File + " is a " + c1.registeredProof().sizeName() + " C1 output, not "
                + proof.sizeName());
        }
        final List<PartitionWitness> partitions = C1Partitions.verified(c1);
        if (partition < 0 || partition >= partitions.size())
        {
            throw new IllegalArgumentException("--partition must be in [0, " + partitions.size() + ")");
        }
        final PartitionWitness witness = partitions.get(partition);
        System.out.printf(Locale.ROOT, "c1        %s, verified, in %.1f s%n", c1File != null ? c1File
            : "sparse " + proof.sizeName() + " sector, made now", (System.nanoTime() - t0) / 1e9);
        t0 = System.nanoTime();
        final PartitionSynthesizer synthesizer = PartitionSynthesizer.of(shape);
        System.out.printf(Locale.ROOT, "layout    %d inputs, %,d aux, measured in %.2f s%n", synthesizer.numInputs(),
            synthesizer.numAux(), (System.nanoTime() - t0) / 1e9);
        if (witnessOnly)
        {
            final ConstraintCounts counts = new ConstraintCounts(synthesizer.numInputs(),
                Math.toIntExact(synthesizer.numAux()), 0);
            try (Witness w = Witness.allocate(counts))
            {
                final WitnessTimes times = timeWitness(synthesizer, witness, w);
                report(shape, times, null);
                return reference(witness, w);
            }
        }
        t0 = System.nanoTime();
        final boolean recorded = !Files.exists(cache.resolve("porep-" + proof.sizeName() + ".matrices"));
        try (ConstraintMatrices matrices = NamedCircuit.of("porep-" + proof.sizeName()).matrices(cache);
            Arena arena = Arena.ofShared())
        {
            System.out.printf(Locale.ROOT, "matrices  %,d rows, nnz A %,d B %,d C %,d, %s %s in %.1f s%n",
                matrices.numConstraints(), matrices.a().nnz(), matrices.b().nnz(), matrices.c().nnz(),
                recorded ? "recorded and cached in" : "read from", cache, (System.nanoTime() - t0) / 1e9);
            final ConstraintCounts counts = synthesizer.counts(matrices);
            final long element = 32;
            final SynthesisBuffers buffers = new SynthesisBuffers(arena.allocate(counts.numInputs() * element, 64),
                arena.allocate(counts.numAux() * element, 64), arena.allocate(counts.rows() * element, 64),
                arena.allocate(counts.rows() * element, 64), arena.allocate(counts.rows() * element, 64));
            final Witness w = Witness.over(buffers, counts);
            final WitnessTimes times = timeWitness(synthesizer, witness, w);
            final long[] wall = new long[iterations];
            final long[] cpu = new long[iterations];
            ProverInputs inputs = null;
            for (int i = 0; i < iterations; i++)
            {
                final long c0 = processCpuNs();
                final long s = System.nanoTime();
                inputs = matrices.evaluate(Witness.over(buffers, counts), PorepCircuit.withWitness(witness), threads,
                    buffers);
                wall[i] = System.nanoTime() - s;
                cpu[i] = processCpuNs() - c0;
            }
            report(shape, times, new long[] {median(wall), median(cpu)});
            t0 = System.nanoTime();
            inputs.checkSatisfied();
            System.out.printf(Locale.ROOT, "check     a∘b = c on all %,d rows: %.2f s (not part of synthesis)%n",
                inputs.rows(), (System.nanoTime() - t0) / 1e9);
            return reference(witness, w);
        }
    }

    private WitnessTimes timeWitness(final PartitionSynthesizer synthesizer, final PartitionWitness witness,
        final Witness w)
    {
        final long[] wall = new long[iterations];
        final long[] cpu = new long[iterations];
        WitnessTimes last = null;
        for (int i = 0; i < iterations; i++)
        {
            last = new WitnessTimes();
            final long c0 = processCpuNs();
            final long s = System.nanoTime();
            synthesizer.writeWitness(witness, w, threads, last);
            wall[i] = System.nanoTime() - s;
            cpu[i] = processCpuNs() - c0;
        }
        System.out.printf(Locale.ROOT, "witness   %.3f s wall (median of %d; min %.3f), %.2f core-s (process CPU), "
            + "%d threads%n", median(wall) / 1e9, iterations, Arrays.stream(wall).min().orElse(0) / 1e9,
            median(cpu) / 1e9, threads);
        return last;
    }

    private void report(final SectorShape shape, final WitnessTimes times, final long[] abc)
    {
        final double tasks = times.coreNs() / 1e9;
        System.out.printf(Locale.ROOT, "  tasks   %.2f thread-s in all (last run; the tasks' wall times, their core-s "
            + "on an idle host); by kind:%n", tasks);
        for (final WitnessTask kind : WitnessTask.values())
        {
            final long n = times.count(kind);
            System.out.printf(Locale.ROOT, "    %-14s %5.1f %%  %4d tasks, %8.2f ms each  %s%n",
                kind.name().toLowerCase(Locale.ROOT), 100.0 * times.coreNs(kind) / times.coreNs(), n,
                n == 0 ? 0 : times.coreNs(kind) / 1e6 / n, kind.description());
        }
        final long[] byChallenge = times.coreNsByChallenge();
        final StringBuilder line = new StringBuilder("  by challenge (thread-ms):");
        for (final long ns : byChallenge)
        {
            line.append(String.format(Locale.ROOT, " %.0f", ns / 1e6));
        }
        System.out.println(line);
        if (abc != null)
        {
            System.out.printf(Locale.ROOT, "a, b, c   %.3f s wall (median of %d), %.2f core-s (process CPU), %d "
                + "threads%n", abc[0] / 1e9, iterations, abc[1] / 1e9, threads);
        }
        if (shape.name().equals("32GiB"))
        {
            System.out.printf(Locale.ROOT, "goal      on the 16-core GPU host: ≤ 1.8 s of synthesis and ≤ 15 core-s "
                + "per partition, against the partition's %.2f s of kernels on the H200%n",
                H200_KERNEL_SECONDS_32GIB);
        }
    }

    /** Times the gadget synthesis of the partition, comparing every value with the native witness. */
    private int reference(final PartitionWitness witness, final Witness w)
    {
        if (noReference)
        {
            return CliSupport.OK;
        }
        final long c0 = processCpuNs();
        final long s = System.nanoTime();
        final WitnessComparison.Difference d = WitnessComparison.compare(PorepCircuit.withWitness(witness), w);
        final long wall = System.nanoTime() - s;
        System.out.printf(Locale.ROOT, "reference gadget synthesis of the same partition (one thread, each value "
            + "compared): %.2f s wall, %.2f core-s%n", wall / 1e9, (processCpuNs() - c0) / 1e9);
        if (d != null)
        {
            System.out.println("MISMATCH  the native witness differs from the circuit's: " + d);
            return CliSupport.ERROR;
        }
        System.out.println("          the native witness equals the circuit's, value for value");
        return CliSupport.OK;
    }

    private static long median(final long[] values)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long processCpuNs()
    {
        return ((com.sun.management.OperatingSystemMXBean)ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
    }
}
