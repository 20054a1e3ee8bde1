package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.PartitionState;

/**
 * A job that kills the daemon (here: SIGKILL while it runs, as an OOM killer would) is resumed at most
 * {@code job-retries} times, then failed with the reason at the next start, and the queue behind it moves on; a
 * clean stop while it runs does not count.
 */
class JobRetriesTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    @Test
    void shouldFailAJobTheDaemonDiedWhileProvingPastTheRetriesAndProveTheQueueBehindIt() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final Path data = dir.resolve("data");
        final String settings = "listen = 127.0.0.1:0\nhttp-listen = off\ntimeline = off\nthreads = 1\ndevice = cpu\n"
            + "journal-sync = sync\njob-retries = 1\ndata-dir = " + data + "\nkey-roots = " + dir + "\n";
        final long poison;
        final long behind;
        final DaemonProcess first = DaemonProcess.start(dir, settings);
        try (DaemonClient c = DaemonClient.connect("127.0.0.1:" + first.port(), null))
        {
            poison = c.submit(f.chain("poison", 4000, 1)).getJobId();
            // behind it: the same key (a job's partitions go out once its key is loaded, so one with another key
            // could be proved first), a lower priority
            behind = c.submit(f.chain("behind", 1, 0)).getJobId();
            eventually(WAIT, "a partition of the poison job proved", () -> done(c, poison) > 0);
        }
        // a clean stop while it runs: not counted
        first.close();
        for (int kill = 1; kill <= 2; kill++)
        {
            final DaemonProcess d = DaemonProcess.start(dir, settings);
            try (DaemonClient c = DaemonClient.connect("127.0.0.1:" + d.port(), null))
            {
                assertEquals(2, d.resumed(), "stop " + kill + ": both jobs resume");
                // a partition proved in this run: its start is journaled, so the kill counts
                final long before = done(c, poison);
                eventually(WAIT, "the poison job proving again", () -> done(c, poison) > before);
            }
            d.kill();
        }

        final DaemonProcess last = DaemonProcess.start(dir, settings);
        try (last; DaemonClient c = DaemonClient.connect("127.0.0.1:" + last.port(), null))
        {
            assertEquals(1, last.resumed(), "only the job behind it resumes: " + last.output());
            final JobStatus failed = c.await(poison, WAIT);
            assertEquals(JobState.FAILED, failed.getState());
            assertEquals("the daemon stopped 2 times while proving it (job-retries = 1); not resumed again",
                failed.getError());
            assertTrue(last.output().contains("job " + poison + " (poison) failed: the daemon stopped 2 times"),
                last.output());
            assertVerified(c.await(behind, WAIT), f.chainVk);
        }
    }

    private static long done(final DaemonClient c, final long job)
    {
        return c.status(job).getJobs(0).getPartitionsList().stream()
            .filter(p -> p == PartitionState.PARTITION_DONE).count();
    }
}
