package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.file.Path;

import java.util.function.Supplier;

import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.daemon.TokenFile;

import picocli.CommandLine.Option;

/**
 * The options of every command that talks to a daemon: its address and the bearer token (from {@code --token-file},
 * else the environment variable {@value #TOKEN_VARIABLE}).
 */
final class DaemonOptions
{
    /** The environment variable that may hold the token. */
    static final String TOKEN_VARIABLE = "JPROVE_DAEMON_TOKEN";

    @Option(names = "--daemon", paramLabel = "ADDR", defaultValue = "127.0.0.1:" + DaemonConfig.DEFAULT_PORT,
        description = "The daemon's gRPC address, host:port (default ${DEFAULT-VALUE}).")
    String address;

    @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the daemon's bearer token "
        + "(default: the " + TOKEN_VARIABLE + " environment variable, if set).")
    Path tokenFile;

    /** @return options for {@code address} and a token file (or null), for commands with options of their own. */
    static DaemonOptions of(final String address, final Path tokenFile)
    {
        final DaemonOptions o = new DaemonOptions();
        o.address = address;
        o.tokenFile = tokenFile;
        return o;
    }

    /** @return a client of the daemon. */
    DaemonClient connect() throws IOException
    {
        String token = System.getenv(TOKEN_VARIABLE);
        if (tokenFile != null)
        {
            token = TokenFile.read(tokenFile);
            final String exposed = TokenFile.exposure(tokenFile);
            if (exposed != null)
            {
                System.err.println("jprove: warning: " + exposed);
            }
        }
        return DaemonClient.connect(address, token == null || token.isEmpty() ? null : token);
    }

    /** @return the call's reply; a refusal becomes an exception with the one line the CLI prints. */
    static <T> T call(final DaemonClient client, final Supplier<T> call)
    {
        try
        {
            return call.get();
        }
        catch (final StatusRuntimeException e)
        {
            throw new IllegalStateException(DaemonClient.describe(e, client.address()), e);
        }
    }
}
