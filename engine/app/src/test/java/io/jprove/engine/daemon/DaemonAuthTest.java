package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.JobState;

/** The bearer token on both listeners, and what HTTP's /status and /metrics serve. */
class DaemonAuthTest
{
    private static final String TOKEN = "s3cret-token-of-the-test-0123456789";

    @TempDir
    static Path dir;
    private static DaemonFixtures f;
    private static Daemon daemon;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws IOException
    {
        f = DaemonFixtures.in(dir);
        final Path tokenFile = Files.writeString(dir.resolve("token"), TOKEN + "\n");
        daemon = Daemon.start(DaemonFixtures.config(dir.resolve("data"), "token-file", tokenFile.toString()));
    }

    @AfterAll
    static void stop()
    {
        daemon.close();
    }

    private static StatusRuntimeException refused(final String token)
    {
        try (DaemonClient c = DaemonFixtures.client(daemon, token))
        {
            return assertThrows(StatusRuntimeException.class, () -> c.submit(f.cubic("unauthorized", f.wtns)));
        }
    }

    @Test
    void shouldRefuseGrpcCallWhenTokenIsMissingOrWrong()
    {
        final StatusRuntimeException missing = refused(null);
        assertEquals(Status.Code.UNAUTHENTICATED, missing.getStatus().getCode());
        assertTrue(missing.getStatus().getDescription().startsWith("missing bearer token"), missing.getMessage());
        final StatusRuntimeException wrong = refused(TOKEN + "x");
        assertEquals(Status.Code.UNAUTHENTICATED, wrong.getStatus().getCode());
        assertEquals("wrong bearer token", wrong.getStatus().getDescription());
        try (DaemonClient c = DaemonFixtures.client(daemon, TOKEN))
        {
            // nothing of the refused requests was accepted
            assertTrue(c.status(0).getJobsList().stream().noneMatch(j -> j.getRequestId().equals("unauthorized")));
            assertEquals(JobState.SUCCEEDED, c.prove(f.cubic("authorized", f.wtns), Duration.ofSeconds(60))
                .getState());
            assertTrue(c.metrics().contains("jprove_daemon_requests_rejected_total{reason=\"unauthenticated\"} 2"));
        }
    }

    private static HttpResponse<String> get(final String path, final String token) throws Exception
    {
        final HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.httpPort()
            + path)).timeout(Duration.ofSeconds(30));
        if (token != null)
        {
            b.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldServeStatusAndMetricsOverHttpOnlyWithToken() throws Exception
    {
        assertEquals(401, get("/status", null).statusCode());
        assertEquals(401, get("/metrics", "wrong").statusCode());
        try (DaemonClient c = DaemonFixtures.client(daemon, TOKEN))
        {
            c.prove(f.chain("http-status", 2, 3), Duration.ofSeconds(60));
        }
        final HttpResponse<String> status = get("/status", TOKEN);
        assertEquals(200, status.statusCode());
        assertEquals("application/json", status.headers().firstValue("Content-Type").orElseThrow());
        final String json = status.body();
        assertTrue(json.contains("\"request_id\": \"http-status\", \"state\": \"succeeded\", \"priority\": 3,"
            + " \"circuit\": \"builtin\", \"partitions\": [\"done\", \"done\"]"), json);
        assertTrue(json.contains("\"worker\": 0, \"device\": \"cpu:0\"") && json.contains("\"heap_used_bytes\": "),
            json);
        // the CPU's prepared keys are views of host vectors: listed, with nothing on a device
        assertTrue(json.contains("\"devices\": [\n  {\"name\": \"cpu:0\", \"description\": \"cpu, 2 threads\","
            + " \"workers\": 1, \"usable\": true, \"unusable_reason\": \"\", \"preparations\": ")
            && json.contains("{\"path\": \"" + f.chainParams.toAbsolutePath().normalize() + "\", \"kind\": \"params\","
            + " \"device_bytes\": 0, \"prepare_ms\": "), json);
        final HttpResponse<String> metrics = get("/metrics", TOKEN);
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain; version=0.0.4"));
        assertTrue(metrics.body().contains("# TYPE jprove_daemon_jobs_submitted_total counter\n"), metrics.body());
        assertTrue(metrics.body().contains("jprove_daemon_workers 1\n"), metrics.body());
        assertTrue(metrics.body().contains("jprove_daemon_device_usable{device=\"cpu:0\"} 1\n")
            && metrics.body().contains("jprove_daemon_device_prepared_key_bytes{device=\"cpu:0\"} 0\n")
            && metrics.body().contains("# TYPE jprove_daemon_device_key_preparations_total counter\n"),
            metrics.body());
        assertEquals(404, get("/other", TOKEN).statusCode());
        // RFC 7235: the scheme is case-insensitive
        assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.httpPort()
            + "/metrics")).header("Authorization", "bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString())
            .statusCode());
        final HttpResponse<String> post = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
            + daemon.httpPort() + "/status")).header("Authorization", "Bearer " + TOKEN)
            .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, post.statusCode());
    }
}
