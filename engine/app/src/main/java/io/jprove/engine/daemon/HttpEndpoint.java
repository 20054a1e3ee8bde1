package io.jprove.engine.daemon;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.ScheduledFuture;
import io.jprove.engine.pipeline.OneLine;

/**
 * The daemon's HTTP listener: {@code GET /status} (JSON, see {@link StatusJson}) and {@code GET /metrics}
 * (Prometheus text). Anything else is 404, a method other than GET or HEAD 405, a missing or wrong bearer token 401,
 * a request that does not parse 400.
 * <p>
 * It is Netty (which the gRPC transport brings), non-blocking, so a client that sends its request slowly holds no
 * thread: health checks are answered while others trickle. Each connection has {@link #REQUEST_TIMEOUT_MS} to deliver
 * its request (request line and headers, before the token is even looked at) and is closed after one answer; at most
 * {@link #MAX_CONNECTIONS} are open at once (more are closed as they come), and the request line and headers are
 * bounded in size. Answers are computed off the I/O thread, on {@link #HANDLER_THREADS} threads.
 */
final class HttpEndpoint implements AutoCloseable
{
    /** The most connections open at once; one more is closed at once. */
    static final int MAX_CONNECTIONS = 64;
    /** How long a connection has to deliver its whole request. */
    static final long REQUEST_TIMEOUT_MS = 10_000;
    /** Threads that compute answers (a scrape takes well under a millisecond of the daemon's locks). */
    static final int HANDLER_THREADS = 2;
    private static final int MAX_LINE_BYTES = 4096;
    private static final int MAX_HEADER_BYTES = 8192;
    private static final int MAX_BODY_BYTES = 8192;
    private static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final String TEXT_TYPE = "text/plain; charset=utf-8";

    private final EventLoopGroup io;
    private final EventExecutorGroup handlers;
    private final Channel server;
    private final AtomicInteger open = new AtomicInteger();

    HttpEndpoint(final DaemonConfig.Endpoint at, final Daemon daemon, final BearerToken auth) throws IOException
    {
        io = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jprove-daemon-http-io", true),
            NioIoHandler.newFactory());
        handlers = new DefaultEventExecutorGroup(HANDLER_THREADS, new DefaultThreadFactory("jprove-daemon-http",
            true));
        final ServerBootstrap b = new ServerBootstrap().group(io).channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<SocketChannel>()
            {
                @Override
                protected void initChannel(final SocketChannel ch)
                {
                    ch.pipeline().addLast(new HttpServerCodec(MAX_LINE_BYTES, MAX_HEADER_BYTES, MAX_BODY_BYTES))
                        .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                        .addLast(new Admission())
                        .addLast(handlers, new Answer(daemon, auth));
                }
            });
        Channel bound = null;
        try
        {
            bound = b.bind(new InetSocketAddress(at.host(), at.port())).syncUninterruptibly().channel();
        }
        catch (final RuntimeException e)
        {
            stopThreads();
            throw new IOException(e.getMessage(), e);
        }
        server = bound;
    }

    /** @return the port it listens on. */
    int port()
    {
        return ((InetSocketAddress)server.localAddress()).getPort();
    }

    /** @return connections open now. */
    int openConnections()
    {
        return open.get();
    }

    /** Counts connections, closes those over the cap, and closes one that has not delivered its request in time. */
    private final class Admission extends ChannelInboundHandlerAdapter
    {
        private ScheduledFuture<?> deadline;

        @Override
        public void channelActive(final ChannelHandlerContext ctx) throws Exception
        {
            if (open.incrementAndGet() > MAX_CONNECTIONS)
            {
                ctx.close();
                return;
            }
            deadline = ctx.executor().schedule(() ->
            {
                ctx.close();
            }, REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            super.channelActive(ctx);
        }

        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg) throws Exception
        {
            if (msg instanceof FullHttpRequest && deadline != null)
            {
                // the whole request is in: the answer is on its way, and the connection closes after it
                deadline.cancel(false);
            }
            super.channelRead(ctx, msg);
        }

        @Override
        public void channelInactive(final ChannelHandlerContext ctx) throws Exception
        {
            open.decrementAndGet();
            if (deadline != null)
            {
                deadline.cancel(false);
            }
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
        {
            // a reset or a broken pipe from a client: nothing to answer
            ctx.close();
        }
    }

    /** Answers one request, then closes the connection. */
    private static final class Answer extends SimpleChannelInboundHandler<FullHttpRequest>
    {
        private final Daemon daemon;
        private final BearerToken auth;

        Answer(final Daemon daemon, final BearerToken auth)
        {
            this.daemon = daemon;
            this.auth = auth;
        }

        @Override
        protected void channelRead0(final ChannelHandlerContext ctx, final FullHttpRequest request)
        {
            final boolean head = request.method().equals(HttpMethod.HEAD);
            if (!request.decoderResult().isSuccess())
            {
                send(ctx, HttpResponseStatus.BAD_REQUEST, TEXT_TYPE, "the request does not parse as HTTP/1.1 within"
                    + " the limits (line " + MAX_LINE_BYTES + " bytes, headers " + MAX_HEADER_BYTES + ")\n", head,
                    null);
                return;
            }
            final String why = auth.refusal(request.headers().get(HttpHeaderNames.AUTHORIZATION));
            if (why != null)
            {
                send(ctx, HttpResponseStatus.UNAUTHORIZED, TEXT_TYPE, why + "\n", head, "Bearer");
                return;
            }
            if (!head && !request.method().equals(HttpMethod.GET))
            {
                final FullHttpResponse r = response(HttpResponseStatus.METHOD_NOT_ALLOWED, TEXT_TYPE,
                    request.method() + " is not served; use GET\n", false);
                r.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
                ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            final String path = new QueryStringDecoder(request.uri()).path();
            switch (path)
            {
                case "/status" -> send(ctx, HttpResponseStatus.OK, "application/json",
                    StatusJson.of(daemon.status(0)), head, null);
                case "/metrics" -> send(ctx, HttpResponseStatus.OK, PROMETHEUS_TYPE, daemon.metricsText(), head,
                    null);
                default -> send(ctx, HttpResponseStatus.NOT_FOUND, TEXT_TYPE, path
                    + " is not served; GET /status or /metrics\n", head, null);
            }
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
        {
            send(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, TEXT_TYPE, OneLine.of(cause) + "\n", false, null);
        }

        private static void send(final ChannelHandlerContext ctx, final HttpResponseStatus code, final String type,
            final String body, final boolean head, final String authenticate)
        {
            final FullHttpResponse r = response(code, type, body, head);
            if (authenticate != null)
            {
                r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, authenticate);
            }
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }

        private static FullHttpResponse response(final HttpResponseStatus code, final String type, final String body,
            final boolean head)
        {
            final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            final FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, code,
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, type)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return r;
        }
    }

    @Override
    public void close()
    {
        server.close().syncUninterruptibly();
        stopThreads();
    }

    private void stopThreads()
    {
        io.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        handlers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
