package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyStatus;
import io.jprove.engine.formats.PointChecks;

/**
 * Keys checked once and loaded off the workers: the daemon remembers a checked key as the CLI does (a restart only
 * hashes it), shows a load's progress in /status, proves other jobs while a key loads, and stops a load when the
 * last job waiting for it is cancelled.
 */
class KeyLoadingTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    @Test
    void shouldNotCheckAKeyAgainWhenADaemonRestarts()
    {
        final DaemonFixtures f = DaemonFixtures.in(mkdirs(dir.resolve("restart")));
        final Path data = dir.resolve("restart/data");
        for (final PointChecks expected : List.of(PointChecks.ALL, PointChecks.REMEMBERED))
        {
            try (Daemon d = Daemon.start(DaemonFixtures.config(data)); DaemonClient c = DaemonFixtures.client(d, null))
            {
                assertVerified(c.prove(f.chain("chain-" + expected, 1, 0), WAIT), f.chainVk);
                final KeyStatus key = c.status(0).getKeysList().stream()
                    .filter(k -> k.getPath().equals(f.chainParams.toString())).findFirst().orElseThrow();
                assertTrue(key.getResident() && !key.getLoading() && key.getLoadedPercent() == 100, key.toString());
                assertEquals(expected.description(), key.getPointChecks(), "the key's points at this start");
            }
        }
    }

    @Test
    void shouldProveOtherJobsWhileAKeyLoadsAndStopTheLoadWhenItsLastJobIsCancelled() throws Exception
    {
        final DaemonFixtures f = DaemonFixtures.in(mkdirs(dir.resolve("cancel")));
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch stopped = new CountDownLatch(1);
        final AtomicInteger zkeyLoads = new AtomicInteger();
        // the zkey's load is held at 40 % until released, and polls its cancellation as the readers do
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("cancel/data"), "workers", "1"),
            List.of(new CpuProverBackend(0, 1)), real -> (ref, loading) ->
            {
                if (ref.kind() == KeyRef.Kind.ZKEY)
                {
                    zkeyLoads.incrementAndGet();
                    loading.expect(100);
                    loading.advance(40);
                    try
                    {
                        while (!release.await(20, TimeUnit.MILLISECONDS))
                        {
                            loading.checkCancelled();
                        }
                    }
                    catch (final CancellationException e)
                    {
                        stopped.countDown();
                        throw e;
                    }
                    catch (final InterruptedException e)
                    {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
                return real.load(ref, loading);
            });
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long first = c.submit(f.zkey("first", f.wtns)).getJobId();
            final long second = c.submit(f.zkey("second", f.wtns)).getJobId();
            eventually(WAIT, "the zkey loading", () -> c.status(first).getJobs(0).getActivity()
                .equals("loading key " + f.cubicZkey + " (40 %)"));
            final KeyStatus loading = c.status(0).getKeysList().stream()
                .filter(k -> k.getPath().equals(f.cubicZkey.toString())).findFirst().orElseThrow();
            assertTrue(loading.getLoading() && !loading.getResident() && loading.getLoadedPercent() == 40,
                loading.toString());
            assertTrue(httpStatus(d).contains("\"activity\": \"loading key " + f.cubicZkey
                + " (40 %)\""), "the HTTP status shows the load");

            // the only worker is not held by the load: another key's job proves meanwhile
            assertVerified(c.prove(f.chain("meanwhile", 2, 0), WAIT), f.chainVk);
            assertEquals(JobState.QUEUED, c.status(first).getJobs(0).getState());

            // another job still waits for the key: the load goes on
            assertEquals(JobState.CANCELLED, c.cancel(first).getState());
            assertFalse(stopped.await(300, TimeUnit.MILLISECONDS), "the second job still needs the key");
            // the last one: the load stops at its next check
            assertEquals(JobState.CANCELLED, c.cancel(second).getState());
            assertTrue(stopped.await(30, TimeUnit.SECONDS), "the load stopped");
            eventually(WAIT, "the key gone from the status", () -> c.status(0).getKeysList().stream()
                .noneMatch(k -> k.getPath().equals(f.cubicZkey.toString())));

            // a later job loads the key afresh and proves
            release.countDown();
            final JobStatus later = c.prove(f.zkey("later", f.wtns), WAIT);
            assertEquals(JobState.SUCCEEDED, later.getState(), later.getError());
            assertEquals(2, zkeyLoads.get());
        }
    }

    private static Path mkdirs(final Path folder)
    {
        try
        {
            return java.nio.file.Files.createDirectories(folder);
        }
        catch (final java.io.IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String httpStatus(final Daemon d) throws Exception
    {
        final HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
            "http://127.0.0.1:" + d.httpPort() + "/status")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }
}
