package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow clients cannot starve the HTTP listener: while many connections trickle their headers a byte at a time,
 * {@code /metrics} and {@code /status} answer at once; a connection that has not delivered its request within the
 * timeout is closed, and connections past the cap are closed as they come.
 */
class HttpEndpointTest
{
    @TempDir
    Path dir;

    /** A connection that sent a request line and then trickles header bytes. */
    private static Socket slow(final int port) throws IOException
    {
        final Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        final OutputStream out = s.getOutputStream();
        out.write("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }

    /** @return whether the server closed the socket within {@code ms} (reads end, or the connection resets). */
    private static boolean closedWithin(final Socket s, final int ms) throws IOException
    {
        s.setSoTimeout(ms);
        final InputStream in = s.getInputStream();
        try
        {
            while (in.read() >= 0)
            {
                // drain whatever the server sent before it closed
            }
            return true;
        }
        catch (final SocketTimeoutException e)
        {
            return false;
        }
        catch (final IOException e)
        {
            return true;
        }
    }

    @Test
    void shouldAnswerHealthChecksWhileSlowClientsTrickleHeaders() throws Exception
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data"))))
        {
            final int port = d.httpPort();
            final long opened = System.nanoTime();
            final List<Socket> trickling = new ArrayList<>();
            for (int i = 0; i < 16; i++)
            {
                trickling.add(slow(port));
            }
            final Thread trickle = new Thread(() ->
            {
                try
                {
                    for (int k = 0; k < 100 && !Thread.currentThread().isInterrupted(); k++)
                    {
                        for (final Socket s : trickling)
                        {
                            s.getOutputStream().write('a');
                            s.getOutputStream().flush();
                        }
                        Thread.sleep(200);
                    }
                }
                catch (final IOException | InterruptedException e)
                {
                    // closed by the server or the test: trickling is over
                }
            }, "trickle");
            trickle.setDaemon(true);
            trickle.start();
            final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            for (final String path : List.of("/metrics", "/status", "/metrics"))
            {
                final long t0 = System.nanoTime();
                final HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + path)).timeout(Duration.ofSeconds(3)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), r.body());
                assertTrue(System.nanoTime() - t0 < 3_000_000_000L);
            }
            // past the cap, a connection is closed as it comes
            final List<Socket> idle = new ArrayList<>();
            for (int i = 0; i < HttpEndpoint.MAX_CONNECTIONS; i++)
            {
                final Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                idle.add(s);
            }
            assertTrue(closedWithin(idle.getLast(), 5_000), "the connection over the cap is closed");
            for (final Socket s : idle)
            {
                s.close();
            }
            // the trickling ones never finished their request: closed once the request timeout is up
            final long leftMs = HttpEndpoint.REQUEST_TIMEOUT_MS - (System.nanoTime() - opened) / 1_000_000;
            for (final Socket s : trickling)
            {
                assertTrue(closedWithin(s, (int)Math.max(1, leftMs) + 3_000), "a trickling connection is closed"
                    + " after the request timeout");
                s.close();
            }
            trickle.interrupt();
        }
    }
}
