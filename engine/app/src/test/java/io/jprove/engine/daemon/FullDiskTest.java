package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobState;

/**
 * The journal and the daemon on a real file system filled to 100 %: a small tmpfs mounted for the test, so this runs
 * as root on Linux only (elsewhere it is skipped; {@link JournalTest} and {@link DaemonDiskSpaceTest} cover the same
 * paths with an injected write failure and an unreachable reserve). Nothing acknowledged is lost: small entries still
 * go into the space the journal wrote ahead, a large one fails cleanly, new work is refused with RESOURCE_EXHAUSTED,
 * the job already accepted finishes, and a restart on the full disk finds every job.
 */
class FullDiskTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;
    private static Path disk;

    private static int run(final String... command) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    @BeforeAll
    static void mount() throws Exception
    {
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux")
            && "root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root on Linux");
        disk = Files.createDirectories(dir.resolve("disk"));
        Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", disk.toString()) == 0,
            "mount -t tmpfs is allowed here");
    }

    @AfterAll
    static void unmount() throws Exception
    {
        if (disk != null)
        {
            run("umount", "-l", disk.toString());
        }
    }

    /** Fills the disk to the last byte; @return the filler files, to delete for room */
    private static List<Path> fill() throws IOException
    {
        final List<Path> fillers = new ArrayList<>();
        final byte[] block = new byte[64 << 10];
        int size = block.length;
        while (size > 0)
        {
            final Path f = disk.resolve("filler-" + fillers.size());
            fillers.add(f);
            try (OutputStream out = Files.newOutputStream(f))
            {
                while (true)
                {
                    out.write(block, 0, size);
                }
            }
            catch (final IOException full)
            {
                // this block size does not fit any more: try smaller ones, down to a byte
                size /= 2;
            }
        }
        assertEquals(0, Files.getFileStore(disk).getUsableSpace(), "the disk is full");
        return fillers;
    }

    private static void free(final List<Path> fillers) throws IOException
    {
        for (final Path f : fillers)
        {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void shouldKeepEveryEntryWhenTheJournalsDiskIsFull() throws IOException
    {
        final Path journal = disk.resolve("journal-only");
        final List<Path> fillers;
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, disk.resolve("spool")))
        {
            j.append(new JournalRecord.Pruned(1));
            fillers = fill();
            // progress entries go into the zeros written ahead of the last entry
            for (int i = 2; i <= 100; i++)
            {
                j.append(new JournalRecord.PartitionDone(i, 0, new byte[192], new byte[64]));
            }
            final UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> j.append(
                new JournalRecord.Submitted(101, "big", new byte[32], 0, 0, new JobSpec.Zkey(Path.of("/k.zkey"),
                    Path.of("w")), new byte[(int)Journal.PREALLOCATED_BYTES])));
            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
            j.append(new JournalRecord.Pruned(102));
            assertEquals(101, j.entries());
        }
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, disk.resolve("spool")))
        {
            assertEquals(List.of(), j.notices(), "nothing torn, nothing damaged");
            final List<JournalRecord> back = new ArrayList<>();
            j.replay(back::add);
            assertEquals(101, back.size());
            assertEquals(new JournalRecord.Pruned(102), back.getLast());
        }
        free(fillers);
    }

    @Test
    void shouldRefuseNewWorkAndFinishAcceptedJobWhenDaemonsDiskIsFull() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(Files.createDirectories(dir.resolve("keys")));
        final DaemonConfig settings = DaemonFixtures.config(disk.resolve("data"), "disk-reserve", "1m",
            "key-roots", dir.resolve("keys").toString(), "journal-sync", "sync");
        final long accepted;
        List<Path> fillers;
        try (Daemon d = Daemon.start(settings); DaemonClient c = DaemonFixtures.client(d, null))
        {
            accepted = c.submit(f.chain("before-full", 8, 0)).getJobId();
            fillers = fill();
            assertFalse(c.status(accepted).getJobs(0).getState() == JobState.SUCCEEDED, "still running when full");
            final StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> c.submit(f.cubic("after-full", f.wtns)));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getStatus().getCode());
            assertTrue(refused.getStatus().getDescription().contains(" has 0 bytes free; "),
                refused.getStatus().getDescription());
            assertTrue(c.metrics().contains("\njprove_daemon_disk_full 1\n"));
            assertVerified(c.await(accepted, WAIT), f.chainVk);
        }
        // a restart on the full disk finds the job and its result
        try (Daemon d = Daemon.start(settings); DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.await(accepted, WAIT), f.chainVk);
            free(fillers);
            assertVerified(c.prove(f.cubic("after-free", f.wtns), WAIT), f.cubicVk);
        }
    }

    @Test
    void shouldStopRecordingTheTimelineWhenItsDiskIsFullAndGoOnProving() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(Files.createDirectories(dir.resolve("keys-timeline")));
        // the journal elsewhere: only the timeline's disk fills
        final DaemonConfig settings = DaemonFixtures.config(dir.resolve("data-timeline"), "disk-reserve", "1m",
            "key-roots", dir.resolve("keys-timeline").toString(), "timeline", disk.resolve("timeline").toString());
        try (Daemon d = Daemon.start(settings); DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.prove(f.cubic("recorded", f.wtns), WAIT), f.cubicVk);
            assertTrue(c.metrics().contains("\njprove_daemon_timeline_recording 1\n"));
            final List<Path> fillers = fill();
            DaemonFixtures.eventually(WAIT, "the timeline paused", () -> c.metrics()
                .contains("\njprove_daemon_timeline_recording 0\n"));
            // a mapped write on the full disk would have killed the daemon: it proves on, recording nothing
            assertVerified(c.prove(f.chain("unrecorded", 2, 0), WAIT), f.chainVk);
            assertFalse(c.metrics().contains("\njprove_daemon_timeline_dropped_events_total 0\n"));
            free(fillers);
            DaemonFixtures.eventually(WAIT, "the timeline recording again", () -> c.metrics()
                .contains("\njprove_daemon_timeline_recording 1\n"));
            assertVerified(c.prove(f.cubic("recorded-again", f.wtns), WAIT), f.cubicVk);
        }
    }
}
