package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.groth16.VerifyingKey;

/**
 * {@code jprove daemon} processes sharing one real PostgreSQL on loopback, with fast liveness times: many partitions
 * each proved once while one daemon is killed (SIGKILL) and later restarted and the database itself is restarted;
 * a restarted daemon resumes the claims it still holds; a daemon stopped (SIGSTOP) past its lease loses its claims
 * and its late results are refused. What the database holds is checked directly.
 */
class ClusterDaemonTest
{
    private static final Duration WAIT = Duration.ofSeconds(240);
    /** The circuit of the partitions: a Poseidon hash (311 constraints), the cheapest built-in proof. */
    private static final String CIRCUIT = "poseidon-chain-1";
    private static final int JOBS = 10;
    private static final int PARTITIONS = 100;

    @TempDir
    static Path dir;
    private static PostgresServer pg;
    private static Path params;
    private static VerifyingKey vk;

    @BeforeAll
    static void start()
    {
        pg = PostgresServer.startIn(dir.resolve("pg"));
        params = dir.resolve("chain1.params");
        vk = DaemonFixtures.builtinParams(CIRCUIT, params);
    }

    @AfterAll
    static void stop() throws Exception
    {
        if (pg != null)
        {
            pg.close();
        }
    }

    private static ProofRequest job(final String requestId, final int partitions)
    {
        return ProofRequest.newBuilder().setRequestId(requestId).setBuiltin(BuiltinCircuit.newBuilder()
            .setName(CIRCUIT).setParamsPath(params.toString()).setPartitions(partitions)
            .setSeed(requestId.hashCode())).build();
    }

    /** Starts daemon {@code name} of the cluster at {@code url} with the liveness times of the tests. */
    private static DaemonProcess daemon(final String url, final String name, final String lease,
        final String... extra) throws Exception
    {
        final Path home = Files.createDirectories(dir.resolve(name + "-" + url.hashCode()));
        final StringBuilder s = new StringBuilder("listen = 127.0.0.1:0\nhttp-listen = off\ntimeline = off\n"
            + "threads = 1\ndevice = cpu\nqueue-capacity = 64\ndata-dir = " + home.resolve("data") + "\nkey-roots = "
            + dir + "\ncluster = "
            + url + "\n"
            + "cluster-host = " + name + "\ncluster-heartbeat = 100ms\ncluster-lease = " + lease + "\n"
            + "cluster-poll = 50ms\n");
        for (int i = 0; i < extra.length; i += 2)
        {
            s.append(extra[i]).append(" = ").append(extra[i + 1]).append('\n');
        }
        return DaemonProcess.start(home, s.toString());
    }

    /** A condition on what the database holds. */
    @FunctionalInterface
    private interface Condition
    {
        boolean holds() throws SQLException;
    }

    /** Polls {@code condition} until it holds; a database being restarted only delays it. */
    private static void until(final String what, final Condition condition)
    {
        eventually(WAIT, what, () ->
        {
            try
            {
                return condition.holds();
            }
            catch (final SQLException e)
            {
                return false;
            }
        });
    }

    private static DaemonClient client(final DaemonProcess d)
    {
        return DaemonClient.connect("127.0.0.1:" + d.port(), null);
    }

    private static long count(final String url, final String sql) throws SQLException
    {
        try (Connection c = DriverManager.getConnection(url); PreparedStatement p = c.prepareStatement(sql);
             ResultSet r = p.executeQuery())
        {
            r.next();
            return r.getLong(1);
        }
    }

    /** @return (job, partition) → claim of the partitions {@code host} holds now. */
    private static Map<String, Long> claimsOf(final String url, final String host) throws SQLException
    {
        final Map<String, Long> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection(url); PreparedStatement p = c.prepareStatement(
            "SELECT job, part, claim FROM jprove_partition WHERE state = 1 AND owner = ?"))
        {
            p.setString(1, host);
            try (ResultSet r = p.executeQuery())
            {
                while (r.next())
                {
                    out.put(r.getLong(1) + "/" + r.getInt(2), r.getLong(3));
                }
            }
        }
        return out;
    }

    /** @return who proved the partition and under which claim, or null when it is not done. */
    private static String provedBy(final String url, final String partition) throws SQLException
    {
        final String[] jp = partition.split("/");
        try (Connection c = DriverManager.getConnection(url); PreparedStatement p = c.prepareStatement(
            "SELECT proved_by, claim FROM jprove_partition WHERE job = ? AND part = ? AND state = 2"))
        {
            p.setLong(1, Long.parseLong(jp[0]));
            p.setInt(2, Integer.parseInt(jp[1]));
            try (ResultSet r = p.executeQuery())
            {
                return r.next() ? r.getString(1) + "#" + r.getLong(2) : null;
            }
        }
    }

    private static long done(final String url)
    {
        try
        {
            return count(url, "SELECT count(*) FROM jprove_partition WHERE state = 2");
        }
        catch (final SQLException e)
        {
            // the database is being restarted
            return -1;
        }
    }

    /** Samples every 20 ms, until {@code sampling} is cleared, the most claims each host held at once. */
    private static Thread sampleClaims(final String url, final Map<String, Long> mostClaims,
        final AtomicBoolean sampling)
    {
        final Thread sampler = new Thread(() ->
        {
            while (sampling.get())
            {
                try (Connection c = DriverManager.getConnection(url); PreparedStatement p = c.prepareStatement(
                    "SELECT owner, count(*) FROM jprove_partition WHERE state = 1 GROUP BY owner");
                     ResultSet r = p.executeQuery())
                {
                    while (r.next())
                    {
                        mostClaims.merge(r.getString(1), r.getLong(2), Math::max);
                    }
                    Thread.sleep(20);
                }
                catch (final SQLException e)
                {
                    // the database is being restarted; sample again
                }
                catch (final InterruptedException e)
                {
                    return;
                }
            }
        }, "claim-sampler");
        sampler.start();
        return sampler;
    }

    @Test
    void shouldProveEachPartitionOnceWhenDaemonsAndTheDatabaseFailMidRun() throws Exception
    {
        pg.createDatabase("many");
        final String url = pg.url("many");
        final long paramsBytes = Files.size(params);
        final List<DaemonProcess> hosts = new ArrayList<>(List.of(daemon(url, "h1", "1500ms", "workers", "1"),
            daemon(url, "h2", "1500ms", "workers", "2"), daemon(url, "h3", "1500ms", "workers", "1"),
            // two workers, but a budget for one partition at a time
            daemon(url, "h4", "1500ms", "workers", "2", "memory-budget", String.valueOf(paramsBytes * 3 / 2))));
        final Map<String, Integer> capacity = Map.of("h1", 1, "h2", 2, "h3", 1, "h4", 1);
        final Map<String, Long> mostClaims = new ConcurrentHashMap<>();
        final AtomicBoolean sampling = new AtomicBoolean(true);
        final Thread sampler = sampleClaims(url, mostClaims, sampling);
        try
        {
            final List<Long> jobs = new ArrayList<>();
            for (int i = 0; i < JOBS; i++)
            {
                try (DaemonClient c = client(hosts.get(i % hosts.size())))
                {
                    jobs.add(c.submit(job("many-" + i, PARTITIONS)).getJobId());
                }
            }
            until("150 partitions proved", () -> done(url) >= 150);
            until("h3 to hold a claim", () -> !claimsOf(url, "h3").isEmpty());
            hosts.get(2).kill();
            final Map<String, Long> orphaned = claimsOf(url, "h3");
            until("400 partitions proved", () -> done(url) >= 400);
            pg.stop();
            Thread.sleep(1_500);
            pg.start();
            // the claims of the killed daemon were returned after its lease and proved elsewhere
            until("h3's partitions to be proved", () ->
            {
                for (final String p : orphaned.keySet())
                {
                    final String by = provedBy(url, p);
                    if (by == null)
                    {
                        return false;
                    }
                    assertTrue(!by.startsWith("h3#"), p + " was proved by the killed daemon: " + by);
                }
                return true;
            });
            hosts.set(2, daemon(url, "h3", "1500ms", "workers", "1"));
            try (DaemonClient c = client(hosts.get(0)))
            {
                for (final long job : jobs)
                {
                    final JobStatus s = c.await(job, WAIT);
                    // every proof was verified where it was proved; here, all of the first job's and of the jobs
                    // the killed daemon held, and the shape of the others (a thousand pairings would double the run)
                    if (job == jobs.get(0) || orphaned.keySet().stream().anyMatch(p -> p.startsWith(job + "/")))
                    {
                        assertVerified(s, vk);
                    }
                    else
                    {
                        assertEquals(JobState.SUCCEEDED, s.getState(), s.getError());
                        assertEquals(PARTITIONS * 192, s.getProof().size());
                        assertEquals(PARTITIONS * (vk.numInputs() - 1), s.getPublicInputsCount());
                    }
                }
            }
            try (DaemonClient c = client(hosts.get(2)))
            {
                assertTrue(ClusterStoreTest.metric(c.metrics(), "jprove_cluster_claims_total") > 0,
                    "the restarted daemon claims again");
            }
        }
        finally
        {
            sampling.set(false);
            sampler.join();
            for (final DaemonProcess d : hosts)
            {
                d.close();
            }
        }
        assertEquals(JOBS * PARTITIONS, count(url, "SELECT count(*) FROM jprove_partition WHERE state = 2"));
        // a second count of any partition would have pushed a job's done past its partitions (or ended it early)
        assertEquals(JOBS, count(url, "SELECT count(*) FROM jprove_job WHERE state = 'succeeded' AND done = "
            + PARTITIONS));
        for (final var e : mostClaims.entrySet())
        {
            assertTrue(e.getValue() <= capacity.get(e.getKey()), e.getKey() + " held " + e.getValue()
                + " claims at once, over its capacity " + capacity.get(e.getKey()));
        }
        assertEquals(capacity.keySet(), mostClaims.keySet(), "every host claimed");
    }

    @Test
    void shouldResumeItsClaimsWhenADaemonIsKilledAndRestartedWithinItsLease() throws Exception
    {
        pg.createDatabase("resume");
        final String url = pg.url("resume");
        DaemonProcess d = daemon(url, "r1", "60s", "workers", "1");
        try
        {
            final long job;
            try (DaemonClient c = client(d))
            {
                job = c.submit(job("resume", 6)).getJobId();
            }
            until("r1 to hold a claim", () -> !claimsOf(url, "r1").isEmpty());
            d.kill();
            final Map<String, Long> held = claimsOf(url, "r1");
            d = daemon(url, "r1", "60s", "workers", "1");
            assertEquals(held.size(), d.resumedClaims(), d.output());
            try (DaemonClient c = client(d))
            {
                assertVerified(c.await(job, WAIT), vk);
            }
            // proved by the restarted daemon under the claim it held, never claimed again
            for (final var e : held.entrySet())
            {
                assertEquals("r1#" + e.getValue(), provedBy(url, e.getKey()));
            }
        }
        finally
        {
            d.close();
        }
    }

    @Test
    void shouldRefuseTheLateResultsWhenADaemonIsStoppedPastItsLease() throws Exception
    {
        pg.createDatabase("stopped");
        final String url = pg.url("stopped");
        final List<DaemonProcess> hosts = List.of(daemon(url, "s1", "800ms"), daemon(url, "s2", "800ms"),
            daemon(url, "s3", "800ms"));
        try
        {
            final long job;
            try (DaemonClient c = client(hosts.get(1)))
            {
                job = c.submit(job("stopped", 30)).getJobId();
            }
            until("s1 to hold a claim", () -> !claimsOf(url, "s1").isEmpty());
            hosts.get(0).signal("STOP");
            // a completion sent just before the stop has landed by now
            Thread.sleep(200);
            final Map<String, Long> frozen = claimsOf(url, "s1");
            assertTrue(!frozen.isEmpty(), "s1 was stopped holding a claim");
            until("s1's claims to be proved elsewhere", () ->
            {
                for (final String p : frozen.keySet())
                {
                    if (provedBy(url, p) == null)
                    {
                        return false;
                    }
                }
                return true;
            });
            hosts.get(0).signal("CONT");
            try (DaemonClient c = client(hosts.get(2)))
            {
                assertVerified(c.await(job, WAIT), vk);
            }
            try (DaemonClient c = client(hosts.get(0)))
            {
                until("s1's late results to be refused", () -> ClusterStoreTest.metric(c.metrics(),
                    "jprove_cluster_refused_total") >= 1);
            }
            for (final String p : frozen.keySet())
            {
                final String by = provedBy(url, p);
                assertTrue(!by.startsWith("s1#"), p + " kept the stopped daemon's late proof: " + by);
            }
            assertEquals(1, count(url, "SELECT count(*) FROM jprove_job WHERE state = 'succeeded' AND done = 30"));
        }
        finally
        {
            for (final DaemonProcess d : hosts)
            {
                d.close();
            }
        }
    }
}
