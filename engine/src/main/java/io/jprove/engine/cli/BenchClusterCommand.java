package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
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
import io.jprove.engine.daemon.JobSpec;
import io.jprove.engine.daemon.PartitionProver;
import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.groth16.StepTimes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench cluster}: the shared queue itself, with N = 1 … {@code --daemons} daemons in this process on
 * one PostgreSQL database: partitions per second through the queue, the mean claim latency, and SQL statements per
 * partition (claims, completions, heartbeats, polls and submissions, all counted). Proving is simulated, so that the
 * figures are the queue's and a small host can stand for many: each claim holds a worker for {@code --prove-ms} and
 * stores a placeholder proof (192 zero bytes). The database must be one of the benchmark's own: it refuses a database
 * that holds jobs, and empties the tables it made between runs.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Time the cluster's shared queue on a PostgreSQL database: partitions/s with 1..N daemons, claim "
        + "latency, statements per partition (proving simulated).")
final class BenchClusterCommand implements Callable<Integer>
{
    private static final Duration WAIT = Duration.ofMinutes(30);

    @Option(names = "--database", required = true, paramLabel = "JDBC_URL", description = "An empty PostgreSQL "
        + "database for the benchmark alone (jdbc:postgresql://HOST:PORT/DB?user=U).")
    private String url;

    @Option(names = "--daemons", description = "Runs with 1 up to this many daemons (default 4).")
    private int daemons = 4;

    @Option(names = "--workers", description = "Simulated workers per daemon (default 4).")
    private int workers = 4;

    @Option(names = "--prove-ms", description = "How long a simulated proof holds its worker (default 10).")
    private int proveMs = 10;

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
            if (daemons < 1 || workers < 1 || proveMs < 0 || jobs < 1 || partitions < 2)
            {
                throw new IllegalArgumentException("--daemons, --workers and --jobs must be at least 1, --partitions"
                    + " at least 2, --prove-ms at least 0");
            }
            refuseUnlessEmpty();
            final Path work = Files.createTempDirectory("jprove-bench-cluster");
            // the builtin spec names a key file; the simulated prover never reads it, the memory estimate does
            final Path key = Files.writeString(work.resolve("placeholder.params"), "simulated");
            System.out.printf("bench cluster: %s; %d job(s) x %d partitions, %d simulated worker(s) per daemon,"
                + " %d ms per proof%n", url.replaceAll("password=[^&]*", "password=***"), jobs, partitions, workers,
                proveMs);
            System.out.println("  daemons  partitions/s  of capacity  claim ms (mean)  statements/partition");
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
                final Daemon d = Daemon.start(DaemonConfig.of(m, "bench settings"), simulated());
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
            // the simulated workers' ceiling: every worker busy proving all the time
            final String ofCapacity = proveMs == 0 ? "-" : String.format("%.0f%%", 100 * total / seconds
                / (n * workers * 1000.0 / proveMs));
            System.out.printf("  %7d  %12.1f  %11s  %15.2f  %20.1f%n", n, total / seconds, ofCapacity,
                1000 * claimSeconds / claims, (double)statements / total);
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
        return ProofRequest.newBuilder().setRequestId(id).setBuiltin(BuiltinCircuit.newBuilder()
            .setName("poseidon-chain-1").setParamsPath(key.toString()).setPartitions(partitions)).build();
    }

    /** @return provers that hold their worker for --prove-ms and return a placeholder proof. */
    private PartitionProver.Factory simulated()
    {
        return (worker, keys) -> new PartitionProver()
        {
            @Override
            public String device()
            {
                return "simulated, " + proveMs + " ms per proof";
            }

            @Override
            public PartitionProof prove(final long job, final JobSpec spec, final int partition,
                final StepTimes times)
            {
                try
                {
                    Thread.sleep(proveMs);
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
                return new PartitionProof(new byte[192], new byte[0]);
            }

            @Override
            public void close()
            {
            }
        };
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
