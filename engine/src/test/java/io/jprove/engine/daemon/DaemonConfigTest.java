package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's settings file: defaults, values, and an error naming file, line and key for anything wrong. */
class DaemonConfigTest
{
    @TempDir
    Path dir;

    private String error(final String text) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("d.properties"), text);
        return assertThrows(IllegalArgumentException.class, () -> DaemonConfig.read(file)).getMessage();
    }

    @Test
    void shouldListenOnLoopbackWithoutTokenWhenNothingIsSet()
    {
        final DaemonConfig d = DaemonConfig.defaults();
        assertEquals("127.0.0.1:7420", d.listen().toString());
        assertEquals("127.0.0.1:7421", d.httpListen().toString());
        assertTrue(d.listen().isLoopback());
        assertNull(d.token());
        assertEquals(Duration.ofHours(1), d.resultRetention());
        assertEquals(DaemonConfig.JournalSync.SYNC, d.journalSync());
        assertEquals(Path.of(".jprove/daemon/timeline"), d.timeline());
    }

    @Test
    void shouldReadEveryKeyWhenFileSetsThem() throws IOException
    {
        final Path token = Files.writeString(dir.resolve("token"), "0123456789abcdef0123\n");
        final Path file = Files.writeString(dir.resolve("d.properties"), "# a comment\nlisten = 0.0.0.0:9000\n"
            + "http-listen: off\ntoken-file = " + token + "\nworkers = 3\nthreads=4\nqueue-capacity = 9\n"
            + "max-request-bytes = 1024\nresult-retention = 90s\njournal-sync = async\ntimeline = off\n");
        final DaemonConfig d = DaemonConfig.read(file);
        assertFalse(d.listen().isLoopback());
        assertNull(d.httpListen());
        assertEquals("0123456789abcdef0123", d.token());
        assertEquals(3, d.workers());
        assertEquals(4, d.threads());
        assertEquals(9, d.queueCapacity());
        assertEquals(1024, d.maxRequestBytes());
        assertEquals(Duration.ofSeconds(90), d.resultRetention());
        assertEquals(DaemonConfig.JournalSync.ASYNC, d.journalSync());
        assertNull(d.timeline());
        assertFalse(d.toString().contains("0123456789abcdef0123"), "the token never shows in logs");
    }

    @Test
    void shouldNameFileLineAndKeyWhenSomethingIsWrong() throws IOException
    {
        final String where = dir.resolve("d.properties") + ":2: ";
        assertTrue(error("workers = 1\nlisten = 10.1.2.3:7420\n").startsWith(where + "listen 10.1.2.3:7420 is not a"
            + " loopback address, so a bearer token is required: set token-file"));
        assertTrue(error("workers = 1\nworkrs = 2\n").startsWith(where + "unknown key workrs"));
        assertTrue(error("x = 1\n").contains("unknown key x (known: listen, http-listen"));
        assertTrue(error("workers = 1\nworkers = 2\n").startsWith(where + "workers is set twice"));
        assertTrue(error("listen = 1\nworkers = none\n").startsWith(dir.resolve("d.properties") + ":1: listen:"));
        assertTrue(error("threads = 1\nresult-retention = 1 hour\n").startsWith(where + "result-retention: \"1 hour\""
            + " is not a positive duration"));
        assertTrue(error("threads = 1\njournal-sync = always\n").contains("not one of sync, async, none"));
        assertTrue(error("threads = 1\ntoken-file = " + dir.resolve("absent") + "\n").startsWith(where
            + "token-file: cannot read the token file"));
        final Path weak = Files.writeString(dir.resolve("weak"), "short\n");
        assertTrue(error("threads = 1\ntoken-file = " + weak + "\n").contains("at least 16 printable characters"));
        assertTrue(error("just words\n").contains(":1: \"just words\" is not key = value"));
    }

    @Test
    void shouldParseDurationsWithUnitsWhenWrittenShort()
    {
        assertEquals(Duration.ofMillis(500), DaemonConfig.duration("500ms"));
        assertEquals(Duration.ofMinutes(15), DaemonConfig.duration("15m"));
        assertEquals(Duration.ofDays(7), DaemonConfig.duration("7d"));
        assertThrows(IllegalArgumentException.class, () -> DaemonConfig.duration("0s"));
        assertThrows(IllegalArgumentException.class, () -> DaemonConfig.of(Map.of("workers", "0"), "test"));
    }
}
