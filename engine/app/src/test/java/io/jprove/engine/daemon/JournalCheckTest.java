package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jprove daemon --check-journal}: entries by kind, jobs by state, and damage with what the next start does
 * about it, read without changing the journal.
 */
class JournalCheckTest
{
    @TempDir
    Path dir;

    private Path journalWithJobs()
    {
        final Path data = dir.resolve("data");
        try (Journal j = Journal.open(data.resolve("journal"), DaemonConfig.JournalSync.NONE, data.resolve("spool")))
        {
            final JobSpec spec = new JobSpec.Builtin("poseidon-chain-2", Path.of("/k.params"), 2, 1);
            for (int job = 1; job <= 3; job++)
            {
                j.append(new JournalRecord.Submitted(job, "r" + job, new byte[32], 0, 1, spec, new byte[0]));
            }
            j.append(new JournalRecord.PartitionDone(1, 0, new byte[192], new byte[32]));
            j.append(new JournalRecord.PartitionDone(1, 1, new byte[192], new byte[32]));
            j.append(new JournalRecord.Finished(1, JobState.SUCCEEDED, "", 2));
            j.append(new JournalRecord.PartitionDone(2, 0, new byte[192], new byte[32]));
            j.append(new JournalRecord.Finished(3, JobState.CANCELLED, "cancelled by request", 3));
        }
        return data;
    }

    @Test
    void shouldCountEntriesAndJobsWhenJournalIsClean()
    {
        final JournalCheck.Report r = JournalCheck.of(journalWithJobs());
        assertFalse(r.damaged());
        assertTrue(r.lines().getFirst().matches("journal .*/data/journal: gen-1, format 2, \\d+ bytes of entries,"
            + " \\d+ preallocated"), r.lines().getFirst());
        assertEquals("entries: 8 (generation 0, submitted 3, partition 3, finished 2, pruned 0, started 0, clean stop"
            + " 0)", r.lines().get(1));
        assertEquals("jobs: 3 known, 1 running, 1 succeeded, 1 cancelled; 3 partitions proved; next job id 4",
            r.lines().get(2));
        assertEquals("damage: none", r.lines().getLast());
    }

    @Test
    void shouldReportTornTailWithoutChangingTheJournal() throws IOException
    {
        final Path data = journalWithJobs();
        final Path file = data.resolve("journal/gen-1/entries");
        final long end;
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            end = JournalFile.scan(c, p -> { }).end();
            c.write(ByteBuffer.wrap(new byte[] {0x4A, 0x50, 0x4A, 0x45, 0, 0, 0, 40, 1, 2, 3}), end);
        }
        final byte[] before = Files.readAllBytes(file);
        final JournalCheck.Report r = JournalCheck.of(data.resolve("journal"));
        assertTrue(r.damaged());
        assertTrue(r.lines().contains("torn tail: 11 bytes at offset " + end + " are an entry cut off as it was"
            + " written (the process or the machine stopped mid-write; it was never acknowledged); the next start"
            + " drops it"), r.lines().toString());
        assertArrayEquals(before, Files.readAllBytes(file), "checking changes nothing");
    }

    @Test
    void shouldNameTheFolderWhenItHoldsNoJournal()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JournalCheck.of(dir));
        assertTrue(e.getMessage().contains("holds no journal"), e.getMessage());
    }
}
