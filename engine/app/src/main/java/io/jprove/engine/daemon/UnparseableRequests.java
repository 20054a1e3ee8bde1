package io.jprove.engine.daemon;

import java.io.InputStream;

import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.jprove.engine.pipeline.OneLine;

/**
 * Makes a request whose bytes do not parse the client's fault. gRPC answers a failure of the request's
 * unmarshalling as {@code UNKNOWN: Application error processing RPC}, whatever the marshaller throws; so here each
 * method's request is parsed into a {@link Parsed} that holds the message or why it did not parse, and a call whose
 * request did not parse is closed with {@code INVALID_ARGUMENT} naming the message type and the parser's reason,
 * before the service sees it.
 */
final class UnparseableRequests
{
    private UnparseableRequests()
    {
    }

    /** A request as parsed: the message, or why there is none. */
    private record Parsed<Q>(Q message, String error)
    {
    }

    /** @return the service with every method's request parsing checked. */
    static ServerServiceDefinition wrap(final ServerServiceDefinition service)
    {
        final ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(service.getServiceDescriptor()
            .getName());
        for (final ServerMethodDefinition<?, ?> m : service.getMethods())
        {
            b.addMethod(wrap(m));
        }
        return b.build();
    }

    private static <Q, R> ServerMethodDefinition<Parsed<Q>, R> wrap(final ServerMethodDefinition<Q, R> m)
    {
        final MethodDescriptor<Q, R> d = m.getMethodDescriptor();
        final MethodDescriptor.Marshaller<Q> inner = d.getRequestMarshaller();
        final String type = inner instanceof final MethodDescriptor.PrototypeMarshaller<Q> p
            && p.getMessagePrototype() instanceof final com.google.protobuf.Message message
            ? message.getDescriptorForType().getFullName() : d.getFullMethodName() + "'s request";
        final MethodDescriptor.Marshaller<Parsed<Q>> checked = new MethodDescriptor.Marshaller<>()
        {
            @Override
            public InputStream stream(final Parsed<Q> value)
            {
                return inner.stream(value.message());
            }

            @Override
            public Parsed<Q> parse(final InputStream stream)
            {
                try
                {
                    return new Parsed<>(inner.parse(stream), null);
                }
                catch (final RuntimeException e)
                {
                    final String why = e instanceof final StatusRuntimeException s && s.getStatus().getDescription()
                        != null ? s.getStatus().getDescription() : OneLine.of(e);
                    return new Parsed<>(null, "the request does not parse as a " + type + ": " + why);
                }
            }
        };
        final MethodDescriptor<Parsed<Q>, R> outer = d.toBuilder(checked, d.getResponseMarshaller()).build();
        final ServerCallHandler<Q, R> handler = m.getServerCallHandler();
        return ServerMethodDefinition.create(outer, (call, headers) -> listen(call, headers, d, handler));
    }

    private static <Q, R> ServerCall.Listener<Parsed<Q>> listen(final ServerCall<Parsed<Q>, R> call,
        final Metadata headers, final MethodDescriptor<Q, R> method, final ServerCallHandler<Q, R> handler)
    {
        final ServerCall.Listener<Q> inner = handler.startCall(new Unwrapped<>(call, method), headers);
        return new ServerCall.Listener<>()
        {
            private boolean refused;

            @Override
            public void onMessage(final Parsed<Q> message)
            {
                if (refused)
                {
                    return;
                }
                if (message.error() != null)
                {
                    refused = true;
                    call.close(Status.INVALID_ARGUMENT.withDescription(message.error()), new Metadata());
                    return;
                }
                inner.onMessage(message.message());
            }

            @Override
            public void onHalfClose()
            {
                if (!refused)
                {
                    inner.onHalfClose();
                }
            }

            @Override
            public void onCancel()
            {
                inner.onCancel();
            }

            @Override
            public void onComplete()
            {
                inner.onComplete();
            }

            @Override
            public void onReady()
            {
                if (!refused)
                {
                    inner.onReady();
                }
            }
        };
    }

    /** The call as the service sees it: its own request type, everything else the real call's. */
    private static final class Unwrapped<Q, R> extends ServerCall<Q, R>
    {
        private final ServerCall<Parsed<Q>, R> call;
        private final MethodDescriptor<Q, R> method;

        Unwrapped(final ServerCall<Parsed<Q>, R> call, final MethodDescriptor<Q, R> method)
        {
            this.call = call;
            this.method = method;
        }

        @Override
        public void request(final int numMessages)
        {
            call.request(numMessages);
        }

        @Override
        public void sendHeaders(final Metadata headers)
        {
            call.sendHeaders(headers);
        }

        @Override
        public void sendMessage(final R message)
        {
            call.sendMessage(message);
        }

        @Override
        public boolean isReady()
        {
            return call.isReady();
        }

        @Override
        public void close(final Status status, final Metadata trailers)
        {
            call.close(status, trailers);
        }

        @Override
        public boolean isCancelled()
        {
            return call.isCancelled();
        }

        @Override
        public void setMessageCompression(final boolean enabled)
        {
            call.setMessageCompression(enabled);
        }

        @Override
        public void setCompression(final String compressor)
        {
            call.setCompression(compressor);
        }

        @Override
        public Attributes getAttributes()
        {
            return call.getAttributes();
        }

        @Override
        public String getAuthority()
        {
            return call.getAuthority();
        }

        @Override
        public MethodDescriptor<Q, R> getMethodDescriptor()
        {
            return method;
        }
    }
}
