package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.JobState;

/**
 * One daemon per data directory: a second daemon on a directory in use, in another process or in this one, exits
 * naming the holder's process id and touches nothing there, so the first one's queued jobs (their witnesses in the
 * spool) all prove.
 */
class DataDirLockTest
{
    private static final Duration WAIT = Duration.ofSeconds(180);

    @TempDir
    static Path dir;

    @Test
    void shouldRefuseASecondDaemonOnTheSameDataDirectoryAndLeaveTheFirstOnesJobsAlone() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final Path data = dir.resolve("data");
        final String pid = "pid " + ProcessHandle.current().pid();
        try (Daemon first = Daemon.start(DaemonFixtures.config(data, "workers", "1"));
             DaemonClient c = DaemonFixtures.client(first, null))
        {
            // a long job ahead keeps the witness jobs queued while the second daemons try the directory
            final long ahead = c.submit(f.chain("ahead", 400, 1)).getJobId();
            // once it proves: a job's partitions go out once its key is loaded, and the witness jobs' key is another
            DaemonFixtures.eventually(WAIT, "the long job proving", () -> c.status(ahead).getJobs(0)
                .getPartitionsList().contains(io.jprove.engine.daemon.rpc.PartitionState.PARTITION_DONE));
            final List<Long> queued = new ArrayList<>();
            for (int i = 0; i < 4; i++)
            {
                queued.add(c.submit(f.cubic("queued-" + i, f.wtns)).getJobId());
            }
            final long spooled;
            try (var files = Files.list(data.resolve("spool")))
            {
                spooled = files.count();
            }
            assertEquals(4, spooled, "each queued witness waits in the spool");

            final IllegalStateException here = assertThrows(IllegalStateException.class,
                () -> Daemon.start(DaemonFixtures.config(data)));
            assertTrue(here.getMessage().contains("another daemon (" + pid + ", this process) uses the data directory "
                + data),
                here.getMessage());

            final String out = DaemonProcess.fails(dir, "listen = 127.0.0.1:0\nhttp-listen = off\ntimeline = off\n"
                + "device = cpu\nthreads = 1\ndata-dir = " + data + "\nkey-roots = " + dir + "\n");
            assertTrue(out.contains("another daemon (" + pid + ") uses the data directory " + data), out);
            assertEquals(String.valueOf(ProcessHandle.current().pid()),
                Files.readString(data.resolve(DataDirLock.FILE_NAME)).strip(), "the holder's pid stays written");

            c.cancel(ahead);
            for (final long job : queued)
            {
                assertVerified(c.await(job, WAIT), f.cubicVk);
            }
            assertEquals(JobState.CANCELLED, c.await(ahead, WAIT).getState());
        }
        // released with the daemon: the next one starts
        try (Daemon again = Daemon.start(DaemonFixtures.config(data)))
        {
            assertTrue(again.grpcPort() > 0);
        }
    }
}
