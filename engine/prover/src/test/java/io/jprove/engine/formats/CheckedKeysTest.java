package io.jprove.engine.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckedKeysTest
{
    private static final String KIND = "zkey-points-v1";

    @TempDir
    Path dir;

    @Test
    void shouldGiveTheDigestSha256sumPrintsWhenHashingBytes()
    {
        // FIPS 180-2's "abc" and the empty message
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            CheckedKeys.sha256(MemorySegment.ofArray("abc".getBytes(StandardCharsets.US_ASCII))));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            CheckedKeys.sha256(MemorySegment.ofArray(new byte[0])));
    }

    @Test
    void shouldRememberAKeyOfItsKindOnlyWhenAdded() throws IOException
    {
        final CheckedKeys keys = CheckedKeys.at(dir.resolve("sub/checked-keys"));
        final String digest = digestOf("key one");
        assertFalse(keys.contains(KIND, digest));
        assertTrue(keys.add(KIND, digest));
        assertTrue(keys.contains(KIND, digest));
        assertFalse(keys.contains("params-points-v1", digest), "another kind is another check");
        assertFalse(keys.contains(KIND, digestOf("key two")));
        assertTrue(CheckedKeys.at(dir.resolve("sub/checked-keys")).contains(KIND, digest), "kept in the file");
        assertEquals(List.of(KIND + " sha256:" + digest), Files.readAllLines(dir.resolve("sub/checked-keys")));
        assertTrue(keys.add(KIND, digest));
        assertEquals(1, Files.readAllLines(dir.resolve("sub/checked-keys")).size(), "no duplicate lines");
        assertNull(keys.failure());
    }

    @Test
    void shouldKeepOnlyTheNewestEntriesWhenTheRecordIsFull() throws IOException
    {
        final CheckedKeys keys = CheckedKeys.at(dir.resolve("checked-keys"));
        for (int i = 0; i <= CheckedKeys.MAX_ENTRIES; i++)
        {
            keys.add(KIND, digestOf("key " + i));
        }
        assertEquals(CheckedKeys.MAX_ENTRIES, Files.readAllLines(dir.resolve("checked-keys")).size());
        assertFalse(keys.contains(KIND, digestOf("key 0")), "the oldest went first");
        assertTrue(keys.contains(KIND, digestOf("key 1")));
        assertTrue(keys.contains(KIND, digestOf("key " + CheckedKeys.MAX_ENTRIES)));
    }

    @Test
    void shouldCountAsEmptyWhenTheRecordIsGarbage() throws IOException
    {
        final Path file = dir.resolve("checked-keys");
        Files.write(file, new byte[] {(byte)0xff, (byte)0xfe, 0, 1, 2});
        final CheckedKeys keys = CheckedKeys.at(file);
        assertFalse(keys.contains(KIND, digestOf("key")));
        assertTrue(keys.add(KIND, digestOf("key")));
        assertTrue(keys.contains(KIND, digestOf("key")));
    }

    @Test
    void shouldReportAndNotThrowWhenTheRecordCannotBeWritten() throws IOException
    {
        // the record's directory is a plain file: nothing can be created under it
        final Path blocker = Files.writeString(dir.resolve("blocker"), "a file, not a directory");
        final CheckedKeys keys = CheckedKeys.at(blocker.resolve("checked-keys"));
        assertFalse(keys.add(KIND, digestOf("key")));
        assertNotNull(keys.failure());
        assertTrue(keys.failure().contains(blocker.toString()), keys.failure());
        assertFalse(keys.contains(KIND, digestOf("key")));
    }

    @Test
    void shouldRememberNothingWhenNone()
    {
        assertFalse(CheckedKeys.none().add(KIND, digestOf("key")));
        assertFalse(CheckedKeys.none().contains(KIND, digestOf("key")));
        assertNull(CheckedKeys.none().file());
    }

    @Test
    void shouldRejectMalformedKindsAndDigests()
    {
        final CheckedKeys keys = CheckedKeys.at(dir.resolve("checked-keys"));
        assertThrows(IllegalArgumentException.class, () -> keys.add("two words", digestOf("key")));
        assertThrows(IllegalArgumentException.class, () -> keys.add(KIND, "abc"));
        assertThrows(IllegalArgumentException.class, () -> keys.add(KIND, digestOf("key").toUpperCase()));
    }

    @Test
    void shouldFollowTheCacheDirectoryPropertyWhenSet()
    {
        final String before = System.getProperty("jprove.cache.dir");
        try
        {
            System.setProperty("jprove.cache.dir", dir.toString());
            assertEquals(dir.resolve(CheckedKeys.FILE_NAME), CheckedKeys.inUserCache().file());
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty("jprove.cache.dir");
            }
            else
            {
                System.setProperty("jprove.cache.dir", before);
            }
        }
    }

    private static String digestOf(final String text)
    {
        return CheckedKeys.sha256(MemorySegment.ofArray(text.getBytes(StandardCharsets.UTF_8)));
    }
}
