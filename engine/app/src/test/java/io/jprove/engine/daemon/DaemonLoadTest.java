package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;

/**
 * A bounded load on loopback: {@value #JOBS} small proofs from {@value #CLIENTS} clients against a queue of
 * {@value #CAPACITY}, retrying on "busy", within a time limit. No job is lost (every request gets its own job and
 * a proof that verifies), and memory stays flat: the heap after the last rounds is within a bound of the heap after
 * the first, and pruning with compaction keeps the journal from growing with the job count.
 */
class DaemonLoadTest
{
    private static final int JOBS = 160;
    private static final int CLIENTS = 4;
    private static final int CAPACITY = 2;
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final long HEAP_GROWTH_BYTES = 32L << 20;

    @TempDir
    static Path dir;

    private static long heapAfterGc()
    {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void shouldLoseNoJobAndHoldMemoryFlatWhenLoadedPastQueueCapacity() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(f.cubicVk);
        final long deadline = System.nanoTime() + LIMIT.toNanos();
        final AtomicInteger busy = new AtomicInteger();
        final Set<Long> jobIds = ConcurrentHashMap.newKeySet();
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data"), "queue-capacity",
            String.valueOf(CAPACITY), "result-retention", "200ms"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            long firstHeap = 0;
            try
            {
                final int rounds = 4;
                for (int round = 0; round < rounds; round++)
                {
                    final List<Future<JobStatus>> results = new ArrayList<>();
                    for (int i = 0; i < JOBS / rounds; i++)
                    {
                        final String id = "load-" + round + "-" + i;
                        results.add(clients.submit(() -> proveRetryingWhenBusy(c, f, id, busy, deadline)));
                    }
                    for (final Future<JobStatus> r : results)
                    {
                        final JobStatus s = r.get();
                        assertTrue(jobIds.add(s.getJobId()), "a job answered two requests: " + s.getJobId());
                        final long[] inputs = Groth16Verifier.inputsFromCanonical(s.getPublicInputs(0).toByteArray());
                        assertTrue(Groth16Verifier.verify(pvk, Proof.fromBytes(s.getProof().toByteArray(), 0),
                            inputs));
                    }
                    if (round == 0)
                    {
                        firstHeap = heapAfterGc();
                    }
                }
            }
            finally
            {
                clients.shutdownNow();
            }
            assertEquals(JOBS, jobIds.size());
            assertTrue(busy.get() > 0, "the load went past the queue's capacity at least once");
            final long growth = heapAfterGc() - firstHeap;
            assertTrue(growth < HEAP_GROWTH_BYTES, "heap grew by " + growth + " bytes over " + JOBS + " jobs");
            final String metrics = c.metrics();
            assertTrue(metrics.contains("jprove_daemon_jobs_finished_total{state=\"succeeded\"} " + JOBS + "\n"),
                metrics);
            DaemonFixtures.eventually(LIMIT, "finished jobs to be pruned", () -> c.status(0).getJobsCount() == 0);
            // the journal is compacted as jobs are pruned: far fewer entries than the four each job wrote
            final long entries = Long.parseLong(c.metrics().lines().filter(l -> l.startsWith(
                "jprove_daemon_journal_entries ")).findFirst().orElseThrow().split(" ")[1]);
            assertTrue(entries < 2L * JOBS, "journal entries " + entries);
        }
    }

    private static JobStatus proveRetryingWhenBusy(final DaemonClient c, final DaemonFixtures f, final String id,
        final AtomicInteger busy, final long deadline) throws InterruptedException
    {
        while (System.nanoTime() < deadline)
        {
            try
            {
                return c.prove(f.cubic(id, f.wtns), LIMIT);
            }
            catch (final StatusRuntimeException e)
            {
                if (e.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED)
                {
                    throw e;
                }
                busy.incrementAndGet();
                Thread.sleep(2);
            }
        }
        throw new AssertionError("request " + id + " not accepted within " + LIMIT);
    }
}
