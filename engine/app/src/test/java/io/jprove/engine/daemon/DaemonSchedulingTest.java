package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.PartitionState;

/** Cancel of queued and running jobs, the queue bound, priorities and the pruning of finished jobs. */
class DaemonSchedulingTest
{
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dir;
    private static DaemonFixtures f;

    @BeforeAll
    static void keys()
    {
        f = DaemonFixtures.in(dir);
    }

    private static long done(final JobStatus s)
    {
        return s.getPartitionsList().stream().filter(p -> p == PartitionState.PARTITION_DONE).count();
    }

    @Test
    void shouldStopAtPartitionBoundaryWhenRunningJobIsCancelled(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data)); DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long running = c.submit(f.chain("long", 200, 0)).getJobId();
            final long queued = c.submit(f.chain("queued", 5, 0)).getJobId();
            eventually(WAIT, "two partitions of the running job", () -> done(c.status(running).getJobs(0)) >= 2);
            final JobStatus q = c.cancel(queued);
            assertEquals(JobState.CANCELLED, q.getState());
            assertEquals(0, done(q));
            final JobStatus r = c.cancel(running);
            assertEquals(JobState.CANCELLED, r.getState());
            final long doneAtCancel = done(r);
            assertTrue(doneAtCancel < 200, "cancelled long before its end: " + doneAtCancel);
            // the partition in progress ends at its boundary; none starts after it, and its proof is not kept
            eventually(WAIT, "the worker to go idle", () -> c.status(0).getWorkers(0).getJobId() == 0);
            assertEquals(doneAtCancel, done(c.status(running).getJobs(0)));
            assertEquals(JobState.CANCELLED, c.await(running, WAIT).getState());
            // cancelling again changes nothing
            assertEquals(JobState.CANCELLED, c.cancel(running).getState());
            assertTrue(c.metrics().contains("jprove_daemon_jobs_finished_total{state=\"cancelled\"} 2"));
        }
    }

    @Test
    void shouldAnswerBusyWhenQueueIsFullAndAcceptAgainAfterwards(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data, "queue-capacity", "2"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long a = c.submit(f.chain("a", 200, 0)).getJobId();
            final long b = c.submit(f.chain("b", 200, 0)).getJobId();
            final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> c.submit(f.cubic("c",
                f.wtns)));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
            assertTrue(e.getStatus().getDescription().startsWith("busy: 2 unfinished jobs"), e.getMessage());
            // a retry of an accepted request is answered even when busy
            assertEquals(a, c.submit(f.chain("a", 200, 0)).getJobId());
            c.cancel(b);
            c.cancel(a);
            assertVerified(c.prove(f.cubic("c", f.wtns), WAIT), f.cubicVk);
            assertTrue(c.metrics().contains("jprove_daemon_requests_rejected_total{reason=\"busy\"} 1"));
        }
    }

    @Test
    void shouldRunHigherPriorityFirstWhenBothAreQueued(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data)); DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long blocker = c.submit(f.chain("blocker", 3, 0)).getJobId();
            final long low = c.submit(f.chain("low", 2, 0)).getJobId();
            final long high = c.submit(f.chain("high", 2, 9)).getJobId();
            final JobStatus lowDone = c.await(low, WAIT);
            final JobStatus highDone = c.await(high, WAIT);
            assertVerified(lowDone, f.chainVk);
            assertVerified(highDone, f.chainVk);
            assertTrue(highDone.getFinishedUnixMs() <= lowDone.getFinishedUnixMs(), "high priority ends first");
            assertEquals(JobState.SUCCEEDED, c.await(blocker, WAIT).getState());
        }
    }

    @Test
    void shouldProvePartitionsOfOneJobOnSeveralWorkersWhenConfigured(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data, "workers", "2", "threads", "1"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long job = c.submit(f.chain("two-workers", 6, 0)).getJobId();
            // six partitions of a second or so each on one thread: both workers take one of them at once
            eventually(WAIT, "both workers on the job", () -> c.status(0).getWorkersList().stream()
                .filter(w -> w.getJobId() == job).count() == 2);
            assertVerified(c.await(job, WAIT), f.chainVk);
            assertEquals(2, c.status(0).getWorkersCount());
        }
    }

    @Test
    void shouldForgetFinishedJobWhenRetentionRunsOut(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data, "result-retention", "300ms"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final JobStatus s = c.prove(f.cubic("short-lived", f.wtns), WAIT);
            assertEquals(JobState.SUCCEEDED, s.getState());
            eventually(WAIT, "the job to be pruned", () ->
            {
                try
                {
                    c.status(s.getJobId());
                    return false;
                }
                catch (final StatusRuntimeException e)
                {
                    return e.getStatus().getCode() == Status.Code.NOT_FOUND;
                }
            });
            // its request id is forgotten with it: the same request is a new job, with a new id
            final long again = c.submit(f.cubic("short-lived", f.wtns)).getJobId();
            assertTrue(again > s.getJobId());
        }
    }
}
