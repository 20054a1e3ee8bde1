package io.jprove.engine.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.TimelineAnalysis;
import io.jprove.timeline.analysis.TimelineReport;
import io.jprove.timeline.render.ReportFiles;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * What {@code demo} and {@code bench engine} share: a built-in circuit's parameters and recorded constraint matrices,
 * made once and cached (the setup behind a progress bar), one multi-partition job through the {@link Pipeline} on the
 * chosen devices (behind a progress bar), and the timeline report of that run written beside the timeline.
 */
final class EngineRun
{
    private static final long POLL_MS = 200;
    /** Disk space a parameters cache file must leave free (at least). */
    private static final long FREE_MARGIN = 2L << 30;

    /**
     * A circuit's parameters and matrices; closing frees them. {@code setup} is the setup that made the key (null when
     * it was read from the cache); {@code cacheNote} says why a key made now was not cached, or is empty.
     */
    record Parameters(ProvingKey key, ConstraintMatrices matrices, Path vkFile, boolean generated, long elapsedNs,
        SetupRun.Result setup, String cacheNote) implements AutoCloseable
    {
        @Override
        public void close()
        {
            key.close();
            matrices.close();
        }

        /** @return where the parameters came from: read from the cache, or generated and cached or why not. */
        String origin(final Path cache)
        {
            if (!generated)
            {
                return "read from " + cache + " (on-curve checked)";
            }
            return cacheNote.isEmpty() ? "generated and cached in " + cache : "generated, not cached: " + cacheNote;
        }
    }

    /** A finished run: the job's result, its wall time, and the report of this run (null without a timeline). */
    record Outcome(JobResult result, long wallNs, TimelineReport report, Path reportDir)
    {
    }

    private EngineRun()
    {
    }

    /**
     * The circuit's parameters and recorded matrices from {@code cache}, or made now: the matrices by recording the
     * circuit once (and cached), the parameters by {@link SetupRun} on the selection's device, cached when
     * {@code useCache} and the file system has room for them.
     *
     * @param useCache whether to read cached parameters and cache new ones (the matrices are cached either way).
     */
    static Parameters parameters(final NamedCircuit circuit, final Path cache, final int threads,
        final DeviceSelection selection, final boolean useCache) throws IOException
    {
        final long t0 = System.nanoTime();
        final Path paramsFile = cache.resolve(circuit.name() + ".params");
        final Path vkFile = cache.resolve(circuit.name() + ".vk");
        final ConstraintMatrices matrices = circuit.matrices(cache);
        try
        {
            if (useCache && Files.exists(paramsFile) && Files.exists(vkFile))
            {
                // jprove's own cache: points are checked on their curves but not for subgroup membership (a
                // subgroup test is a 255-bit multiplication per point, minutes for porep-tiny's 5.2 M); a damaged
                // file still cannot yield a wrong proof, as every proof is verified before it is released
                return new Parameters(BellpersonParams.read(paramsFile, false, threads), matrices, vkFile, false,
                    System.nanoTime() - t0, null, "");
            }
            final SetupRun.Result setup = SetupRun.run(matrices, selection, threads, new SecureRandom());
            try
            {
                final String note = useCache ? cache(setup.key(), paramsFile, vkFile)
                    : "--no-cache (parameters made for this run only)";
                final Path vk = note.isEmpty() ? vkFile : Files.createTempFile(circuit.name(), ".vk");
                if (!note.isEmpty())
                {
                    vk.toFile().deleteOnExit();
                    BellpersonParams.writeVerifyingKey(setup.key().vk(), vk);
                }
                return new Parameters(setup.key(), matrices, vk, true, System.nanoTime() - t0, setup, note);
            }
            catch (final IOException | RuntimeException | Error e)
            {
                setup.key().close();
                throw e;
            }
        }
        catch (final IOException | RuntimeException | Error e)
        {
            matrices.close();
            throw e;
        }
    }

    /**
     * @return "" when a file of {@code bytes} leaves {@link #FREE_MARGIN} (or a twentieth of the free space, if more)
     *         of {@code usable} free, else one line that says it does not.
     */
    static String roomNote(final long bytes, final long usable, final Path dir)
    {
        final long margin = Math.max(FREE_MARGIN, usable / 20);
        if (bytes <= usable - margin)
        {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "the parameters file would be %.1f GB and %s has %.1f GB free "
            + "(%.1f GB kept free); --cache DIR elsewhere", bytes / 1e9, dir, usable / 1e9, margin / 1e9);
    }

    /**
     * Writes the parameters and verifying key into the cache when the file system has room for them
     * ({@link #roomNote}); the parameters go to a temporary name first, so a failed write never leaves a truncated
     * cache file.
     *
     * @return "" when cached, else why not (one line).
     */
    private static String cache(final ProvingKey key, final Path paramsFile, final Path vkFile) throws IOException
    {
        final String full = roomNote(BellpersonParams.fileBytes(key), Files.getFileStore(paramsFile.getParent())
            .getUsableSpace(), paramsFile.getParent());
        if (!full.isEmpty())
        {
            return full;
        }
        final Path partial = paramsFile.resolveSibling(paramsFile.getFileName() + ".partial");
        BellpersonParams.write(key, partial);
        Files.move(partial, paramsFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        BellpersonParams.writeVerifyingKey(key.vk(), vkFile);
        return "";
    }

    /**
     * Proves one job of {@code partitions} fresh instances of the circuit through a pipeline over the backends.
     *
     * @param pool        the partitions' buffers under the host memory budget (the caller closes it).
     * @param sinceNs     when the caller opened the timeline (timeline clock): the report covers events from then on.
     * @param timelineDir where the timeline is (its report goes beside it), or null when it is disabled.
     * @throws ExecutionException naming the partition that failed.
     */
    static Outcome prove(final NamedCircuit circuit, final Parameters parameters, final int partitions,
        final List<ProverBackend> backends, final PipelineConfig config, final BufferPool pool,
        final Timeline timeline, final long sinceNs, final Path timelineDir)
        throws ExecutionException, InterruptedException, IOException
    {
        return prove(circuit, parameters, partitions, backends, config, pool, timeline, sinceNs, timelineDir, false);
    }

    /**
     * As {@link #prove(NamedCircuit, Parameters, int, List, PipelineConfig, BufferPool, Timeline, long, Path)}; with
     * {@code presynthesized} the partitions go to the devices only once all are synthesized, and the outcome's wall
     * time runs from then, so it is the devices' side alone.
     */
    static Outcome prove(final NamedCircuit circuit, final Parameters parameters, final int partitions,
        final List<ProverBackend> backends, final PipelineConfig config, final BufferPool pool,
        final Timeline timeline, final long sinceNs, final Path timelineDir, final boolean presynthesized)
        throws ExecutionException, InterruptedException, IOException
    {
        final SecureRandom rng = new SecureRandom();
        final long[] seeds = new long[partitions];
        for (int p = 0; p < partitions; p++)
        {
            seeds[p] = rng.nextLong();
        }
        long t0 = System.nanoTime();
        final AtomicLong doneAt = new AtomicLong();
        final JobResult result;
        try (Pipeline pipeline = new Pipeline(config, backends, pool, timeline))
        {
            final Job job = pipeline.submit(new JobSpec(circuit.name(), 0, parameters.key(),
                CircuitShape.recorded(parameters.matrices()), partitions, p -> circuit.withWitness(seeds[p]),
                presynthesized));
            // the wall ends when the last partition's proof is in, not when the progress bar and pipeline have shut
            final CompletableFuture<?> stamped = job.result().whenComplete((r, e) -> doneAt.set(System.nanoTime()));
            result = await(job, partitions);
            stamped.handle((r, e) -> null).join(); // the stamp runs on the completing thread: wait for it
            if (presynthesized)
            {
                t0 = job.releasedNanoTime();
            }
            for (final String prepared : pipeline.preparations())
            {
                System.out.println("  key         prepared in " + prepared);
            }
        }
        final long wallNs = doneAt.get() - t0;
        final Report report = report(timeline, timelineDir, sinceNs);
        return report == null ? new Outcome(result, wallNs, null, null)
            : new Outcome(result, wallNs, report.report(), report.directory());
    }

    /** A run's timeline report and the folder its files were written to. */
    record Report(TimelineReport report, Path directory)
    {
    }

    /**
     * Analyzes the timeline's events from {@code sinceNs} on and writes the report files beside the timeline.
     *
     * @param timelineDir where the timeline is, or null when it is disabled.
     * @return the report, or null without a timeline.
     */
    static Report report(final Timeline timeline, final Path timelineDir, final long sinceNs) throws IOException
    {
        if (timelineDir == null || !timeline.isEnabled())
        {
            return null;
        }
        timeline.flush();
        final EventLog log = readSince(timelineDir, sinceNs);
        final TimelineReport report = TimelineAnalysis.analyze(log);
        final Path reportDir = ReportFiles.besideTimeline(timelineDir);
        ReportFiles.write(log, report, reportDir);
        return new Report(report, reportDir);
    }

    /** Waits for the job behind a progress bar of partitions proved. */
    private static JobResult await(final Job job, final int partitions) throws ExecutionException,
        InterruptedException
    {
        if (!CliSupport.onTerminal())
        {
            // no bar redrawn into a log file or a pipe
            return job.result().get();
        }
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName("prove").setInitialMax(partitions)
            .setUnit(" partitions", 1).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500)
            .setConsumer(new ConsoleProgressBarConsumer(System.err)).build())
        {
            while (true)
            {
                try
                {
                    final JobResult result = job.result().get(POLL_MS, TimeUnit.MILLISECONDS);
                    bar.stepTo(partitions);
                    return result;
                }
                catch (final TimeoutException e)
                {
                    bar.stepTo(job.provedPartitions());
                }
            }
        }
    }

    /** @return this run's events: those stamped from {@code sinceNs} on, with every name the queue defines. */
    private static EventLog readSince(final Path timelineDir, final long sinceNs)
    {
        final EventLog log = new EventLog();
        try (TimelineReader reader = TimelineReader.open(timelineDir))
        {
            reader.replay(e ->
            {
                if (e.kind() == EventKind.NAME || e.timestampNs() >= sinceNs)
                {
                    log.add(e);
                }
            });
        }
        return log;
    }

    /** Prints one line per device and per worker of a report: the utilizations. */
    static void printUtilization(final TimelineReport report, final PrintStream out)
    {
        report.devices().forEach(d -> out.printf(java.util.Locale.ROOT, "  %-10s %s %5.1f %% busy (%s of %s wall)%n",
            d.label(), d.hostMeasured() ? "compute" : "kernels", 100 * d.utilization(),
            io.jprove.timeline.analysis.Text.ms(d.kernelBusyNs()), io.jprove.timeline.analysis.Text.ms(d.wallNs())));
        report.workers().forEach(w -> out.printf(java.util.Locale.ROOT, "  %-14s %5.1f %% busy, %d partition%s%n",
            w.label(), 100 * w.utilization(), w.partitions(), w.partitions() == 1 ? "" : "s"));
    }

    /** The device SpMV's kernels (the witness's unpacking among them) as the GPU backend names them on the timeline. */
    static final java.util.Set<String> SPMV_KERNELS = java.util.Set.of("unpackWitness", "a:spmv", "b:spmv",
        "spmvComplete");

    /**
     * The device SpMV's share of a run, from its timeline.
     *
     * @param timelineDir where the timeline is, or null when it is disabled.
     * @param sinceNs     when the run began (timeline clock).
     * @return the SpMV kernels' time summed (ns) and the bytes copied to the devices; zeros without a timeline.
     */
    static long[] spmvFigures(final Path timelineDir, final long sinceNs)
    {
        final long[] figures = new long[2];
        if (timelineDir == null)
        {
            return figures;
        }
        final EventLog log = readSince(timelineDir, sinceNs);
        for (int row = 0; row < log.size(); row++)
        {
            if (log.kind(row) == EventKind.KERNEL && SPMV_KERNELS.contains(log.name(log.nameId(row))))
            {
                figures[0] += log.durationNs(row);
            }
            else if (log.kind(row) == EventKind.COPY && "h2d".equals(log.name(log.nameId(row))))
            {
                figures[1] += log.value(row);
            }
        }
        return figures;
    }
}
