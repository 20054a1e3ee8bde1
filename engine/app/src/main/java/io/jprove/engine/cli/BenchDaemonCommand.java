package io.jprove.engine.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.timeline.Timeline;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench daemon}: what the daemon adds to and saves from a proof of a circom circuit (a snarkjs
 * {@code .zkey} and {@code .wtns}), with a daemon started in this process on loopback:
 * <ol>
 *   <li>in-process proof through the pipeline, key loaded once (median of warm runs, {@link WarmProofs}), against
 *       the same proof through the daemon's Prove call (median): the difference is the latency the daemon adds (gRPC,
 *       journal, spool, scheduling);</li>
 *   <li>{@code jprove prove --daemon} as a user runs it, a fresh JVM per proof (median wall time), and with
 *       {@code --vs-snarkjs} {@code snarkjs groth16 prove} on the same files, and the ratio;</li>
 *   <li>jobs per second: {@code --jobs} proofs from {@code --clients} concurrent clients, each result checked.</li>
 * </ol>
 */
@Command(name = "daemon", mixinStandardHelpOptions = true,
    description = "Time the daemon: added latency, 'prove --daemon' vs snarkjs, jobs per second on loopback.")
final class BenchDaemonCommand implements java.util.concurrent.Callable<Integer>
{
    private static final Duration WAIT = Duration.ofMinutes(30);

    @Option(names = "--zkey", required = true, description = "snarkjs Groth16 .zkey for BLS12-381.")
    private Path zkeyFile;

    @Option(names = "--wtns", required = true, description = "The circom witness.")
    private Path wtns;

    @Option(names = "--vs-snarkjs", description = "Also time snarkjs groth16 prove on the same files.")
    private boolean vsSnarkjs;

    @Option(names = "--snarkjs", description = "snarkjs's cli.cjs (default: tests/js/node_modules/snarkjs/build/cli.cjs"
        + " under the working directory).")
    private Path snarkjs = Path.of("tests/js/node_modules/snarkjs/build/cli.cjs");

    @Option(names = "--iterations", description = "Timed runs of each measurement; medians reported (default 5).")
    private int iterations = 5;

    @Option(names = "--warmup", description = "Untimed runs first (default 3).")
    private int warmup = 3;

    @Option(names = "--jobs", description = "Proofs of the throughput run (default 50).")
    private int jobs = 50;

    @Option(names = "--clients", description = "Concurrent clients of the throughput run (default 4).")
    private int clients = 4;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench daemon", verbose, () ->
        {
            if (iterations < 1 || warmup < 0 || jobs < 1 || clients < 1)
            {
                throw new IllegalArgumentException("--iterations, --jobs and --clients must be at least 1, --warmup"
                    + " at least 0");
            }
            final Path work = Files.createTempDirectory("jprove-bench-daemon");
            final double inProcessMs = inProcess();
            final DaemonConfig config = DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off",
                "data-dir", work.resolve("data").toString(), "threads", String.valueOf(threads), "timeline", "off",
                "key-roots", zkeyFile.toAbsolutePath().normalize().getParent().toString(),
                // the CPU, as the in-process figure it is compared with
                "device", "cpu", "queue-capacity", String.valueOf(Math.max(64, jobs))), "bench settings");
            try (Daemon daemon = Daemon.start(config);
                 DaemonClient client = DaemonClient.connect("127.0.0.1:" + daemon.grpcPort(), null))
            {
                final String address = "127.0.0.1:" + daemon.grpcPort();
                System.out.println("bench daemon: " + zkeyFile + ", " + threads + " threads, daemon on " + address
                    + " (journal-sync " + config.journalSync().name().toLowerCase() + ")");
                final double[] viaDaemon = new double[iterations];
                for (int i = -warmup; i < iterations; i++)
                {
                    final ProofRequest r = DaemonRequest.zkey("bench-" + i, 0, zkeyFile, wtns);
                    final long t0 = System.nanoTime();
                    check(client.prove(r, WAIT));
                    if (i >= 0)
                    {
                        viaDaemon[i] = (System.nanoTime() - t0) / 1e6;
                    }
                }
                final double daemonMs = median(viaDaemon);
                System.out.printf("  in-process prove     %9.1f ms  (median of %d, key loaded once)%n", inProcessMs,
                    iterations);
                System.out.printf("  daemon Prove call    %9.1f ms  (median of %d): %+.1f ms added by the daemon%n",
                    daemonMs, iterations, daemonMs - inProcessMs);
                final double cliMs = cli(address, work);
                System.out.printf("  jprove prove --daemon%9.1f ms  (median of %d, a fresh JVM each)%n", cliMs,
                    iterations);
                if (vsSnarkjs)
                {
                    final double snarkjsMs = snarkjs(work);
                    System.out.printf("  snarkjs groth16 prove%9.1f ms  (median of %d)%n", snarkjsMs, iterations);
                    System.out.printf("  prove --daemon is %.2fx snarkjs's speed%n", snarkjsMs / cliMs);
                }
                throughput(client);
            }
            return CliSupport.OK;
        });
    }

    private double inProcess() throws InterruptedException
    {
        try (Zkey zkey = Zkey.open(zkeyFile, true); CpuProverBackend backend = new CpuProverBackend(threads))
        {
            return median(WarmProofs.run(zkey, wtns, backend, Timeline.disabled(), warmup, iterations).millis());
        }
    }

    private double cli(final String address, final Path work) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        // the flags this JVM was started with (jvm.options among them), as the launcher passes them
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")
                || arg.startsWith("--sun-misc-unsafe") || arg.startsWith("-Dchronicle"))
            {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "prove",
            "--daemon", address, "--zkey", zkeyFile.toAbsolutePath().toString(), "--wtns",
            wtns.toAbsolutePath().toString(), "--proof", work.resolve("proof.json").toString(), "--public",
            work.resolve("public.json").toString()));
        final double[] ms = new double[iterations];
        for (int i = -1; i < iterations; i++)
        {
            final long t0 = System.nanoTime();
            run(command, "jprove prove --daemon");
            if (i >= 0)
            {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return median(ms);
    }

    private double snarkjs(final Path work) throws IOException, InterruptedException
    {
        if (!Files.exists(snarkjs))
        {
            throw new IllegalArgumentException("snarkjs not found at " + snarkjs + " (pass --snarkjs, or run "
                + ".ci/install-test-deps)");
        }
        final List<String> command = List.of("node", snarkjs.toAbsolutePath().toString(), "groth16", "prove",
            zkeyFile.toAbsolutePath().toString(), wtns.toAbsolutePath().toString(),
            work.resolve("snarkjs-proof.json").toString(), work.resolve("snarkjs-public.json").toString());
        final double[] ms = new double[iterations];
        for (int i = 0; i < iterations; i++)
        {
            final long t0 = System.nanoTime();
            run(command, "snarkjs groth16 prove");
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return median(ms);
    }

    private void throughput(final DaemonClient client) throws Exception
    {
        final ExecutorService pool = Executors.newFixedThreadPool(clients);
        try
        {
            final ProofRequest template = DaemonRequest.zkey("x", 0, zkeyFile, wtns);
            final long t0 = System.nanoTime();
            final List<Future<JobStatus>> results = new ArrayList<>();
            for (int i = 0; i < jobs; i++)
            {
                final ProofRequest r = template.toBuilder().setRequestId("throughput-" + i).build();
                results.add(pool.submit(() -> client.prove(r, WAIT)));
            }
            for (final Future<JobStatus> f : results)
            {
                check(f.get());
            }
            final double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("  throughput           %9.2f jobs/s  (%d proofs from %d clients in %.1f s, each"
                + " verified by the daemon)%n", jobs / s, jobs, clients, s);
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    private static void check(final JobStatus s)
    {
        if (s.getState() != JobState.SUCCEEDED)
        {
            throw new IllegalStateException("job " + s.getJobId() + " " + s.getState() + ": " + s.getError());
        }
    }

    private static void run(final List<String> command, final String what) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0)
        {
            throw new IllegalStateException(what + " failed: " + new String(out).strip());
        }
    }

    private static double median(final double[] values)
    {
        final double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
