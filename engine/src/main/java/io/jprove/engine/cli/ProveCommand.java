package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.backend.TimelineListener;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

import java.lang.foreign.Arena;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove prove}: a Groth16 proof on the chosen device from bellperson parameters with a circom {@code .r1cs} and
 * {@code .wtns}, or from a snarkjs {@code .zkey} with a {@code .wtns}. Writes the 192-byte proof (bellperson bytes) or
 * snarkjs's {@code proof.json} ({@code --json}, always with a zkey), and optionally {@code public.json}. Every proof
 * is verified before it is written.
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

    private PointChecks checks;

    /** A proof, its public inputs (Fr limbs, the constant one excluded) and the times of its steps. */
    private record Proved(Proof proof, long[] publicInputs, StepTimes times)
    {
    }

    @Override
    public Integer call()
    {
        return CliSupport.run("prove", verbose, () ->
        {
            if (daemon != null)
            {
                return DaemonProve.run(DaemonOptions.of(daemon, tokenFile), key.zkey, key.params, r1cs, wtns,
                    proofOut, publicOut, json);
            }
            final long t0 = System.nanoTime();
            final long launchNs = CliSupport.sinceLaunchNs();
            final CheckedKeys remembered = CheckedKeys.inUserCache();
            final Proved proved;
            try (TimelineOpening timeline = TimelineOpening.start(timelineOption);
                 ProverBackend backend = deviceOption.select().openFirst(threads))
            {
                // where a cold start goes: the launcher and the JVM starting, the device, the key, its preparation
                final EarlySteps early = new EarlySteps();
                if (launchNs >= 0)
                {
                    early.add("start", TimelineClock.nowNs() - (System.nanoTime() - t0) - launchNs, launchNs);
                }
                final long backendNs = System.nanoTime() - t0;
                early.add("backend", TimelineClock.nowNs() - backendNs, backendNs);
                proved = key.zkey != null ? proveZkey(backend, remembered, timeline, early)
                    : proveParams(backend, remembered, timeline, early);
            }
            if (remembered.failure() != null)
            {
                System.err.println("jprove prove: warning: the key passed its checks but could not be remembered, so"
                    + " the next run checks it again: " + remembered.failure());
            }
            if (json || key.zkey != null)
            {
                CliSupport.write(proofOut, SnarkjsJson.proofJson(proved.proof()));
            }
            else
            {
                CliSupport.write(proofOut, proved.proof().toBytes());
            }
            if (publicOut != null)
            {
                CliSupport.write(publicOut, SnarkjsJson.publicJson(proved.publicInputs()));
            }
            System.out.println("prove: proof verified and written to " + proofOut + " in " + CliSupport.ms(t0)
                + (verbose ? " (" + proved.times() + (checks == null ? "" : "; key points: " + checks.description())
                + "; checked keys recorded in " + remembered.file() + ")" : ""));
            return CliSupport.OK;
        });
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

        /** @return step times on {@code timeline} for one proof (job 1, partition 0, worker 0), these steps in. */
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

    private Proved proveZkey(final ProverBackend backend, final CheckedKeys remembered, final TimelineOpening opening,
        final EarlySteps early)
    {
        final long t0 = System.nanoTime();
        final long s0 = TimelineClock.nowNs();
        try (Zkey zkey = Zkey.open(key.zkey, !unchecked, remembered); CircomWitness w = CircomWitness.open(wtns))
        {
            early.add("key", s0, System.nanoTime() - t0);
            checks = zkey.pointChecks();
            final long t1 = System.nanoTime();
            final long s1 = TimelineClock.nowNs();
            try (Groth16Prover prover = new Groth16Prover(zkey.provingKey(), backend); Arena arena = Arena.ofShared())
            {
                early.add("prepare", s1, System.nanoTime() - t1);
                final long t2 = System.nanoTime();
                final long s2 = TimelineClock.nowNs();
                final PartitionInputs partition = ZkeyWitnessMap.map(zkey, w, arena);
                early.add("witness", s2, System.nanoTime() - t2);
                final StepTimes times = early.onto(opening, backend);
                final Timeline timeline = opening.timeline();
                TimelineListener.describeDevice(timeline, backend);
                // a zkey's c is a·b by construction: a witness that breaks the circuit fails verification
                final Proof proof = prover.prove(partition, times, new TimelineListener(timeline, 1, 0, 0,
                    backend.device()), "the proof for " + wtns + " with " + key.zkey
                    + " (a witness that does not satisfy the circuit fails here)");
                return new Proved(proof, Groth16Prover.publicInputs(partition), times);
            }
        }
    }

    private Proved proveParams(final ProverBackend backend, final CheckedKeys remembered,
        final TimelineOpening opening, final EarlySteps early)
    {
        if (r1cs == null)
        {
            throw new IllegalArgumentException("--params needs --r1cs, the circuit it was made for");
        }
        final long t0 = System.nanoTime();
        final long s0 = TimelineClock.nowNs();
        try (ProvingKey pk = BellpersonParams.read(key.params, !unchecked, threads, remembered))
        {
            early.add("key", s0, System.nanoTime() - t0);
            final StepTimes times = early.onto(opening, backend);
            final Timeline timeline = opening.timeline();
            TimelineListener.describeDevice(timeline, backend);
            try (CircomR1cs constraints = CircomR1cs.open(r1cs); CircomWitness w = CircomWitness.open(wtns);
                 ProverInputs inputs = ProvingAssignment.synthesize(new CircomCircuit(constraints, w));
                 Groth16Prover prover = new Groth16Prover(pk, backend))
            {
                return new Proved(prover.prove(inputs, times, new TimelineListener(timeline, 1, 0, 0,
                    backend.device())), inputs.witness().publicInputs(), times);
            }
        }
    }
}
