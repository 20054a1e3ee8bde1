package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove demo}: proves a few partitions of the PoRep circuit (porep-tiny by default: the smallest PoRep shape,
 * 1.25 M constraints) as one job through the pipeline on the chosen devices, verifies every partition's proof against
 * the cached verifying key, and prints the throughput, each device's and worker's utilization from the run's
 * timeline, and where the report is. Parameters and the recorded constraint matrices are made on first use and cached
 * under {@code ./.jprove/params/}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Prove a few PoRep partitions through the pipeline, verify them, and report throughput and "
        + "utilization.")
final class DemoCommand implements Callable<Integer>
{
    @Option(names = "--circuit", description = "porep-PRESET (default porep-tiny: 1.25 M constraints, parameters made "
        + "in about a minute on 2 cores; porep-2KiB: 2.7 M) or poseidon-chain-N (N Poseidon hashes, 311 constraints "
        + "each).")
    private String circuitName = "porep-tiny";

    @Option(names = "--partitions", description = "Partitions of the job, each a fresh witness (default 2).")
    private int partitions = 2;

    @Option(names = "--cache", description = "Folder for cached parameters and matrices (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--memory-budget", paramLabel = "MiB", description = "Host memory for partitions in flight "
        + "(default: half the machine's memory).")
    private long budgetMib;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("demo", verbose, () ->
        {
            if (partitions < 1 || threads < 1)
            {
                throw new IllegalArgumentException("--partitions and --threads must be at least 1");
            }
            final NamedCircuit circuit = NamedCircuit.of(circuitName);
            final DeviceSelection selection = deviceOption.select();
            System.out.println("jprove demo: " + partitions + " partition" + (partitions == 1 ? "" : "s") + " of "
                + circuit.name() + " through the pipeline on " + String.join(", ", selection.devices()) + ", "
                + threads + " threads");
            try (EngineRun.Parameters parameters = EngineRun.parameters(circuit, cache, threads, selection, true))
            {
                System.out.println("  parameters  " + parameters.origin(cache) + ", " + parameters.matrices()
                    .numConstraints() + " constraints, domain " + parameters.key().domainSize() + "   "
                    + seconds(parameters.elapsedNs()));
                if (parameters.generated())
                {
                    System.out.println("  parameters  " + parameters.setup().line());
                }
                final List<ProverBackend> backends = selection.open(threads);
                final EngineRun.Outcome outcome;
                final long sinceNs = TimelineClock.nowNs();
                try (Timeline timeline = timelineOption.open(); BufferPool pool = selection.bufferPool(budgetMib > 0
                    ? budgetMib << 20 : BufferPool.defaultBudgetBytes()))
                {
                    outcome = EngineRun.prove(circuit, parameters, partitions, backends,
                        PipelineConfig.forCores(threads), pool, timeline, sinceNs,
                        timeline.isEnabled() ? timelineOption.directory() : null);
                }
                finally
                {
                    backends.forEach(ProverBackend::close);
                }
                final boolean valid = verify(circuit, outcome.result(), parameters.vkFile());
                summarize(outcome);
                return valid ? CliSupport.OK : CliSupport.INVALID;
            }
        });
    }

    /** Verifies every partition of the multi-partition proof, from its bytes, against the cached verifying key. */
    private static boolean verify(final NamedCircuit circuit, final JobResult result, final Path vkFile)
    {
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(vkFile));
        final List<Proof> proofs = Proof.splitAll(result.bytes());
        boolean all = true;
        for (int p = 0; p < proofs.size(); p++)
        {
            final long[] inputs = result.publicInputs().get(p);
            final boolean valid = Groth16Verifier.verify(pvk, proofs.get(p), inputs);
            all &= valid;
            System.out.println("  partition " + p + "  " + (valid ? "valid" : "NOT VALID") + " against " + vkFile
                + " (proved on " + result.devices().get(p) + "): " + circuit.claim(inputs));
        }
        System.out.println("  proof       " + proofs.size() + " × " + Proof.BYTES + " = " + result.bytes().length
            + " bytes, every partition self-verified before it was released");
        return all;
    }

    private void summarize(final EngineRun.Outcome outcome)
    {
        final double s = outcome.wallNs() / 1e9;
        System.out.printf(Locale.ROOT, "throughput  %d partitions in %.1f s: %.1f s per partition, %.2f partitions "
            + "per minute%n", partitions, s, s / partitions, 60 * partitions / s);
        if (outcome.report() == null)
        {
            System.out.println("utilization not measured: the timeline is off (--no-timeline)");
            return;
        }
        System.out.println("utilization (from this run's timeline):");
        EngineRun.printUtilization(outcome.report(), System.out);
        System.out.println("timeline    " + timelineOption.directory());
        System.out.println("report      " + outcome.reportDir().resolve("report.html") + " (and trace.json; "
            + "'jprove timeline report " + timelineOption.directory() + "' for every run recorded there)");
    }

    private static String seconds(final long ns)
    {
        return String.format(Locale.ROOT, "%.1f s", ns / 1e9);
    }
}
