package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The daemon's HTTP listener (the JDK's {@code com.sun.net.httpserver}): {@code GET /status} (JSON, see
 * {@link StatusJson}) and {@code GET /metrics} (Prometheus text). Anything else is 404, a method other than GET or
 * HEAD 405, a missing or wrong bearer token 401. Two threads serve it; scrapes are small.
 */
final class HttpEndpoint implements AutoCloseable
{
    private static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService threads;

    HttpEndpoint(final DaemonConfig.Endpoint at, final Daemon daemon, final BearerToken auth) throws IOException
    {
        server = HttpServer.create(new InetSocketAddress(at.host(), at.port()), 16);
        threads = Executors.newFixedThreadPool(2, r ->
        {
            final Thread t = new Thread(r, "jprove-daemon-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        server.createContext("/", exchange ->
        {
            try (exchange)
            {
                serve(exchange, daemon, auth);
            }
        });
        server.start();
    }

    /** @return the port it listens on. */
    int port()
    {
        return server.getAddress().getPort();
    }

    private static void serve(final HttpExchange exchange, final Daemon daemon, final BearerToken auth)
        throws IOException
    {
        final String why = auth.refusal(exchange.getRequestHeaders().getFirst("Authorization"));
        if (why != null)
        {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
            send(exchange, 401, "text/plain; charset=utf-8", why + "\n");
            return;
        }
        final String method = exchange.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD"))
        {
            exchange.getResponseHeaders().set("Allow", "GET, HEAD");
            send(exchange, 405, "text/plain; charset=utf-8", method + " is not served; use GET\n");
            return;
        }
        switch (exchange.getRequestURI().getPath())
        {
            case "/status" -> send(exchange, 200, "application/json", StatusJson.of(daemon.status(0)));
            case "/metrics" -> send(exchange, 200, PROMETHEUS_TYPE, daemon.metricsText());
            default -> send(exchange, 404, "text/plain; charset=utf-8", exchange.getRequestURI().getPath()
                + " is not served; GET /status or /metrics\n");
        }
    }

    private static void send(final HttpExchange exchange, final int code, final String type, final String body)
        throws IOException
    {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        final boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(code, head ? -1 : bytes.length);
        if (!head)
        {
            try (OutputStream out = exchange.getResponseBody())
            {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close()
    {
        server.stop(0);
        threads.shutdownNow();
    }
}
