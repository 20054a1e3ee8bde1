package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench cluster}: the shared queue itself, with N = 1 … {@code --daemons} daemons in this process on
 * one PostgreSQL database: partitions per second through the queue, the mean claim latency, and SQL statements per
 * partition (claims, completions, heartbeats, polls and submissions, all counted). Each partition is a real proof of
 * the smallest built-in circuit ({@code poseidon-chain-1}, 311 constraints, a few milliseconds on one thread), proved
 * on the CPU through the daemon's pipeline and verified, so the figures are mostly the queue's; parameters for it are
 * made once at the start. The database must be one of the benchmark's own: it refuses a database that holds jobs, and
 * empties the tables it made between runs.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Time the cluster's shared queue on a PostgreSQL database: partitions/s with 1..N daemons, claim "
        + "latency, statements per partition (each partition a real proof of poseidon-chain-1).")
final class BenchClusterCommand implements Callable<Integer>
{
    private static final Duration WAIT = Duration.ofMinutes(30);
    /** The circuit of every partition: the smallest built-in one. */
    private static final String CIRCUIT = "poseidon-chain-1";

    @Option(names = "--database", required = true, paramLabel = "JDBC_URL", description = "An empty PostgreSQL "
        + "database for the benchmark alone (jdbc:postgresql://HOST:PORT/DB?user=U).")
    private String url;

    @Option(names = "--daemons", description = "Runs with 1 up to this many daemons (default 4).")
    private int daemons = 4;

    @Option(names = "--workers", description = "Device workers per daemon, on the CPU (default 4).")
    private int workers = 4;

    @Option(names = "--jobs", description = "Jobs per run (default 10).")
    private int jobs = 10;

    @Option(names = "--partitions", description = "Partitions per job (default 100).")
    private int partitions = 100;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench cluster", verbose, () ->
        {
            if (daemons < 1 || workers < 1 || jobs < 1 || partitions < 2)
            {
                throw new IllegalArgumentException("--daemons, --workers and --jobs must be at least 1, --partitions"
                    + " at least 2");
            }
            refuseUnlessEmpty();
            final Path work = Files.createTempDirectory("jprove-bench-cluster");
            final Path key = work.resolve(CIRCUIT + ".params");
            try (ConstraintMatrices cs = RecordingAssignment.record(BuiltinCircuit.shapeOf(CIRCUIT));
                 ProvingKey pk = Groth16Setup.generate(cs, new SecureRandom(), 1, SetupProgress.NONE))
            {
                BellpersonParams.write(pk, key);
            }
            System.out.printf("bench cluster: %s; %d job(s) x %d partitions of %s, %d worker(s) per daemon on the"
                + " CPU%n", url.replaceAll("password=[^&]*", "password=***"), jobs, partitions, CIRCUIT, workers);
            System.out.println("  daemons  partitions/s  claim ms (mean)  statements/partition");
            for (int n = 1; n <= daemons; n++)
            {
                run(n, work, key);
                empty();
            }
            return CliSupport.OK;
        });
    }

    private void run(final int n, final Path work, final Path key) throws Exception
    {
        final List<Daemon> started = new ArrayList<>();
        final List<DaemonClient> clients = new ArrayList<>();
        try
        {
            for (int i = 0; i < n; i++)
            {
                final Map<String, String> m = new LinkedHashMap<>();
                m.put("listen", "127.0.0.1:0");
                m.put("http-listen", "off");
                m.put("timeline", "off");
                m.put("data-dir", work.resolve("d" + n + "-" + i).toString());
                m.put("key-roots", work.toAbsolutePath().toString());
                m.put("workers", String.valueOf(workers));
                m.put("threads", "1");
                m.put("queue-capacity", String.valueOf(Math.max(64, jobs)));
                m.put("cluster", url);
                m.put("cluster-host", "bench-" + i);
                m.put("cluster-poll", "20ms");
                m.put("device", "cpu");
                final Daemon d = Daemon.start(DaemonConfig.of(m, "bench settings"));
                started.add(d);
                clients.add(DaemonClient.connect("127.0.0.1:" + d.grpcPort(), null));
            }
            final long statements0 = sum(clients, "jprove_cluster_statements_total");
            final long t0 = System.nanoTime();
            final List<Long> ids = new ArrayList<>();
            for (int j = 0; j < jobs; j++)
            {
                ids.add(clients.get(j % n).submit(request("bench-" + n + "-" + j, key)).getJobId());
            }
            for (int j = 0; j < jobs; j++)
            {
                final JobStatus s = clients.get((j + 1) % n).await(ids.get(j), WAIT);
                if (s.getState() != JobState.SUCCEEDED || s.getPartitionsCount() != partitions)
                {
                    throw new IllegalStateException("job " + s.getJobId() + " " + s.getState() + ": " + s.getError());
                }
            }
            final double seconds = (System.nanoTime() - t0) / 1e9;
            final long total = (long)jobs * partitions;
            final double claims = sum(clients, "jprove_cluster_claims_total");
            final double claimSeconds = sumDouble(clients, "jprove_cluster_claim_seconds_sum");
            final long statements = sum(clients, "jprove_cluster_statements_total") - statements0;
            System.out.printf("  %7d  %12.1f  %15.2f  %20.1f%n", n, total / seconds, 1000 * claimSeconds / claims,
                (double)statements / total);
        }
        finally
        {
            for (final DaemonClient c : clients)
            {
                c.close();
            }
            for (final Daemon d : started)
            {
                d.close();
            }
        }
    }

    private ProofRequest request(final String id, final Path key)
    {
        return ProofRequest.newBuilder().setRequestId(id).setBuiltin(io.jprove.engine.daemon.rpc.BuiltinCircuit
            .newBuilder().setName(CIRCUIT).setParamsPath(key.toString()).setPartitions(partitions)).build();
    }

    private static long sum(final List<DaemonClient> clients, final String metric)
    {
        return Math.round(sumDouble(clients, metric));
    }

    private static double sumDouble(final List<DaemonClient> clients, final String metric)
    {
        double total = 0;
        for (final DaemonClient c : clients)
        {
            for (final String line : c.metrics().split("\n"))
            {
                if (line.startsWith(metric + " "))
                {
                    total += Double.parseDouble(line.substring(metric.length() + 1));
                }
            }
        }
        return total;
    }

    private void refuseUnlessEmpty() throws SQLException
    {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT to_regclass('jprove_job') IS NOT NULL"))
        {
            r.next();
            if (r.getBoolean(1))
            {
                try (ResultSet n = s.executeQuery("SELECT count(*) FROM jprove_job"))
                {
                    n.next();
                    if (n.getLong(1) > 0)
                    {
                        throw new IllegalArgumentException("the benchmark needs a database of its own: " + url
                            .replaceAll("password=[^&]*", "password=***") + " holds " + n.getLong(1) + " jprove"
                            + " job(s)");
                    }
                }
            }
        }
    }

    private void empty() throws SQLException
    {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement())
        {
            s.execute("DELETE FROM jprove_job");
            s.execute("DELETE FROM jprove_input");
            s.execute("DELETE FROM jprove_host");
        }
    }
}
