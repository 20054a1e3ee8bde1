package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names of a request's attempts, and the job store's lookup of the newest attempt on this host's journal. */
class RequestAttemptsTest
{
    @Test
    void shouldNameAttemptsSoThatNoneIsAnAttemptOfAnotherId()
    {
        assertEquals("cuzk:porep-1-2", RequestAttempts.name("cuzk:porep-1-2", 1));
        assertEquals("#2:cuzk:porep-1-2", RequestAttempts.name("cuzk:porep-1-2", 2));
        assertEquals(1, RequestAttempts.attempt("cuzk:a", "cuzk:a"));
        assertEquals(2, RequestAttempts.attempt("#2:cuzk:a", "cuzk:a"));
        assertEquals(317, RequestAttempts.attempt("#317:cuzk:a", "cuzk:a"));
        // attempt 2 of "cuzk:a" is not an attempt of "a", nor of "2:cuzk:a"
        assertEquals(0, RequestAttempts.attempt("#2:cuzk:a", "a"));
        assertEquals(0, RequestAttempts.attempt("#2:cuzk:a", "2:cuzk:a"));
        assertEquals(0, RequestAttempts.attempt("#x:cuzk:a", "cuzk:a"));
        assertEquals(0, RequestAttempts.attempt("#1:cuzk:a", "cuzk:a"));
        assertEquals(0, RequestAttempts.attempt("#:cuzk:a", "cuzk:a"));
        assertEquals(0, RequestAttempts.attempt("cuzk:ab", "cuzk:a"));
        assertEquals(0, RequestAttempts.attempt("#2:cuzk:ab", "cuzk:b"));
    }

    @Test
    void shouldFindTheNewestAttemptOfARequestWhenTheJournalHoldsSeveral(@TempDir final Path dir)
    {
        final DaemonFixtures f = DaemonFixtures.in(dir);
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data")));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            c.submit(f.chain("x", 1, 0));
            c.submit(f.chain("x2", 1, 0));
            final long second = c.submit(f.chain("#2:x", 1, 0)).getJobId();
            c.submit(f.chain("#3:y", 1, 0));
            assertEquals(second, d.store().newestAttempt("x").id());
            assertEquals("#3:y", d.store().newestAttempt("y").requestId());
            assertNull(d.store().newestAttempt("#2:x2"));
            assertNull(d.store().newestAttempt("z"));
        }
    }
}
