package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobStatus;

/**
 * Daemons of one cluster in this JVM, over a real PostgreSQL: a job submitted to one is proved by all and delivered
 * by another, circom witnesses travel through the database, the queue bound holds across hosts, and a request id
 * means one job cluster-wide.
 */
class ClusterStoreTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;
    private static DaemonFixtures f;
    private static PostgresServer pg;
    private static int databases;

    @BeforeAll
    static void start()
    {
        f = DaemonFixtures.in(dir);
        pg = PostgresServer.startIn(dir.resolve("pg"));
    }

    @AfterAll
    static void stop() throws Exception
    {
        if (pg != null)
        {
            pg.close();
        }
    }

    /** @return a fresh database's URL, so that each test has its own cluster. */
    private static String database() throws Exception
    {
        final String name = "store" + ++databases;
        pg.createDatabase(name);
        return pg.url(name);
    }

    private static DaemonConfig host(final String url, final String name, final String... extra) throws Exception
    {
        final Path data = Files.createDirectories(dir.resolve("data-" + name + "-" + databases));
        final String[] kv = {"cluster", url, "cluster-host", name, "cluster-heartbeat", "50ms", "cluster-lease",
            "1s", "cluster-poll", "20ms"};
        final String[] all = java.util.Arrays.copyOf(kv, kv.length + extra.length);
        System.arraycopy(extra, 0, all, kv.length, extra.length);
        return DaemonFixtures.config(data, all);
    }

    @Test
    void shouldDeliverFromAnyHostWhenJobIsProvedAcrossTheCluster() throws Exception
    {
        final String url = database();
        try (Daemon a = Daemon.start(host(url, "a")); Daemon b = Daemon.start(host(url, "b"));
             DaemonClient ca = DaemonFixtures.client(a, null); DaemonClient cb = DaemonFixtures.client(b, null))
        {
            final long chain = ca.submit(f.chain("spread", 12, 0)).getJobId();
            final long cubic = cb.submit(f.cubic("cubic", f.wtns)).getJobId();
            assertVerified(cb.await(chain, WAIT), f.chainVk);
            assertVerified(ca.await(cubic, WAIT), f.cubicVk);
            // the same request id and payload, through the other host, is the same job
            assertEquals(chain, cb.submit(f.chain("spread", 12, 0)).getJobId());
            final StatusRuntimeException conflict = assertThrows(StatusRuntimeException.class,
                () -> cb.submit(f.chain("spread", 13, 0)));
            assertEquals(Status.Code.ALREADY_EXISTS, conflict.getStatus().getCode());
            final var cluster = ca.status(0).getCluster();
            assertEquals(2, cluster.getHostsCount());
            assertEquals(0, cluster.getQueuedPartitions());
        }
    }

    @Test
    void shouldFailTheJobWhenWitnessDoesNotSatisfyTheCircuit() throws Exception
    {
        final String url = database();
        try (Daemon a = Daemon.start(host(url, "a")); DaemonClient c = DaemonFixtures.client(a, null))
        {
            final JobStatus s = c.await(c.submit(f.cubic("bad", f.badWtns)).getJobId(), WAIT);
            assertEquals(io.jprove.engine.daemon.rpc.JobState.FAILED, s.getState());
            assertTrue(s.getError().startsWith("partition 0: "), s.getError());
        }
    }
}
