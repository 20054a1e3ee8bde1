package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.pipeline.ForwardingBackend;

/**
 * Daemons of one cluster in this JVM, over a real PostgreSQL: a job submitted to one is proved by all and delivered
 * by another, circom witnesses travel through the database, the queue bound holds across hosts, a request id means
 * one job cluster-wide, higher priorities are claimed first, and a partition past its timeout on a live host is
 * proved elsewhere while the late result is refused.
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

    /** @return a counter's value in a Prometheus text, -1 when absent. */
    static double metric(final String text, final String name)
    {
        for (final String line : text.split("\n"))
        {
            if (line.startsWith(name + " "))
            {
                return Double.parseDouble(line.substring(name.length() + 1));
            }
        }
        return -1;
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
    void shouldFindTheNewestAttemptOfARequestFromAnyHost() throws Exception
    {
        final String url = database();
        try (Daemon a = Daemon.start(host(url, "a")); Daemon b = Daemon.start(host(url, "b"));
             DaemonClient ca = DaemonFixtures.client(a, null))
        {
            ca.submit(f.chain("x", 1, 0));
            ca.submit(f.chain("x2", 1, 0));
            final long second = ca.submit(f.chain("#2:x", 1, 0)).getJobId();
            ca.submit(f.chain("#12:y", 1, 0));
            ca.submit(f.chain("#12:yy", 1, 0));
            assertEquals(second, b.store().newestAttempt("x").id());
            assertEquals("#12:y", b.store().newestAttempt("y").requestId());
            assertEquals(null, b.store().newestAttempt("z"));
            assertEquals(null, b.store().newestAttempt("2:x"));
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

    @Test
    void shouldAnswerBusyOnEveryHostWhenTheClusterQueueIsFull() throws Exception
    {
        final String url = database();
        try (Daemon a = Daemon.start(host(url, "a", "queue-capacity", "2"));
             Daemon b = Daemon.start(host(url, "b", "queue-capacity", "2"));
             DaemonClient ca = DaemonFixtures.client(a, null); DaemonClient cb = DaemonFixtures.client(b, null))
        {
            final long first = ca.submit(f.chain("full-1", 400, 0)).getJobId();
            ca.submit(f.chain("full-2", 400, 0));
            for (final DaemonClient c : new DaemonClient[] {ca, cb})
            {
                final StatusRuntimeException busy = assertThrows(StatusRuntimeException.class,
                    () -> c.submit(f.chain("full-3", 1, 1)));
                assertEquals(Status.Code.RESOURCE_EXHAUSTED, busy.getStatus().getCode());
                assertTrue(busy.getStatus().getDescription().contains("queue-capacity 2"),
                    busy.getStatus().getDescription());
            }
            // a cancel on one host frees a place for a submission on the other
            assertEquals(io.jprove.engine.daemon.rpc.JobState.CANCELLED, cb.cancel(first).getState());
            assertVerified(cb.prove(f.chain("full-3", 1, 1), WAIT), f.chainVk);
        }
    }

    @Test
    void shouldClaimHigherPriorityFirstWhenBothAreQueued() throws Exception
    {
        final String url = database();
        try (Daemon a = Daemon.start(host(url, "a")); DaemonClient c = DaemonFixtures.client(a, null))
        {
            final long low = c.submit(f.chain("low", 16, 0)).getJobId();
            final long high = c.submit(f.chain("high", 4, 5)).getJobId();
            assertVerified(c.await(high, WAIT), f.chainVk);
            assertVerified(c.await(low, WAIT), f.chainVk);
            try (var db = java.sql.DriverManager.getConnection(url); var q = db.prepareStatement("SELECT count(*)"
                + " FROM jprove_partition WHERE job = ? AND proved_at < (SELECT max(proved_at) FROM jprove_partition"
                + " WHERE job = ?)"))
            {
                q.setLong(1, low);
                q.setLong(2, high);
                try (var r = q.executeQuery())
                {
                    r.next();
                    // the one worker took low's first partitions before high arrived; none after
                    assertTrue(r.getInt(1) <= 2, r.getInt(1) + " low-priority partitions went before high's last");
                }
            }
        }
    }

    @Test
    void shouldRefuseTheLateResultWhenPartitionOutlivedItsTimeoutOnALiveHost() throws Exception
    {
        final String url = database();
        final java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        // host a's first partition takes longer than the partition timeout on its device; its heartbeat goes on
        final ProverBackend slowOnce = new SlowFirstProof(new CpuProverBackend(1), first);
        try (Daemon a = Daemon.start(host(url, "a", "cluster-partition-timeout", "2s"), List.of(slowOnce));
             DaemonClient ca = DaemonFixtures.client(a, null))
        {
            final long job = ca.submit(f.chain("timeout", 1, 0)).getJobId();
            DaemonFixtures.eventually(WAIT, "host a to claim", () -> !first.get());
            try (Daemon b = Daemon.start(host(url, "b", "cluster-partition-timeout", "2s"));
                 DaemonClient cb = DaemonFixtures.client(b, null))
            {
                assertVerified(cb.await(job, WAIT), f.chainVk);
                DaemonFixtures.eventually(Duration.ofSeconds(20), "a's late result to be refused",
                    () -> metric(ca.metrics(), "jprove_cluster_refused_total") >= 1);
                assertTrue(metric(ca.metrics(), "jprove_cluster_returned_total")
                    + metric(cb.metrics(), "jprove_cluster_returned_total") >= 1, "the claim was returned");
            }
        }
    }

    @Test
    void shouldClaimNothingWhileNoDeviceCanProveAndClaimAgainOnceOneIsBack() throws Exception
    {
        final String url = database();
        final java.util.concurrent.CountDownLatch back = new java.util.concurrent.CountDownLatch(1);
        final ProverBackend faulting = new FaultThenRestart(new CpuProverBackend(1), back);
        try (Daemon a = Daemon.start(host(url, "a"), List.of(faulting));
             DaemonClient ca = DaemonFixtures.client(a, null))
        {
            // host a's only device faults on its first partition, and its restart is held back
            final JobStatus faulted = ca.prove(f.chain("faulted", 1, 0), WAIT);
            assertEquals(io.jprove.engine.daemon.rpc.JobState.FAILED, faulted.getState());
            assertTrue(faulted.getError().contains("injected fault"), faulted.getError());
            DaemonFixtures.eventually(WAIT, "a to stop claiming", () -> metric(ca.metrics(),
                "jprove_cluster_claiming") == 0);
            final long queued = ca.submit(f.chain("queued", 3, 0)).getJobId();
            Thread.sleep(500);
            assertEquals(3, ca.status(0).getCluster().getQueuedPartitions(), "a claimed nothing meanwhile");
            try (Daemon b = Daemon.start(host(url, "b")); DaemonClient cb = DaemonFixtures.client(b, null))
            {
                assertVerified(cb.await(queued, WAIT), f.chainVk);
            }
            // the device is back: a claims and proves again
            back.countDown();
            DaemonFixtures.eventually(WAIT, "a to claim again", () -> metric(ca.metrics(),
                "jprove_cluster_claiming") == 1);
            assertVerified(ca.prove(f.chain("after", 2, 0), WAIT), f.chainVk);
        }
    }

    /**
     * A real backend whose first proof fails as a device fault would, and whose restart waits for a latch: a host
     * whose only device is down for a while.
     */
    private static final class FaultThenRestart extends ForwardingBackend
    {
        private final java.util.concurrent.CountDownLatch back;
        private final java.util.concurrent.atomic.AtomicBoolean faulted;

        FaultThenRestart(final ProverBackend backend, final java.util.concurrent.CountDownLatch back)
        {
            this(backend, back, new java.util.concurrent.atomic.AtomicBoolean());
        }

        private FaultThenRestart(final ProverBackend backend, final java.util.concurrent.CountDownLatch back,
            final java.util.concurrent.atomic.AtomicBoolean faulted)
        {
            super(backend);
            this.back = back;
            this.faulted = faulted;
        }

        @Override
        public int workers()
        {
            return delegate.workers();
        }

        @Override
        public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
        {
            if (faulted.compareAndSet(false, true))
            {
                throw new io.jprove.engine.groth16.DeviceUnusableException(name(), "injected fault", null);
            }
            return delegate.prove(key, partition, listener);
        }

        @Override
        public boolean restartable()
        {
            return true;
        }

        @Override
        public ProverBackend reopen()
        {
            try
            {
                back.await();
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("closing", e);
            }
            return new FaultThenRestart(new CpuProverBackend(1), back, faulted);
        }
    }

    /** A real backend whose first proof takes four seconds longer, as a partition stuck on a slow device would. */
    private static final class SlowFirstProof extends ForwardingBackend
    {
        private final java.util.concurrent.atomic.AtomicBoolean first;

        SlowFirstProof(final ProverBackend backend, final java.util.concurrent.atomic.AtomicBoolean first)
        {
            super(backend);
            this.first = first;
        }

        @Override
        public int workers()
        {
            return delegate.workers();
        }

        @Override
        public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
        {
            if (first.getAndSet(false))
            {
                try
                {
                    Thread.sleep(4_000);
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
            }
            return delegate.prove(key, partition, listener);
        }
    }
}
