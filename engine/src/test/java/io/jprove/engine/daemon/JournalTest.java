package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's entries survive a reopen in order; compaction keeps only what it is given; bad bytes are named. */
class JournalTest
{
    @TempDir
    Path dir;

    private List<JournalRecord> replay(final Path journal)
    {
        final List<JournalRecord> out = new ArrayList<>();
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, 1 << 20, dir.resolve("spool")))
        {
            j.replay(out::add);
        }
        return out;
    }

    @Test
    void shouldReplayEveryEntryInOrderWhenReopened()
    {
        final Path journal = dir.resolve("journal");
        final JobSpec builtin = new JobSpec.Builtin("poseidon-chain-2", Path.of("/keys/chain.params"), 3, -7);
        final byte[] digest = new byte[32];
        digest[5] = 9;
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, 1 << 20, dir.resolve("spool")))
        {
            j.append(new JournalRecord.Submitted(1, "r-1", digest, 4, 1000, builtin, new byte[0]));
            j.append(new JournalRecord.Submitted(2, "r-2", digest, 0, 1001, new JobSpec.Zkey(Path.of("/k.zkey"),
                Path.of("ignored")), new byte[] {1, 2, 3}));
            j.append(new JournalRecord.PartitionDone(1, 2, new byte[192], new byte[64]));
            j.append(new JournalRecord.Finished(2, JobState.FAILED, "why", 1002));
            j.append(new JournalRecord.Pruned(2));
            assertEquals(5, j.entries());
        }
        final List<JournalRecord> back = replay(journal);
        assertEquals(5, back.size());
        final JournalRecord.Submitted s = (JournalRecord.Submitted)back.get(0);
        assertEquals(builtin, s.spec());
        assertEquals("r-1", s.requestId());
        assertArrayEquals(digest, s.digest());
        assertEquals(4, s.priority());
        final JournalRecord.Submitted z = (JournalRecord.Submitted)back.get(1);
        assertEquals(new JobSpec.Zkey(Path.of("/k.zkey"), dir.resolve("spool").resolve("2.wtns")), z.spec());
        assertArrayEquals(new byte[] {1, 2, 3}, z.witness());
        assertEquals(2, ((JournalRecord.PartitionDone)back.get(2)).partition());
        assertEquals(new JournalRecord.Finished(2, JobState.FAILED, "why", 1002), back.get(3));
        assertEquals(new JournalRecord.Pruned(2), back.get(4));
    }

    @Test
    void shouldKeepOnlyTheLiveEntriesWhenCompacted() throws IOException
    {
        final Path journal = dir.resolve("journal");
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, 1 << 20, dir.resolve("spool")))
        {
            for (int i = 0; i < 100; i++)
            {
                j.append(new JournalRecord.Pruned(i));
            }
            j.compact(List.of(new JournalRecord.Generation(500), new JournalRecord.Pruned(7)));
            assertEquals(2, j.entries());
            j.append(new JournalRecord.Pruned(8));
        }
        assertEquals(List.of(new JournalRecord.Generation(500), new JournalRecord.Pruned(7),
            new JournalRecord.Pruned(8)), replay(journal));
        assertEquals("gen-2", Files.readString(journal.resolve("CURRENT")).strip());
        assertFalse(Files.exists(journal.resolve("gen-1")), "the old generation is deleted");
        // a generation that a crashed compaction left behind is deleted at the next open
        Files.createDirectories(journal.resolve("gen-3"));
        replay(journal);
        assertFalse(Files.exists(journal.resolve("gen-3")));
    }

    @Test
    void shouldNameTheProblemWhenEntryBytesAreBad()
    {
        final byte[] good = new JournalRecord.Finished(3, JobState.SUCCEEDED, "", 5).encode();
        final IllegalStateException cut = assertThrows(IllegalStateException.class,
            () -> JournalRecord.decode(java.util.Arrays.copyOf(good, good.length - 3), dir));
        assertTrue(cut.getMessage().contains("truncated or corrupt"), cut.getMessage());
        final byte[] future = good.clone();
        future[0] = 2;
        assertTrue(assertThrows(IllegalStateException.class, () -> JournalRecord.decode(future, dir)).getMessage()
            .contains("format 2 is not 1"));
    }
}
