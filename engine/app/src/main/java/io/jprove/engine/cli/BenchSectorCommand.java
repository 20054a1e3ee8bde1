package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.pipeline.PorepSynthesis;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.RegisteredSealProof.Feature;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;
import io.jprove.timeline.analysis.PartitionSummary;
import io.jprove.timeline.analysis.Text;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench sector}: whole sectors' C2, as a provider's C2 machine does them, with the key resident. Sparse
 * sectors of the size are made first (untimed); the key is read and prepared on every device, and one sector is
 * proved as a warm-up (unmeasured). Then the measured sectors are handed over back to back, each from its C1 output
 * (vanilla proofs verified, partitions' witnesses synthesized, proved) to its proof, every partition's proof checked
 * against the C1's public inputs. Prints each sector's completion, the first sector's wall (one sector alone: later
 * ones wait behind it), sectors per minute, the devices' busy share over the measured wall, the peak host memory,
 * and per partition its window against its kernels (from the timeline).
 */
@Command(name = "sector", mixinStandardHelpOptions = true,
    description = "Whole sectors' C2 back to back with the key resident: wall per sector, sectors per minute, device "
        + "busy share, peak host memory.")
final class BenchSectorCommand implements Callable<Integer>
{
    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    private String sectorSize;

    @Option(names = "--sectors", description = "Measured sectors, handed over back to back (default 1).")
    private int sectors = 1;

    @Option(names = "--warmup", description = "Unmeasured sectors first, so the JIT has compiled the hot code "
        + "(default 1; 0 for none).")
    private int warmup = 1;

    @Mixin
    private ParameterCacheOption parameters;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--memory-budget", paramLabel = "MiB", description = "Host memory for partitions in flight "
        + "(default: half the machine's memory).")
    private long budgetMib;

    @Mixin
    private DeviceOption deviceOption;

    @Mixin
    private TimelineOption timelineOption;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench sector", verbose, this::bench);
    }

    private Integer bench() throws Exception
    {
        if (sectors < 1 || warmup < 0 || threads < 1)
        {
            throw new IllegalArgumentException("--sectors and --threads must be at least 1, --warmup 0 or more");
        }
        final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(sectorSize),
            ApiVersion.V1_1_0, Feature.NONE);
        final Path dir = parameters.directory();
        final PorepParameterCache.Located files = PorepParameterCache.locate(dir, proof);
        final DeviceSelection selection = deviceOption.select();
        final long t0 = System.nanoTime();
        final List<C1Output> c1s = new ArrayList<>();
        for (int s = 0; s < warmup + sectors; s++)
        {
            c1s.add(SparseC1.of(proof, s));
        }
        final long made = System.nanoTime();
        System.out.printf(Locale.ROOT, "bench sector: %s, %d partition%s a sector, on %s (%d threads); %d sparse "
            + "sector%s made in %.1f s%n", proof, proof.partitions(), proof.partitions() == 1 ? "" : "s",
            String.join(", ", selection.devices()), threads, c1s.size(), c1s.size() == 1 ? "" : "s",
            (made - t0) / 1e9);
        // the benchmark's own files or trusted ones: points are not subgroup-checked (minutes at 32 GiB); every proof
        // is still verified against the key's verifying key, and its public inputs against the C1 output's
        try (ProvingKey pk = BellpersonParams.read(files.params(), false, threads);
             ConstraintMatrices matrices = NamedCircuit.of("porep-" + proof.sizeName()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), BellpersonParams.readVerifyingKey(files.vk()), files);
            final long loaded = System.nanoTime();
            System.out.printf(Locale.ROOT, "  parameters  %s and matrices (%d constraints) read in %.1f s (%s)%n",
                files.params().getFileName(), matrices.numConstraints(), (loaded - made) / 1e9, files.jproveMade()
                ? "jprove's own" : "Filecoin's");
            final long budget = budgetMib > 0 ? budgetMib << 20 : BufferPool.defaultBudgetBytes();
            final List<ProverBackend> backends = new ArrayList<>(selection.open(threads));
            try (Timeline timeline = timelineOption.open(); BufferPool pool = selection.bufferPool(budget);
                 Pipeline pipeline = new Pipeline(PipelineConfig.forCores(threads), backends, pool, timeline))
            {
                final long p0 = System.nanoTime();
                pipeline.prepare(pk, files.params().getFileName().toString(), 0).join();
                System.out.printf(Locale.ROOT, "  key         prepared on every device in %.1f s%s%n",
                    (System.nanoTime() - p0) / 1e9, pipeline.preparations().isEmpty() ? "" : ": " + String.join("; ",
                    pipeline.preparations()));
                for (int s = 0; s < warmup; s++)
                {
                    final long w0 = System.nanoTime();
                    prove(pipeline, pk, new PorepSynthesis(matrices, C1Partitions.verified(c1s.get(s))), "warm-up "
                        + s).result().get();
                    System.out.printf(Locale.ROOT, "  warm-up     sector %d in %.2f s%n", s, (System.nanoTime() - w0)
                        / 1e9);
                }
                try (DeviceMemoryPeak deviceMemory = DeviceMemoryPeak.start(backends))
                {
                    measure(pipeline, pk, matrices, c1s.subList(warmup, c1s.size()), timeline, deviceMemory);
                }
            }
            finally
            {
                backends.forEach(ProverBackend::close);
            }
        }
        return CliSupport.OK;
    }

    /** Hands the sectors over back to back and prints what they took. */
    private void measure(final Pipeline pipeline, final ProvingKey pk, final ConstraintMatrices matrices,
        final List<C1Output> measured, final Timeline timeline, final DeviceMemoryPeak deviceMemory) throws Exception
    {
        final long sinceNs = TimelineClock.nowNs();
        final long t0 = System.nanoTime();
        final long[] doneAt = new long[measured.size()];
        final List<CompletableFuture<?>> stamped = new ArrayList<>();
        final List<Job> jobs = new ArrayList<>();
        final List<List<PartitionWitness>> witnesses = new ArrayList<>();
        for (int s = 0; s < measured.size(); s++)
        {
            // the C1 output's vanilla proofs are verified as c2 verifies them, inside the wall; the next sector's
            // while the devices prove this one
            final PorepSynthesis synthesis = new PorepSynthesis(matrices, C1Partitions.verified(measured.get(s)));
            final Job job = prove(pipeline, pk, synthesis, "sector " + s);
            final int k = s;
            stamped.add(job.result().whenComplete((r, e) -> doneAt[k] = System.nanoTime()));
            jobs.add(job);
            witnesses.add(synthesis.partitions());
        }
        for (int s = 0; s < jobs.size(); s++)
        {
            final JobResult result = jobs.get(s).result().get();
            stamped.get(s).handle((r, e) -> null).join();
            final List<PartitionWitness> partitions = witnesses.get(s);
            for (int k = 0; k < partitions.size(); k++)
            {
                if (!Arrays.equals(partitions.get(k).publicInputs(), result.publicInputs().get(k)))
                {
                    throw new IllegalStateException("sector " + s + " partition " + k + ": the proof's public inputs"
                        + " are not the C1 output's");
                }
            }
            System.out.printf(Locale.ROOT, "  sector %-4d done at %.2f s (%d proofs, each self-verified)%n", s,
                (doneAt[s] - t0) / 1e9, result.proofs().size());
        }
        final long wallNs = doneAt[doneAt.length - 1] - t0;
        System.out.printf(Locale.ROOT, "  one sector  %.2f s wall, C1 output to proof (the first, nothing ahead of "
            + "it)%n", (doneAt[0] - t0) / 1e9);
        System.out.printf(Locale.ROOT, "  throughput  %d sector%s in %.2f s: %.2f sectors per minute%n",
            measured.size(), measured.size() == 1 ? "" : "s", wallNs / 1e9, 60e9 * measured.size() / wallNs);
        final long peak = CliSupport.peakResidentBytes();
        System.out.printf(Locale.ROOT, "  host memory %s peak resident (key and matrices included)%n", peak < 0
            ? "unknown" : String.format(Locale.ROOT, "%.1f GiB", peak / (double)(1L << 30)));
        deviceMemory.print(System.out);
        final EngineRun.Report report = EngineRun.report(timeline, timeline.isEnabled() ? timelineOption.directory()
            : null, sinceNs);
        if (report == null)
        {
            System.out.println("  device busy share not measured: the timeline is off (--no-timeline)");
            return;
        }
        // each device's kernels over the measured wall, and the device and synthesis workers' busy shares: where the
        // rest of the wall went
        EngineRun.printUtilization(report.report(), System.out);
        System.out.println("  partition   window / kernels / gap (what the device waited on inside its window)");
        for (final PartitionSummary p : report.report().partitions())
        {
            System.out.printf(Locale.ROOT, "    job %d p%-3d %s / %s / %s%s%n", p.job(), p.partition(),
                Text.ms(p.windowNs()), Text.ms(p.kernelNs()), Text.ms(p.gapNs()), p.gapBreakdown().isEmpty() ? ""
                : "  (most: " + p.gapBreakdown().get(0).label() + " " + Text.ms(p.gapBreakdown().get(0).ns()) + ")");
        }
        System.out.println("  report      " + report.directory().resolve("report.html"));
    }

    /** Submits one sector's partitions. */
    private static Job prove(final Pipeline pipeline, final ProvingKey pk, final PorepSynthesis synthesis,
        final String name)
    {
        return pipeline.submit(new JobSpec(name, 0, pk, synthesis, synthesis.partitions().size(), false));
    }
}
