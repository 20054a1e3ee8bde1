package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.PartitionState;

/**
 * SIGKILL with jobs running and queued, then a restart on the same data folder: every acknowledged job completes,
 * and the journal holds exactly one proof per partition and one end per job.
 */
class DaemonRestartTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    @Test
    void shouldResumeEveryJobAndProveEachPartitionOnceWhenKilledAndRestarted() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final Path data = dir.resolve("data");
        final String settings = "listen = 127.0.0.1:0\nhttp-listen = off\ntimeline = off\nthreads = 2\ndevice = cpu\n"
            + "journal-sync = sync\ndata-dir = " + data + "\nkey-roots = " + dir + "\n";
        final long running;
        final List<Long> queued;
        final DaemonProcess first = DaemonProcess.start(dir, settings);
        try (DaemonClient c = DaemonClient.connect("127.0.0.1:" + first.port(), null))
        {
            running = c.submit(f.chain("running", 8, 0)).getJobId();
            // queued once the running job proves: a job's partitions are handed out once its key is loaded, so a
            // job whose key loads first could otherwise overtake it
            eventually(WAIT, "a partition of the running job", () -> c.status(running).getJobs(0)
                .getPartitionsList().stream().filter(p -> p == PartitionState.PARTITION_DONE).count() >= 1);
            queued = List.of(c.submit(f.cubic("queued-cubic", f.wtns)).getJobId(),
                c.submit(f.chain("queued-chain", 2, 0)).getJobId());
            eventually(WAIT, "two partitions of the running job", () -> c.status(running).getJobs(0)
                .getPartitionsList().stream().filter(p -> p == PartitionState.PARTITION_DONE).count() >= 2);
        }
        first.kill();

        final DaemonProcess second = DaemonProcess.start(dir, settings);
        try (second; DaemonClient c = DaemonClient.connect("127.0.0.1:" + second.port(), null))
        {
            assertEquals(3, second.resumed(), "the running and both queued jobs resume");
            assertVerified(c.await(running, WAIT), f.chainVk);
            assertVerified(c.await(queued.get(0), WAIT), f.cubicVk);
            assertVerified(c.await(queued.get(1), WAIT), f.chainVk);
            // the request ids survived with their jobs
            assertEquals(queued.get(0), c.submit(f.cubic("queued-cubic", f.wtns)).getJobId());
        }

        final Map<String, Integer> partitions = new HashMap<>();
        final Map<Long, Integer> ends = new HashMap<>();
        try (Journal j = Journal.open(data.resolve("journal"), DaemonConfig.JournalSync.NONE, data.resolve("spool")))
        {
            j.replay(e ->
            {
                if (e instanceof final JournalRecord.PartitionDone p)
                {
                    partitions.merge(p.job() + "/" + p.partition(), 1, Integer::sum);
                }
                else if (e instanceof final JournalRecord.Finished end)
                {
                    assertEquals(JobState.SUCCEEDED.name(), end.state().name());
                    ends.merge(end.job(), 1, Integer::sum);
                }
            });
        }
        assertEquals(8 + 1 + 2, partitions.size());
        assertTrue(partitions.values().stream().allMatch(n -> n == 1), "each partition proved once: " + partitions);
        assertEquals(Map.of(running, 1, queued.get(0), 1, queued.get(1), 1), ends);
    }
}
