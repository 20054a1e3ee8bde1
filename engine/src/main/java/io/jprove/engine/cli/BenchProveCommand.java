package io.jprove.engine.cli;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.pipeline.TimelineListener;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench prove}: times a Groth16 proof of a circom circuit from a snarkjs {@code .zkey} and {@code .wtns}
 * on the chosen device (the key loaded and prepared once; median of warm runs, each from the witness map to the
 * self-verified proof), and with
 * {@code --vs-snarkjs} the same proof by {@code snarkjs groth16 prove} (median wall time of the command, its start
 * and file reading included, as snarkjs users run it), then the ratio.
 */
@Command(name = "prove", mixinStandardHelpOptions = true,
    description = "Time a Groth16 proof from a snarkjs .zkey + .wtns, optionally against snarkjs.")
final class BenchProveCommand implements Callable<Integer>
{
    @Option(names = "--zkey", required = true, description = "snarkjs Groth16 .zkey for BLS12-381.")
    private Path zkeyFile;

    @Option(names = "--wtns", required = true, description = "The circom witness.")
    private Path wtns;

    @Option(names = "--vs-snarkjs", description = "Also time snarkjs groth16 prove on the same files.")
    private boolean vsSnarkjs;

    @Option(names = "--snarkjs", description = "snarkjs's cli.cjs (default: tests/js/node_modules/snarkjs/build/cli.cjs"
        + " under the working directory).")
    private Path snarkjs = Path.of("tests/js/node_modules/snarkjs/build/cli.cjs");

    @Option(names = "--iterations", description = "Timed runs of each prover; the median is reported (default 5).")
    private int iterations = 5;

    @Option(names = "--warmup", description = "Untimed jprove runs first (default 3).")
    private int warmup = 3;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench prove", verbose, () ->
        {
            if (iterations < 1 || warmup < 0)
            {
                throw new IllegalArgumentException("--iterations must be at least 1 and --warmup at least 0");
            }
            final double jproveMs;
            try (Zkey zkey = Zkey.open(zkeyFile, true); CircomWitness w = CircomWitness.open(wtns);
                 ProverBackend backend = deviceOption.select().openFirst(threads);
                 Groth16Prover prover = new Groth16Prover(zkey.provingKey(), backend);
                 Timeline timeline = timelineOption.open())
            {
                System.out.println("bench prove: " + zkeyFile + " (" + zkey.nVars() + " signals, domain "
                    + zkey.domainSize() + ") on " + backend.name() + " (" + backend.description() + ")");
                TimelineListener.describeDevice(timeline, backend);
                for (int i = 0; i < warmup; i++)
                {
                    prove(zkey, w, prover, new StepTimes(), BackendListener.NONE);
                }
                final double[] ms = new double[iterations];
                StepTimes last = null;
                for (int i = 0; i < iterations; i++)
                {
                    // each timed proof is one job on the timeline (warm-up proofs are not recorded)
                    last = new StepTimes(timeline, i + 1, 0, 0, backend.device());
                    final long t0 = System.nanoTime();
                    prove(zkey, w, prover, last, new TimelineListener(timeline, i + 1, 0, 0, backend.device()));
                    timeline.append(EventKind.PROOF_DONE, i + 1, 0, 0, backend.device());
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
                jproveMs = median(ms);
                System.out.printf("  jprove   %9.1f ms  (median of %d; last run: %s)%n", jproveMs, iterations, last);
            }
            if (vsSnarkjs)
            {
                if (!Files.exists(snarkjs))
                {
                    throw new IllegalArgumentException("snarkjs not found at " + snarkjs + " (pass --snarkjs, or run "
                        + ".ci/install-test-deps)");
                }
                final Path dir = Files.createTempDirectory("jprove-bench");
                final double[] ms = new double[iterations];
                for (int i = 0; i < iterations; i++)
                {
                    final long t0 = System.nanoTime();
                    runSnarkjs(dir);
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
                final double snarkjsMs = median(ms);
                System.out.printf("  snarkjs  %9.1f ms  (median of %d, node %s groth16 prove)%n", snarkjsMs,
                    iterations, snarkjs);
                System.out.printf("  jprove is %.2fx snarkjs's speed%n", snarkjsMs / jproveMs);
                for (final String f : new String[] {"proof.json", "public.json"})
                {
                    Files.deleteIfExists(dir.resolve(f));
                }
                Files.deleteIfExists(dir);
            }
            return CliSupport.OK;
        });
    }

    private void prove(final Zkey zkey, final CircomWitness w, final Groth16Prover prover, final StepTimes times,
        final BackendListener listener)
    {
        try (Arena arena = Arena.ofShared())
        {
            final long t0 = System.nanoTime();
            final var partition = ZkeyWitnessMap.map(zkey, w, arena);
            times.add("witness", System.nanoTime() - t0);
            prover.prove(partition, times, listener, "the proof for " + wtns + " with " + zkeyFile);
        }
    }

    private void runSnarkjs(final Path dir) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of("node", snarkjs.toAbsolutePath().toString(), "groth16",
            "prove", zkeyFile.toAbsolutePath().toString(), wtns.toAbsolutePath().toString(),
            dir.resolve("proof.json").toString(), dir.resolve("public.json").toString()));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0)
        {
            throw new IllegalStateException("snarkjs groth16 prove failed: " + new String(out).strip());
        }
    }

    private static double median(final double[] values)
    {
        final double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
