package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.timeline.Timeline;

/**
 * The disk under the data directory: new work is refused with RESOURCE_EXHAUSTED naming the free space while less
 * than disk-reserve would be left, {@code /metrics} says so, and the jobs already accepted go on; a journal write that
 * fails refuses the request and leaves no job, and a partition whose entry cannot be written is proved again.
 */
class DaemonDiskSpaceTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    @Test
    void shouldRefuseNewWorkNamingFreeSpaceWhenDiskIsBelowReserve()
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        // a reserve no disk here has: every new job is refused, and nothing else is
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data"), "disk-reserve", "100000000g"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            for (final var request : List.of(f.cubic("full-circom", f.wtns), f.chain("full-builtin", 1, 0)))
            {
                final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> c.submit(request));
                assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
                assertTrue(e.getStatus().getDescription().matches("the data directory's disk \\(.*\\) has \\d+ MiB"
                    + " free; .* needs .* and disk-reserve keeps 102400000000 MiB for the jobs already"
                    + " accepted: new work is refused until space is freed"), e.getStatus().getDescription());
            }
            final String metrics = c.metrics();
            assertTrue(metrics.contains("\njprove_daemon_disk_full 1\n"), metrics);
            assertTrue(metrics.contains("jprove_daemon_requests_rejected_total{reason=\"no_space\"} 2\n"), metrics);
            assertTrue(metrics.matches("(?s).*\njprove_daemon_disk_free_bytes [1-9]\\d*\n.*"), metrics);
            assertEquals(0, c.status(0).getJobsCount());
        }
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data")));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.prove(f.cubic("room-again", f.wtns), WAIT), f.cubicVk);
            assertTrue(c.metrics().contains("\njprove_daemon_disk_full 0\n"));
        }
    }

    /** A job table over a journal whose writes fail while {@code failing[0]}, on a disk with {@code free[0]} bytes. */
    private static JobTable table(final Path data, final boolean[] failing, final long[] free)
    {
        final Journal.Writes writes = (channel, bytes, position) ->
        {
            if (failing[0])
            {
                channel.write(bytes.slice(0, bytes.remaining() / 3), position);
                throw new IOException("No space left on device");
            }
            Journal.Writes.FILE.write(channel, bytes, position);
        };
        final Journal journal = Journal.open(data.resolve("journal"), DaemonConfig.JournalSync.SYNC,
            data.resolve("spool"), writes);
        final JobTable t = new JobTable(journal, new DiskSpace(data, 1 << 20, p -> free[0]), new Metrics(),
            Timeline.disabled(), data.resolve("spool"), 8, Duration.ofHours(1), 2,
            job -> java.util.concurrent.CompletableFuture.completedFuture(null));
        t.recover(0);
        return t;
    }

    @Test
    void shouldLeaveNoJobAndKeepTheJournalWhenAnEntryCannotBeWritten() throws Exception
    {
        final Path data = Files.createDirectories(dir.resolve("table"));
        final boolean[] failing = {false};
        final long[] free = {1L << 30};
        final JobSpec spec = new JobSpec.Builtin("poseidon-chain-2", Path.of("/k.params"), 2, 1);
        final JobTable t = table(data, failing, free);
        final long kept = t.submit("kept", 0, new byte[32], id -> spec, null, new byte[0], 1).job().id();
        // the disk fills up under the write itself (another process took the space after the check)
        failing[0] = true;
        free[0] = 0;
        final RequestException full = assertThrows(RequestException.class,
            () -> t.submit("lost", 0, new byte[32], id -> spec, null, new byte[0], 2));
        assertEquals(RequestException.Reason.NO_SPACE, full.reason());
        assertEquals(1, t.jobs().size(), "the refused request left no job");
        // a partition proved meanwhile cannot be journaled: it goes back to the queue, not into the result
        final PartitionSource.Assignment a = t.take(1000);
        assertEquals(kept, a.job().id());
        assertFalse(t.partitionDone(a, new PartitionProof(new byte[192], new byte[32]), 3));
        failing[0] = false;
        free[0] = 1L << 30;
        final PartitionSource.Assignment again = t.take(1000);
        assertEquals(a.partition(), again.partition(), "the same partition is handed out again");
        t.close();
        final JobTable reopened = table(data, failing, free);
        assertEquals(List.of("kept"), reopened.jobs().stream().map(Job::requestId).toList());
        assertEquals(JobState.QUEUED, reopened.jobs().getFirst().state());
        reopened.close();
    }
}
