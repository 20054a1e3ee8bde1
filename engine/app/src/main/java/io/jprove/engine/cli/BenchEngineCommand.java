package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.gpu.GpuProverBackend;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;
import io.jprove.timeline.analysis.PartitionSummary;
import io.jprove.timeline.analysis.Text;
import io.jprove.timeline.analysis.TimelineReport;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench engine}: the whole engine on PoRep partitions of a preset: one job of N partitions through the
 * pipeline (after a warm-up job, unrecorded in the figures), every proof self-verified. Prints the wall time per
 * partition, the device's kernel (or, on the CPU, compute) time per partition from the timeline, their ratio (the
 * pipeline's overhead when synthesis keeps up: 1.00 would be none), each device's and worker's utilization, and where
 * the report is.
 */
@Command(name = "engine", mixinStandardHelpOptions = true,
    description = "Prove N PoRep partitions of a preset through the pipeline; wall vs kernel time per partition.")
final class BenchEngineCommand implements Callable<Integer>
{
    @ArgGroup(exclusive = true, multiplicity = "1")
    private CircuitChoice circuitOption;

    @Option(names = "--partitions", description = "Partitions of the measured job (default 4).")
    private int partitions = 4;

    @Option(names = "--warmup", description = "Partitions of an unmeasured job first, so the JIT has compiled the "
        + "hot code (default 1; 0 for none).")
    private int warmup = 1;

    @Option(names = "--cache", description = "Folder for cached parameters and matrices (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    @Option(names = "--no-cache", description = "Make the parameters for this run and neither read nor write the "
        + "parameters cache (the recorded matrices are still cached).")
    private boolean noCache;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--memory-budget", paramLabel = "MiB", description = "Host memory for partitions in flight "
        + "(default: half the machine's memory).")
    private long budgetMib;

    @Option(names = "--presynthesized", description = "Synthesize every partition of the measured job first, "
        + "then hand them to the devices together and time from there: the pipeline's overhead over the kernels "
        + "when synthesis keeps up (needs host memory for all partitions at once).")
    private boolean presynthesized;

    @Option(names = "--host-spmv", description = "Evaluate a, b, c on the host and upload them, as "
        + "-Djprove.gpu.spmv=false does, instead of uploading the witness alone for the GPU's SpMV: what the "
        + "device SpMV buys.")
    private boolean hostSpmv;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench engine", verbose, () ->
        {
            if (partitions < 1 || warmup < 0 || threads < 1)
            {
                throw new IllegalArgumentException("--partitions and --threads must be at least 1, --warmup 0 or more");
            }
            final NamedCircuit circuit = circuitOption.circuit();
            final DeviceSelection selection = deviceOption.select();
            final long budget = budgetMib > 0 ? budgetMib << 20 : BufferPool.defaultBudgetBytes();
            final PipelineConfig config = PipelineConfig.forCores(threads);
            try (EngineRun.Parameters parameters = EngineRun.parameters(circuit, cache, threads, selection,
                !noCache);
                 Timeline timeline = timelineOption.open(); BufferPool pool = selection.bufferPool(budget))
            {
                System.out.println("bench engine: " + circuit.name() + ", " + parameters.matrices().numConstraints()
                    + " constraints, domain " + parameters.key().domainSize() + ", on " + String.join(", ",
                    selection.devices()) + " (" + threads + " threads, " + config.synthesisWorkers()
                    + " synthesis worker" + (config.synthesisWorkers() == 1 ? "" : "s") + ")");
                System.out.printf(Locale.ROOT, "  parameters  %s in %.1f s%n", parameters.origin(cache),
                    parameters.elapsedNs() / 1e9);
                if (parameters.generated())
                {
                    System.out.println("  parameters  " + parameters.setup().line());
                }
                if (presynthesized)
                {
                    checkRoom(parameters, pool);
                }
                if (hostSpmv)
                {
                    System.setProperty(GpuProverBackend.SPMV_PROPERTY, "false");
                }
                final List<ProverBackend> backends = selection.open(threads);
                System.out.println("  a, b, c     " + (backends.stream().anyMatch(ProverBackend::spmvOnDevice)
                    ? "on the device from the circuit's A and B (the witness uploaded alone, packed; --host-spmv: "
                    + "on the host)"
                    : "on the host, uploaded"));
                final EngineRun.Outcome outcome;
                final long[] spmv;
                try
                {
                    if (warmup > 0)
                    {
                        EngineRun.prove(circuit, parameters, warmup, backends, config, pool, Timeline.disabled(), 0,
                            null);
                    }
                    // the report covers the measured job only: from here on
                    final long sinceNs = TimelineClock.nowNs();
                    outcome = EngineRun.prove(circuit, parameters, partitions, backends, config, pool, timeline,
                        sinceNs, timeline.isEnabled() ? timelineOption.directory() : null, presynthesized);
                    spmv = EngineRun.spmvFigures(timeline.isEnabled() ? timelineOption.directory() : null, sinceNs);
                }
                finally
                {
                    for (final ProverBackend b : backends)
                    {
                        if (b instanceof final GpuProverBackend gpu && gpu.spmvPlan() != null)
                        {
                            System.out.println("  spmv plan   " + gpu.name() + ": " + gpu.spmvPlan());
                        }
                    }
                    backends.forEach(ProverBackend::close);
                }
                print(outcome, spmv);
            }
            return CliSupport.OK;
        });
    }

    /** Every partition's buffers at once, within the budget, or the job would wait for buffers it holds itself. */
    private void checkRoom(final EngineRun.Parameters parameters, final BufferPool pool)
    {
        final long each = BufferShape.of(parameters.matrices().counts()).bytes();
        if (each * partitions > pool.budgetBytes() || partitions > OffHeapBufferPool.MAX_SETS)
        {
            throw new IllegalArgumentException("--presynthesized holds all " + partitions + " partitions in host "
                + "memory at once: " + (each * partitions >> 20) + " MiB, over the " + (pool.budgetBytes() >> 20)
                + " MiB budget (--memory-budget) or past " + OffHeapBufferPool.MAX_SETS + " partitions");
        }
    }

    /** @param spmv the device SpMV's kernel time and the bytes uploaded ({@link EngineRun#spmvFigures}). */
    private void print(final EngineRun.Outcome outcome, final long[] spmv)
    {
        final double wallPerPartition = outcome.wallNs() / 1e9 / partitions;
        System.out.printf(Locale.ROOT, "  wall        %.2f s for %d partitions: %.2f s per partition, %.2f "
            + "partitions per minute%s%n", outcome.wallNs() / 1e9, partitions, wallPerPartition,
            60.0 / wallPerPartition, presynthesized ? " (from the hand-over of the presynthesized partitions)" : "");
        final TimelineReport report = outcome.report();
        if (report == null)
        {
            System.out.println("  kernel time not measured: the timeline is off (--no-timeline)");
            return;
        }
        final long kernelNs = report.partitions().stream().mapToLong(PartitionSummary::kernelNs).sum();
        final long windowNs = report.partitions().stream().mapToLong(PartitionSummary::windowNs).sum();
        final boolean cpu = report.devices().stream().allMatch(d -> d.hostMeasured());
        final double kernelPerPartition = kernelNs / 1e9 / partitions;
        System.out.printf(Locale.ROOT, "  %s %.2f s per partition (from the timeline); window %.2f s per "
            + "partition%n", cpu ? "compute    " : "kernels    ", kernelPerPartition, windowNs / 1e9 / partitions);
        System.out.printf(Locale.ROOT, "  wall / %s per partition = %.2f%n", cpu ? "compute" : "kernel",
            wallPerPartition / kernelPerPartition);
        if (spmv[0] > 0)
        {
            System.out.printf(Locale.ROOT, "  spmv        %.1f ms per partition of kernels (unpackWitness, a:spmv, "
                + "b:spmv, spmvComplete)%n", spmv[0] / 1e6 / partitions);
        }
        System.out.printf(Locale.ROOT, "  uploaded    %.1f MiB per partition%n", spmv[1] / (double)(1L << 20)
            / partitions);
        EngineRun.printUtilization(report, System.out);
        System.out.println("  report      " + outcome.reportDir().resolve("report.html") + " (timeline "
            + timelineOption.directory() + "; " + Text.ms(outcome.wallNs()) + " of it)");
    }
}
