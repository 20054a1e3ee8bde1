package io.jprove.engine.daemon;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * The bearer-token check of both listeners: a request must carry {@code authorization: Bearer TOKEN} (a gRPC metadata
 * entry, an HTTP header). A missing or wrong token is refused before the request is read: UNAUTHENTICATED on gRPC,
 * 401 on HTTP. Tokens are compared in constant time, so the time to refuse does not tell how much of a guess was
 * right. With no token configured (loopback only) every request passes.
 */
final class BearerToken implements ServerInterceptor
{
    /** The gRPC metadata key (and HTTP header) that carries the token. */
    static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization",
        Metadata.ASCII_STRING_MARSHALLER);
    private static final String SCHEME = "Bearer ";

    private final byte[] token;
    private final Metrics metrics;

    /** @param token the expected token, or null when none is required. */
    BearerToken(final String token, final Metrics metrics)
    {
        this.token = token == null ? null : token.getBytes(StandardCharsets.US_ASCII);
        this.metrics = metrics;
    }

    /**
     * @param header the authorization header's value, or null.
     * @return null when the request may proceed, else why not.
     */
    String refusal(final String header)
    {
        if (token == null)
        {
            return null;
        }
        // RFC 7235: the scheme is case-insensitive ("bearer", "BEARER")
        if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length()))
        {
            metrics.unauthenticated();
            return "missing bearer token: send \"authorization: Bearer TOKEN\" (the daemon listens off loopback or"
                + " has token-file set)";
        }
        final byte[] given = header.substring(SCHEME.length()).strip().getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(given, token))
        {
            metrics.unauthenticated();
            return "wrong bearer token";
        }
        return null;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(final ServerCall<Q, R> call, final Metadata headers,
        final ServerCallHandler<Q, R> next)
    {
        final String why = refusal(headers.get(AUTHORIZATION));
        if (why != null)
        {
            call.close(Status.UNAUTHENTICATED.withDescription(why), new Metadata());
            return new ServerCall.Listener<>()
            {
            };
        }
        return next.startCall(call, headers);
    }
}
