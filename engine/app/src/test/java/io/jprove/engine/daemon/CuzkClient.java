package io.jprove.engine.daemon;

import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDomainSocketChannel;

import cuzk.v1.ProvingEngineGrpc;

/**
 * A client of the daemon's cuzk API as Curio builds its own: stubs generated from cuzk's proving.proto (the
 * reference copy in src/test/proto/curio), plaintext, 256 MiB messages both ways, over a Unix socket or TCP.
 */
final class CuzkClient implements AutoCloseable
{
    /** Curio's client: {@code MaxCallRecvMsgSize(256 << 20)}, {@code MaxCallSendMsgSize(256 << 20)}. */
    private static final int CURIO_MAX_MESSAGE_BYTES = 256 << 20;

    private final ManagedChannel channel;
    private final EventLoopGroup loop;
    final ProvingEngineGrpc.ProvingEngineBlockingStub stub;
    final ProvingEngineGrpc.ProvingEngineStub async;

    private CuzkClient(final ManagedChannel channel, final EventLoopGroup loop, final String token)
    {
        this.channel = channel;
        this.loop = loop;
        final Metadata headers = new Metadata();
        if (token != null)
        {
            headers.put(BearerToken.AUTHORIZATION, "Bearer " + token);
        }
        this.stub = ProvingEngineGrpc.newBlockingStub(channel).withMaxOutboundMessageSize(CURIO_MAX_MESSAGE_BYTES)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
        this.async = ProvingEngineGrpc.newStub(channel).withMaxOutboundMessageSize(CURIO_MAX_MESSAGE_BYTES)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    /** @return a client on the Unix socket at {@code socket} ("unix://" + socket in Curio's settings). */
    static CuzkClient unix(final Path socket)
    {
        final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        return new CuzkClient(NettyChannelBuilder.forAddress(UnixDomainSocketAddress.of(socket))
            .channelType(NioDomainSocketChannel.class).eventLoopGroup(loop).usePlaintext()
            // no TCP keep-alive on a Unix socket (Netty would warn of the option)
            .withOption(ChannelOption.SO_KEEPALIVE, null)
            .maxInboundMessageSize(CURIO_MAX_MESSAGE_BYTES).build(), loop, null);
    }

    /** @return a client on 127.0.0.1:{@code port}, sending {@code token} when it is not null. */
    static CuzkClient tcp(final int port, final String token)
    {
        return new CuzkClient(NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
            .maxInboundMessageSize(CURIO_MAX_MESSAGE_BYTES).build(), null, token);
    }

    @Override
    public void close()
    {
        channel.shutdownNow();
        try
        {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        if (loop != null)
        {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
