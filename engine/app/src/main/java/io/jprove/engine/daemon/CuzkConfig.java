package io.jprove.engine.daemon;

import java.nio.file.Path;

/**
 * The settings of the daemon's cuzk API ({@code cuzk.v1.ProvingEngine}, the service Curio's {@code [Cuzk]} client
 * calls): where it listens, the largest request it takes, and Filecoin's parameter cache, where its PoRep jobs find
 * their parameters. The API is served only when it has a listener: a Unix socket (local: its file's permissions,
 * 0660, guard it) and/or a TCP endpoint (off loopback only with the daemon's bearer token, which Curio does not
 * send).
 *
 * @param socket          the Unix socket's path (absolute), or null for none.
 * @param listen          the TCP endpoint, or null for none.
 * @param maxRequestBytes the largest request taken (a 32 GiB sector's wrapped C1 output is about 70 MB).
 * @param parameterCache  Filecoin's parameter cache (absolute).
 */
public record CuzkConfig(Path socket, DaemonConfig.Endpoint listen, int maxRequestBytes, Path parameterCache)
{
    /** cuzk's default socket, where Curio's documentation points {@code [Cuzk] Address}. */
    public static final String DEFAULT_SOCKET = "/run/curio/cuzk.sock";
    /** cuzk's TCP port in its documentation. */
    public static final int DEFAULT_PORT = 9820;
    /** The largest message Curio's client sends or takes: 256 MiB. */
    public static final int DEFAULT_MAX_REQUEST_BYTES = 256 << 20;

    /** @return whether the API is served (it has a listener). */
    public boolean enabled()
    {
        return socket != null || listen != null;
    }
}
