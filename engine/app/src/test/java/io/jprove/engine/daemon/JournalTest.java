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

import io.jprove.engine.post.RegisteredPostProof;

/**
 * The journal's entries survive a reopen in order; compaction keeps only what it is given; bad bytes are named; a
 * write that fails leaves nothing behind; a torn tail is dropped and damage skipped, each reported, with every entry
 * that was written whole kept; a format-1 journal (Chronicle Queue) is converted.
 */
class JournalTest
{
    @TempDir
    Path dir;

    private List<JournalRecord> replay(final Path journal)
    {
        final List<JournalRecord> out = new ArrayList<>();
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
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
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, dir.resolve("spool")))
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
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
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

    /** A PoSt job's entry keeps its registered proof and parameters; its inputs are the spool's {@code N.post}. */
    @Test
    void shouldReadBackAPostJobsSpec()
    {
        final JobSpec.Post spec = new JobSpec.Post(RegisteredPostProof.StackedDrgWinning32GiBV1, Path.of("/p.params"),
            JournalRecord.postFile(dir, 9));
        final JournalRecord.Submitted back = (JournalRecord.Submitted)JournalRecord.decode(new JournalRecord
            .Submitted(9, "cuzk:w", new byte[32], 4, 1, spec, new byte[] {1, 2}).encode(), dir);
        assertEquals(spec, back.spec());
        assertEquals(dir.resolve("9.post"), ((JobSpec.Post)back.spec()).input());
    }

    private static JournalRecord pruned(final long job)
    {
        return new JournalRecord.Pruned(job);
    }

    private Path entriesFile(final Path journal) throws IOException
    {
        return Journal.currentGeneration(journal).resolve(JournalFile.NAME);
    }

    @Test
    void shouldLeaveNothingOfAnAppendWhoseWriteFails() throws IOException
    {
        final Path journal = dir.resolve("journal");
        final boolean[] fail = {false};
        // the disk fills in the middle of a frame: half of it is written, then the write fails
        final Journal.Writes halfThenFull = (channel, bytes, position) ->
        {
            if (fail[0])
            {
                final java.nio.ByteBuffer half = bytes.slice(0, bytes.remaining() / 2);
                channel.write(half, position);
                throw new IOException("No space left on device");
            }
            Journal.Writes.FILE.write(channel, bytes, position);
        };
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, dir.resolve("spool"), halfThenFull))
        {
            j.append(pruned(1));
            fail[0] = true;
            final java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class,
                () -> j.append(new JournalRecord.Submitted(2, "r-2", new byte[32], 0, 1, new JobSpec.Zkey(
                    Path.of("/k.zkey"), Path.of("w")), new byte[1000])));
            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
            fail[0] = false;
            j.append(pruned(3));
            assertEquals(2, j.entries());
        }
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
        {
            assertEquals(List.of(), j.notices(), "no torn tail, no damage: the failed write was undone");
            final List<JournalRecord> back = new ArrayList<>();
            j.replay(back::add);
            assertEquals(List.of(pruned(1), pruned(3)), back);
        }
    }

    @Test
    void shouldDropTornTailAndKeepEveryWholeEntryWhenReopened() throws IOException
    {
        final Path journal = dir.resolve("journal");
        final long end;
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, dir.resolve("spool")))
        {
            for (int i = 1; i <= 3; i++)
            {
                j.append(pruned(i));
            }
        }
        final Path file = entriesFile(journal);
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file,
            java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.READ))
        {
            end = JournalFile.scan(c, p -> { }).end();
            // the machine stopped while the fourth entry was being written: its first 9 bytes reached the disk
            final java.nio.ByteBuffer frame = JournalFile.frame(pruned(4).encode());
            c.write(frame.slice(0, 9), end);
        }
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, dir.resolve("spool")))
        {
            assertEquals(1, j.notices().size(), j.notices().toString());
            assertTrue(j.notices().getFirst().contains("9 bytes at offset " + end + " are an entry cut off as it was"
                + " written") && j.notices().getFirst().endsWith("; dropped"), j.notices().getFirst());
            assertEquals(9, j.health().tornBytes());
            assertEquals(3, j.entries());
            j.append(pruned(5));
        }
        assertEquals(List.of(pruned(1), pruned(2), pruned(3), pruned(5)), replay(journal));
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
        {
            assertEquals(List.of(), j.notices(), "the torn tail was cut off the file");
        }
    }

    @Test
    void shouldSkipDamagedEntryAndKeepTheOnesAfterItWhenReopened() throws IOException
    {
        final Path journal = dir.resolve("journal");
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
        {
            for (int i = 1; i <= 4; i++)
            {
                j.append(pruned(i));
            }
        }
        final Path file = entriesFile(journal);
        final int frameBytes = JournalFile.frame(pruned(1).encode()).remaining();
        final long second = JournalFile.HEADER_BYTES + frameBytes;
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file,
            java.nio.file.StandardOpenOption.WRITE))
        {
            // one bit of the second entry's payload flips on the disk
            c.write(java.nio.ByteBuffer.wrap(new byte[] {(byte)0x5a}), second + JournalFile.FRAME_BYTES + 5);
        }
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool")))
        {
            assertEquals(1, j.notices().size(), j.notices().toString());
            assertTrue(j.notices().getFirst().contains(frameBytes + " bytes at offset " + second + " are damaged"),
                j.notices().getFirst());
            assertEquals(frameBytes, j.health().damagedBytes());
            final List<JournalRecord> back = new ArrayList<>();
            j.replay(back::add);
            assertEquals(List.of(pruned(1), pruned(3), pruned(4)), back);
        }
    }

    @Test
    void shouldConvertFormatOneJournalWithItsEntriesWhenOpened() throws IOException
    {
        final Path journal = dir.resolve("journal");
        final Path gen = Files.createDirectories(journal.resolve("gen-4"));
        Files.writeString(journal.resolve("CURRENT"), "gen-4\n");
        final JournalRecord.Submitted submitted = new JournalRecord.Submitted(7, "old", new byte[32], 1, 2,
            new JobSpec.Builtin("poseidon-chain-2", Path.of("/k.params"), 2, 5), new byte[0]);
        // as jprove 0.1 wrote it: one Chronicle Queue document per entry; the third was cut off by a full disk
        try (net.openhft.chronicle.queue.impl.single.SingleChronicleQueue q =
            net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder.binary(gen)
                .rollCycle(net.openhft.chronicle.queue.RollCycles.FAST_DAILY).blockSize(16L << 20).build();
             net.openhft.chronicle.queue.ExcerptAppender a = q.createAppender())
        {
            for (final byte[] doc : List.of(new JournalRecord.Generation(7).encode(), submitted.encode(),
                new byte[] {(byte)143, 0, 1}, new JournalRecord.Finished(7, JobState.SUCCEEDED, "", 3).encode()))
            {
                try (net.openhft.chronicle.wire.DocumentContext dc = a.writingDocument())
                {
                    dc.wire().bytes().write(doc);
                }
            }
        }
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.SYNC, dir.resolve("spool")))
        {
            assertTrue(j.notices().getFirst().endsWith("converted gen-4 (format 1, Chronicle Queue) to gen-5 (format 2,"
                + " checksummed): 3 entries, 1 unreadable ones skipped"), j.notices().toString());
            assertTrue(j.notices().get(1).contains("entry 2: journal entry format 143 is not 1"), j.notices().get(1));
        }
        assertEquals("gen-5", Files.readString(journal.resolve("CURRENT")).strip());
        assertFalse(Files.exists(gen), "the old generation is gone once the new one is current");
        assertEquals(List.of(new JournalRecord.Generation(7), new JournalRecord.Finished(7, JobState.SUCCEEDED, "",
            3)), replay(journal).stream().filter(r -> !(r instanceof JournalRecord.Submitted)).toList());
        final JournalRecord.Submitted back = (JournalRecord.Submitted)replay(journal).get(1);
        assertEquals(submitted.spec(), back.spec());
        assertEquals("old", back.requestId());
    }

    @Test
    void shouldKeepTheOldGenerationWhenCompactionCannotBeWritten() throws IOException
    {
        final Path journal = dir.resolve("journal");
        final boolean[] fail = {false};
        final Journal.Writes full = (channel, bytes, position) ->
        {
            if (fail[0])
            {
                throw new IOException("No space left on device");
            }
            Journal.Writes.FILE.write(channel, bytes, position);
        };
        try (Journal j = Journal.open(journal, DaemonConfig.JournalSync.NONE, dir.resolve("spool"), full))
        {
            j.append(pruned(1));
            fail[0] = true;
            assertThrows(java.io.UncheckedIOException.class, () -> j.compact(List.of(pruned(9))));
            fail[0] = false;
            j.append(pruned(2));
        }
        assertEquals("gen-1", Files.readString(journal.resolve("CURRENT")).strip());
        assertFalse(Files.exists(journal.resolve("gen-2")));
        assertEquals(List.of(pruned(1), pruned(2)), replay(journal));
    }
}
