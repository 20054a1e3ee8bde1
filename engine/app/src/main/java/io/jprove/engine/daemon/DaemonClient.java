package io.jprove.engine.daemon;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;

import io.jprove.engine.daemon.rpc.JobRef;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.KeyStatus;
import io.jprove.engine.daemon.rpc.MetricsRequest;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.ProverGrpc;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.daemon.rpc.StatusRequest;
import io.jprove.engine.daemon.rpc.SubmitReply;

/**
 * A connection to a daemon, for the CLI and tests: blocking calls, the bearer token (if any) on every call, and
 * {@link #describe} to turn a refusal into the one line the CLI prints. Thread-safe (one channel, many calls).
 */
public final class DaemonClient implements AutoCloseable
{
    /** The largest reply accepted: a job's result is 192 bytes and 32 per public input per partition. */
    private static final int MAX_REPLY_BYTES = 256 << 20;

    private final String address;
    private final ManagedChannel channel;
    private final ProverGrpc.ProverBlockingStub stub;

    private DaemonClient(final String address, final ManagedChannel channel, final Channel intercepted)
    {
        this.address = address;
        this.channel = channel;
        this.stub = ProverGrpc.newBlockingStub(intercepted);
    }

    /**
     * @param address host:port of the daemon's gRPC listener.
     * @param token   the bearer token, or null.
     */
    public static DaemonClient connect(final String address, final String token)
    {
        // Netty logs through SLF4J when it finds it (Chronicle brings it, with no provider): no warnings in a CLI
        if (System.getProperty("slf4j.internal.verbosity") == null)
        {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        final DaemonConfig.Endpoint at = DaemonConfig.Endpoint.parse(address);
        final ManagedChannel channel = NettyChannelBuilder.forAddress(at.host(), at.port()).usePlaintext()
            .maxInboundMessageSize(MAX_REPLY_BYTES).build();
        final Channel intercepted = token == null ? channel : ClientInterceptors.intercept(channel, bearer(token));
        return new DaemonClient(at.toString(), channel, intercepted);
    }

    private static ClientInterceptor bearer(final String token)
    {
        return new ClientInterceptor()
        {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(final MethodDescriptor<Q, R> method,
                final CallOptions options, final Channel next)
            {
                return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options))
                {
                    @Override
                    public void start(final Listener<R> listener, final Metadata headers)
                    {
                        headers.put(BearerToken.AUTHORIZATION, "Bearer " + token);
                        super.start(listener, headers);
                    }
                };
            }
        };
    }

    /** @return the daemon's address. */
    public String address()
    {
        return address;
    }

    /** @return the stub, for calls this class does not wrap. */
    public ProverGrpc.ProverBlockingStub stub()
    {
        return stub;
    }

    public SubmitReply submit(final ProofRequest request)
    {
        return stub.submit(request);
    }

    /** @return the job's status once it has finished, or throws DEADLINE_EXCEEDED after {@code timeout}. */
    public JobStatus await(final long job, final Duration timeout)
    {
        return stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .await(JobRef.newBuilder().setJobId(job).build());
    }

    /** Submit, then await, in one call. */
    public JobStatus prove(final ProofRequest request, final Duration timeout)
    {
        return stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS).prove(request);
    }

    public JobStatus cancel(final long job)
    {
        return stub.cancel(JobRef.newBuilder().setJobId(job).build());
    }

    /** @param job a job id, or 0 for every job. */
    public StatusReply status(final long job)
    {
        return stub.status(StatusRequest.newBuilder().setJobId(job).build());
    }

    public String metrics()
    {
        return stub.metrics(MetricsRequest.getDefaultInstance()).getText();
    }

    public KeyStatus preload(final KeyRef key)
    {
        return stub.preloadKey(key);
    }

    public KeyStatus evict(final KeyRef key)
    {
        return stub.evictKey(key);
    }

    /**
     * @return a refusal as one line: the daemon's description, or what an unreachable daemon or a too-large request
     *         means.
     */
    public static String describe(final StatusRuntimeException e, final String address)
    {
        final Status s = e.getStatus();
        final String d = s.getDescription() == null ? "" : s.getDescription();
        return switch (s.getCode())
        {
            case UNAVAILABLE -> "no daemon answers at " + address + " (" + d + "); start one with 'jprove daemon'";
            case DEADLINE_EXCEEDED -> "the daemon at " + address + " did not answer in time (" + d + ")";
            case RESOURCE_EXHAUSTED -> d.contains("exceeds maximum size")
                ? "the request is over the daemon's max-request-bytes (" + d + ")" : d;
            default -> s.getCode() + ": " + d;
        };
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
    }
}
