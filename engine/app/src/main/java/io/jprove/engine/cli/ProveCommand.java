package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;

import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.pipeline.CircomSynthesis;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.PartitionFailedException;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.pipeline.Synthesis;
import io.jprove.engine.pipeline.ZkeySynthesis;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jprove prove}: a Groth16 proof on the chosen device from bellperson parameters with a circom {@code .r1cs} and
 * {@code .wtns}, or from a snarkjs {@code .zkey} with a {@code .wtns}, through the pipeline like every proof. Writes
 * the 192-byte proof (bellperson bytes) or snarkjs's {@code proof.json} ({@code --json}, always with a zkey), and
 * optionally {@code public.json}. Every proof is verified before it is written.
 */
@Command(name = "prove", mixinStandardHelpOptions = true,
    description = "Prove a circom witness with bellperson parameters (+ .r1cs) or a snarkjs .zkey.")
final class ProveCommand implements Callable<Integer>
{
    /** Exactly one key. */
    static final class Key
    {
        @Option(names = "--params", description = "bellperson .params (needs --r1cs).")
        Path params;

        @Option(names = "--zkey", description = "snarkjs Groth16 .zkey for BLS12-381.")
        Path zkey;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Key key;

    @Option(names = "--r1cs", description = "The circom .r1cs the parameters were made for (with --params).")
    private Path r1cs;

    @Option(names = "--wtns", required = true, description = "The circom witness (.wtns).")
    private Path wtns;

    @Option(names = "--proof", required = true, description = "Output: the proof.")
    private Path proofOut;

    @Option(names = "--public", description = "Output: the public inputs as snarkjs's public.json.")
    private Path publicOut;

    @Option(names = "--json", description = "Write the proof as snarkjs's proof.json (the default with --zkey).")
    private boolean json;

    @Option(names = "--unchecked", description = "Skip the subgroup checks of the key's points (trusted files only). "
        + "Without it, a key file whose points have passed every check is remembered by its SHA-256 in the user's "
        + "cache (~/.cache/jprove/checked-keys) and not checked again.")
    private boolean unchecked;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Mixin
    private DeviceOption deviceOption;

    @Option(names = "--verbose", description = "Print stack traces with errors, and step timings.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Option(names = "--daemon", paramLabel = "ADDR", description = "Prove through the daemon at host:port (warm JVM,"
        + " key resident) instead of in this process; the same files are written.")
    private String daemon;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --daemon: the daemon's bearer token.")
    private Path tokenFile;

    @Spec
    private CommandSpec spec;

    private PointChecks checks;

    /** A proof, its public inputs (Fr limbs, the constant one excluded) and the times of its steps. */
    private record Proved(Proof proof, long[] publicInputs, String times)
    {
    }

    @Override
    public Integer call()
    {
        return CliSupport.run("prove", verbose, () ->
        {
            requireApplicable();
            final OutputFiles outputs = OutputFiles.of("--proof", proofOut, "--public", publicOut)
                .refuseInputs("--zkey", key.zkey, "--params", key.params, "--r1cs", r1cs, "--wtns", wtns);
            if (daemon != null)
            {
                return DaemonProve.run(DaemonOptions.of(daemon, tokenFile), key.zkey, key.params, r1cs, wtns,
                    outputs, proofOut, publicOut, json);
            }
            final long t0 = System.nanoTime();
            final long launchNs = CliSupport.sinceLaunchNs();
            final CheckedKeys remembered = CheckedKeys.inUserCache();
            final DeviceSelection selection = deviceOption.select();
            final Proved proved;
            try (TimelineOpening timeline = TimelineOpening.start(timelineOption);
                 ProverBackend backend = selection.openFirst(threads))
            {
                // where a cold start goes: the launcher and the JVM starting, the device, the key
                final EarlySteps early = new EarlySteps();
                if (launchNs >= 0)
                {
                    early.add("start", TimelineClock.nowNs() - (System.nanoTime() - t0) - launchNs, launchNs);
                }
                final long backendNs = System.nanoTime() - t0;
                early.add("backend", TimelineClock.nowNs() - backendNs, backendNs);
                final Run run = new Run(selection, backend, timeline, early);
                proved = key.zkey != null ? proveZkey(run, remembered) : proveParams(run, remembered);
            }
            if (remembered.failure() != null)
            {
                System.err.println("jprove prove: warning: the key passed its checks but could not be remembered, so"
                    + " the next run checks it again: " + remembered.failure());
            }
            try (outputs)
            {
                if (json || key.zkey != null)
                {
                    outputs.text(proofOut, SnarkjsJson.proofJson(proved.proof()));
                }
                else
                {
                    outputs.bytes(proofOut, proved.proof().toBytes());
                }
                if (publicOut != null)
                {
                    outputs.text(publicOut, SnarkjsJson.publicJson(proved.publicInputs()));
                }
                outputs.commit();
            }
            System.out.println("prove: proof verified and written to " + proofOut + " in " + CliSupport.ms(t0)
                + (verbose ? " (" + proved.times() + (checks == null ? "" : "; key points: " + checks.description())
                + "; checked keys recorded in " + remembered.file() + ")" : ""));
            return CliSupport.OK;
        });
    }

    /** Refuses options given that this run would ignore, before any work. */
    private void requireApplicable()
    {
        final CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (key.zkey != null && r1cs != null)
        {
            throw new IllegalArgumentException("--r1cs goes with --params; a zkey holds its circuit: leave --r1cs out");
        }
        if (daemon == null && tokenFile != null)
        {
            throw new IllegalArgumentException("--token-file goes with --daemon (proving in this process needs no"
                + " token): leave it out or add --daemon");
        }
        if (daemon != null)
        {
            for (final String local : List.of("--device", "--threads", "--unchecked", "--timeline", "--no-timeline",
                "--timeline-roll", "--timeline-retention-days"))
            {
                if (given.hasMatchedOption(local))
                {
                    throw new IllegalArgumentException(local + " is for proving in this process; with --daemon the"
                        + " daemon's own settings apply: leave " + local + " out");
                }
            }
        }
    }

    /** What a proof runs on: the device, its pool, the timeline, and the steps timed before the timeline was open. */
    private record Run(DeviceSelection selection, ProverBackend backend, TimelineOpening timeline, EarlySteps early)
    {
    }

    /** Host steps timed before the timeline is open, given to it once it is. */
    private static final class EarlySteps
    {
        private record Step(String name, long startNs, long durationNs)
        {
        }

        private final List<Step> steps = new ArrayList<>();

        void add(final String name, final long startNs, final long durationNs)
        {
            steps.add(new Step(name, startNs, durationNs));
        }

        /** @return step times on {@code timeline} for the proof (job 1, partition 0, worker 0), these steps in. */
        StepTimes onto(final TimelineOpening opening, final ProverBackend backend)
        {
            final long t0 = System.nanoTime();
            final long startNs = TimelineClock.nowNs();
            final Timeline timeline = opening.timeline();
            final StepTimes times = new StepTimes(timeline, 1, 0, 0, backend.device());
            for (final Step step : steps)
            {
                times.add(step.name(), step.startNs(), step.durationNs());
            }
            // the wait for the timeline, opened meanwhile on another thread
            times.add("timeline", startNs, System.nanoTime() - t0);
            return times;
        }
    }

    private Proved proveZkey(final Run run, final CheckedKeys remembered) throws InterruptedException
    {
        final long t0 = System.nanoTime();
        final long s0 = TimelineClock.nowNs();
        try (Zkey zkey = Zkey.open(key.zkey, !unchecked, remembered))
        {
            run.early().add("key", s0, System.nanoTime() - t0);
            checks = zkey.pointChecks();
            // a zkey's c is a·b by construction: a witness that breaks the circuit fails verification
            return prove(run, zkey.provingKey(), new ZkeySynthesis(() -> zkey, wtns), wtns.getFileName() + " with "
                + key.zkey.getFileName() + ", a witness that does not satisfy the circuit fails self-verification");
        }
    }

    private Proved proveParams(final Run run, final CheckedKeys remembered) throws InterruptedException
    {
        if (r1cs == null)
        {
            throw new IllegalArgumentException("--params needs --r1cs, the circuit it was made for");
        }
        final long t0 = System.nanoTime();
        final long s0 = TimelineClock.nowNs();
        try (ProvingKey pk = BellpersonParams.read(key.params, !unchecked, threads, remembered))
        {
            run.early().add("key", s0, System.nanoTime() - t0);
            return prove(run, pk, new CircomSynthesis(r1cs, wtns), wtns.getFileName() + " with "
                + key.params.getFileName());
        }
    }

    /**
     * Proves one partition through the pipeline, the one runtime: the key is prepared on the device while the witness
     * is synthesized, and the device's kernels and copies go to the timeline.
     *
     * @throws RuntimeException what failed, as it was thrown (a bad witness names its constraint).
     */
    private Proved prove(final Run run, final ProvingKey pk, final Synthesis synthesis, final String name)
        throws InterruptedException
    {
        final StepTimes early = run.early().onto(run.timeline(), run.backend());
        try (BufferPool pool = run.selection().bufferPool(BufferPool.defaultBudgetBytes());
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, threads, 1), List.of(run.backend()), pool,
                 run.timeline().timeline()))
        {
            final JobResult result = pipeline.submit(new JobSpec(name, 0, pk, synthesis, 1, false)).result().get();
            return new Proved(result.proofs().getFirst(), result.publicInputs().getFirst(), early + ", "
                + result.steps().getFirst());
        }
        catch (final ExecutionException e)
        {
            final Throwable why = e.getCause() instanceof final PartitionFailedException failed ? failed.getCause()
                : e.getCause();
            if (why instanceof final RuntimeException runtime)
            {
                throw runtime;
            }
            throw new IllegalStateException(why);
        }
    }
}
