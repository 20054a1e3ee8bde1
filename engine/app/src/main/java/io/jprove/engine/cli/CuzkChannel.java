package io.jprove.engine.cli;

import java.net.UnixDomainSocketAddress;
import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDomainSocketChannel;

import io.jprove.engine.daemon.cuzk.ProvingEngineGrpc;

/**
 * A connection to a cuzk API (a jprove daemon's, or cuzk's own) at an address as Curio's {@code [Cuzk] Address}
 * writes it: {@code unix:///PATH} for a Unix socket, else {@code host:port}; plaintext, 256 MiB messages as Curio's
 * client allows, the bearer token (if any) on every call.
 */
final class CuzkChannel implements AutoCloseable
{
    /** Curio's client's message limit, both ways. */
    private static final int MAX_MESSAGE_BYTES = 256 << 20;
    private static final String UNIX = "unix://";

    private final ManagedChannel channel;
    private final EventLoopGroup loop;
    final ProvingEngineGrpc.ProvingEngineBlockingStub stub;

    CuzkChannel(final String address, final String token)
    {
        if (address.startsWith(UNIX))
        {
            loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
            channel = NettyChannelBuilder.forAddress(UnixDomainSocketAddress.of(address.substring(UNIX.length())))
                .channelType(NioDomainSocketChannel.class).eventLoopGroup(loop)
                // no TCP keep-alive on a Unix socket (Netty would warn of the option)
                .withOption(ChannelOption.SO_KEEPALIVE, null).usePlaintext().maxInboundMessageSize(MAX_MESSAGE_BYTES)
                .build();
        }
        else
        {
            loop = null;
            channel = NettyChannelBuilder.forTarget(address).usePlaintext().maxInboundMessageSize(MAX_MESSAGE_BYTES)
                .build();
        }
        final Metadata headers = new Metadata();
        if (token != null)
        {
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        }
        stub = ProvingEngineGrpc.newBlockingStub(channel).withMaxOutboundMessageSize(MAX_MESSAGE_BYTES)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
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
