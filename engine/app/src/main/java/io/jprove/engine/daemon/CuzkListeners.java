package io.jprove.engine.daemon;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerDomainSocketChannel;

/**
 * The cuzk API's listeners: a Unix domain socket (where Curio's {@code [Cuzk] Address = "unix://..."} points) and a
 * TCP endpoint, each a gRPC server of its own, since a socket needs another channel type than TCP and the API takes
 * larger requests than jprove's own (a 32 GiB sector's C1 output). The socket goes through the JDK's Unix domain
 * sockets (Netty's NIO transport), so no native library is needed.
 * <p>
 * The socket is local, and its file's permissions guard it: it is bound in a new folder only the daemon's user can
 * enter, set to 0660 (the daemon's user and group may connect), then renamed into place, so it is never reachable
 * with wider permissions (a path too long for that is bound in place and set to 0660 at once). Its folder is created
 * when missing; a socket left there by a daemon that died is replaced, one that a live process answers on is not.
 * The TCP endpoint checks the bearer token when it is off loopback (Curio sends none, so it reaches jprove over the
 * socket or loopback).
 */
final class CuzkListeners implements AutoCloseable
{
    /** The longest socket path the kernel takes, in bytes (sun_path less its terminating zero). */
    private static final int MAX_SOCKET_PATH_BYTES = 107;

    private final List<Server> servers = new ArrayList<>();
    private EventLoopGroup socketLoop;
    private Path socket;
    private Object socketKey;
    private int tcpPort = -1;

    private CuzkListeners()
    {
    }

    /**
     * Opens the listeners the settings name.
     *
     * @param auth the bearer-token check, applied on a TCP endpoint off loopback.
     * @throws IOException naming the setting and address that could not be listened on.
     */
    static CuzkListeners open(final CuzkConfig config, final BindableService service, final ServerInterceptor auth)
        throws IOException
    {
        final CuzkListeners l = new CuzkListeners();
        try
        {
            if (config.socket() != null)
            {
                l.openSocket(config.socket(), config.maxRequestBytes(), service);
            }
            if (config.listen() != null)
            {
                l.openTcp(config.listen(), config.maxRequestBytes(), service, auth);
            }
        }
        catch (final IOException | RuntimeException e)
        {
            l.close();
            throw e;
        }
        return l;
    }

    private void openSocket(final Path path, final int maxBytes, final BindableService service) throws IOException
    {
        try
        {
            final Path parent = path.getParent();
            Files.createDirectories(parent);
            clearStale(path);
            socketLoop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
            final Path folder = Files.createTempDirectory(parent, ".jprove-");
            final Path inFolder = folder.resolve("s");
            final boolean renamed = inFolder.toString().getBytes(StandardCharsets.UTF_8).length
                <= MAX_SOCKET_PATH_BYTES;
            final Path bound = renamed ? inFolder : path;
            try
            {
                servers.add(NettyServerBuilder.forAddress(UnixDomainSocketAddress.of(bound))
                    .channelType(NioServerDomainSocketChannel.class).bossEventLoopGroup(socketLoop)
                    .workerEventLoopGroup(socketLoop).maxInboundMessageSize(maxBytes)
                    // gRPC asks every connection for TCP keep-alives, which a Unix socket has not (Netty warns)
                    .withChildOption(ChannelOption.SO_KEEPALIVE, null)
                    .addService(UnparseableRequests.wrap(service.bindService())).build().start());
                Files.setPosixFilePermissions(bound, PosixFilePermissions.fromString("rw-rw----"));
                if (renamed)
                {
                    Files.move(bound, path, StandardCopyOption.ATOMIC_MOVE);
                }
            }
            finally
            {
                Files.deleteIfExists(inFolder);
                Files.deleteIfExists(folder);
            }
            socket = path;
            socketKey = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        }
        catch (final IOException e)
        {
            throw new IOException("the cuzk API on unix://" + path + " (cuzk-socket): " + e.getMessage(), e);
        }
    }

    /** Deletes a socket at {@code path} that no process answers on; refuses to touch anything else. */
    private static void clearStale(final Path path) throws IOException
    {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS))
        {
            return;
        }
        if (!Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther())
        {
            throw new IOException(path + " exists and is not a socket; remove it or choose another path");
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX))
        {
            probe.connect(UnixDomainSocketAddress.of(path));
        }
        catch (final IOException refused)
        {
            // nobody listens: a socket left by a daemon that died
            Files.delete(path);
            return;
        }
        throw new IOException("a process listens on it already (another daemon?)");
    }

    private void openTcp(final DaemonConfig.Endpoint at, final int maxBytes, final BindableService service,
        final ServerInterceptor auth) throws IOException
    {
        final List<ServerInterceptor> interceptors = at.isLoopback() ? List.of() : List.of(auth);
        try
        {
            final Server server = NettyServerBuilder.forAddress(new InetSocketAddress(at.host(), at.port()))
                .maxInboundMessageSize(maxBytes)
                .addService(ServerInterceptors.intercept(UnparseableRequests.wrap(service.bindService()),
                    interceptors))
                .build().start();
            servers.add(server);
            tcpPort = server.getPort();
        }
        catch (final IOException e)
        {
            throw new IOException("the cuzk API on " + at + " (cuzk-listen): " + e.getMessage(), e);
        }
    }

    /** @return the socket's path, or null without one. */
    Path socket()
    {
        return socket;
    }

    /** @return the TCP port (useful with port 0), or -1 without TCP. */
    int tcpPort()
    {
        return tcpPort;
    }

    /** Stops the listeners and removes the socket (unless another process has put its own there meanwhile). */
    @Override
    public void close()
    {
        servers.forEach(Server::shutdownNow);
        for (final Server s : servers)
        {
            try
            {
                s.awaitTermination(5, TimeUnit.SECONDS);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
            }
        }
        if (socketLoop != null)
        {
            socketLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
        if (socket != null)
        {
            try
            {
                final Object key = Files.readAttributes(socket, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS).fileKey();
                if (key != null && key.equals(socketKey))
                {
                    Files.delete(socket);
                }
            }
            catch (final IOException e)
            {
                // gone already
            }
        }
    }
}
