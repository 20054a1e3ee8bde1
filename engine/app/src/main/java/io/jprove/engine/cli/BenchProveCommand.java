package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.ProverBackend;

import io.jprove.timeline.Timeline;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench prove}: times a Groth16 proof of a circom circuit from a snarkjs {@code .zkey} and {@code .wtns}
 * on the chosen device, warm: the key loaded and prepared once, then the median of runs in this JVM through the
 * pipeline ({@link WarmProofs}), each from reading the witness to the self-verified proof. With {@code --vs-snarkjs}
 * it sets the same proof by snarkjs beside it, twice and each labelled:
 * <ul>
 *   <li><b>warm against warm</b>: {@code tests/js/prove-bench.js}, {@code snarkjs.groth16.prove} repeated in one node
 *       process on the files read into memory once, on as many threads;</li>
 *   <li><b>cold against cold</b>: the command lines as their users run them, each run a new process, start and file
 *       reading included: {@code jprove prove --zkey} through the launcher ({@code --launcher}; the first run is
 *       reported apart, as it writes the class-data archive and checks and remembers the key where no run did before)
 *       against {@code node cli.cjs groth16 prove}.</li>
 * </ul>
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

    @Option(names = "--launcher", description = "The jprove launcher the cold runs start (default: the one that started"
        + " this command, else ./jprove under the working directory or a parent of it).")
    private Path launcher;

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
            try (Zkey zkey = Zkey.open(zkeyFile, true);
                 ProverBackend backend = deviceOption.select().openFirst(threads);
                 Timeline timeline = timelineOption.open())
            {
                System.out.println("bench prove: " + zkeyFile + " (" + zkey.nVars() + " signals, domain "
                    + zkey.domainSize() + ") on " + backend.name() + " (" + backend.description() + ")");
                final WarmProofs.Timed timed = WarmProofs.run(zkey, wtns, backend, timeline, warmup, iterations);
                jproveMs = median(timed.millis());
                System.out.printf("  warm jprove  %9.1f ms  (median of %d in this JVM through the pipeline after %d "
                    + "warm-up, %d threads; last run: %s)%n", jproveMs, iterations, warmup, threads, timed.last());
            }
            if (vsSnarkjs)
            {
                compareWithSnarkjs(jproveMs);
            }
            return CliSupport.OK;
        });
    }

    private void compareWithSnarkjs(final double warmJproveMs) throws IOException, InterruptedException
    {
        if (!Files.exists(snarkjs))
        {
            throw new IllegalArgumentException("snarkjs not found at " + snarkjs + " (pass --snarkjs, or run "
                + ".ci/install-test-deps)");
        }
        final Path js = snarkjs.toAbsolutePath().getParent().getParent().getParent().getParent();
        final Path script = js.resolve("prove-bench.js");
        if (!Files.isRegularFile(script))
        {
            throw new IllegalArgumentException(script + " not found: --snarkjs must be the cli.cjs under tests/js");
        }
        final NodeBench.Result warm = NodeBench.run(script, threads, zkeyFile.toAbsolutePath().toString(),
            wtns.toAbsolutePath().toString(), Integer.toString(iterations), Integer.toString(Math.max(1, warmup)));
        final double warmSnarkjsMs = median(warm.ms());
        System.out.printf("  warm snarkjs %9.1f ms  (median of %d in one node process after %d warm-up, %d threads:"
            + " snarkjs.groth16.prove on the files in memory)%n", warmSnarkjsMs, iterations, Math.max(1, warmup),
            threads);
        System.out.printf("  warm: jprove is %.2fx snarkjs's speed%n", warmSnarkjsMs / warmJproveMs);

        final Path dir = Files.createTempDirectory("jprove-bench");
        try
        {
            final Path jprove = launcher != null ? launcher : findLauncher();
            final List<String> jproveCommand = new ArrayList<>(List.of(jprove.toAbsolutePath().toString(), "prove",
                "--zkey", zkeyFile.toAbsolutePath().toString(), "--wtns", wtns.toAbsolutePath().toString(),
                "--proof", dir.resolve("jprove-proof.json").toString(), "--threads", Integer.toString(threads)));
            // the cold runs record a timeline where this command does, as a user's prove does by default
            jproveCommand.addAll(timelineOption.isEnabled() ? List.of("--timeline",
                timelineOption.directory().toAbsolutePath().toString()) : List.of("--no-timeline"));
            jproveCommand.addAll(deviceOption.asArguments());
            final double firstMs = timeCommand(jproveCommand, "jprove prove");
            final double coldJproveMs = median(timeCommands(jproveCommand, "jprove prove"));
            final double coldSnarkjsMs = median(timeCommands(List.of("node", snarkjs.toAbsolutePath().toString(),
                "groth16", "prove", zkeyFile.toAbsolutePath().toString(), wtns.toAbsolutePath().toString(),
                dir.resolve("proof.json").toString(), dir.resolve("public.json").toString()), "snarkjs groth16 prove"));
            System.out.printf("  cold jprove  %9.1f ms  (median of %d runs of %s prove --zkey, each a new JVM; an"
                + " untimed first run, which writes the class archive and checks and remembers the key if no run did"
                + " before: %.1f ms)%n", coldJproveMs, iterations, jprove, firstMs);
            System.out.printf("  cold snarkjs %9.1f ms  (median of %d runs of node cli.cjs groth16 prove, each a new "
                + "process)%n", coldSnarkjsMs, iterations);
            System.out.printf("  cold: jprove is %.2fx snarkjs's speed%n", coldSnarkjsMs / coldJproveMs);
        }
        finally
        {
            for (final String f : new String[] {"jprove-proof.json", "proof.json", "public.json"})
            {
                Files.deleteIfExists(dir.resolve(f));
            }
            Files.deleteIfExists(dir);
        }
    }

    private double[] timeCommands(final List<String> command, final String what)
        throws IOException, InterruptedException
    {
        final double[] ms = new double[iterations];
        for (int i = 0; i < iterations; i++)
        {
            ms[i] = timeCommand(command, what);
        }
        return ms;
    }

    /** @return the wall time of one run of {@code command}, which must succeed. */
    private static double timeCommand(final List<String> command, final String what)
        throws IOException, InterruptedException
    {
        final long t0 = System.nanoTime();
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0)
        {
            throw new IllegalStateException(what + " failed: " + new String(out, StandardCharsets.UTF_8).strip());
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static Path findLauncher()
    {
        final String started = System.getenv("JPROVE_LAUNCHER");
        if (started != null && Files.isExecutable(Path.of(started)))
        {
            return Path.of(started);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent())
        {
            if (Files.isExecutable(p.resolve("jprove")) && Files.isRegularFile(p.resolve("jvm.options")))
            {
                return p.resolve("jprove");
            }
        }
        throw new IllegalArgumentException("no jprove launcher under the working directory or its parents: pass "
            + "--launcher");
    }

    private static double median(final double[] values)
    {
        final double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
