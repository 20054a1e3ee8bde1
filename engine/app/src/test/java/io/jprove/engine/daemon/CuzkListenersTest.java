package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import cuzk.v1.Proving.GetStatusRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * Where the cuzk API listens: a socket left by a daemon that died is replaced, one a live daemon answers on and a
 * file that is no socket are not touched, the socket goes with the daemon; TCP off loopback takes the bearer token
 * (the socket never asks for it); a request over cuzk-max-request-bytes is refused.
 */
class CuzkListenersTest
{
    private static final String TOKEN = "cuzk-token-of-the-listener-test-42";

    @TempDir
    Path dir;

    private DaemonConfig config(final String name, final Path socket, final String... extra)
    {
        final String[] kv = {"cuzk-socket", socket.toString(), "parameter-cache", dir.resolve("params").toString()};
        final String[] all = java.util.Arrays.copyOf(kv, kv.length + extra.length);
        System.arraycopy(extra, 0, all, kv.length, extra.length);
        return DaemonFixtures.config(dir.resolve(name), all);
    }

    @Test
    void shouldReplaceAStaleSocketAndLeaveALiveOneAlone() throws IOException
    {
        final Path socket = dir.resolve("run/cuzk.sock");
        Files.createDirectories(socket.getParent());
        // a socket nobody listens on any more: bound, then closed (the file stays, as after a crash)
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX))
        {
            dead.bind(UnixDomainSocketAddress.of(socket));
        }
        assertTrue(Files.exists(socket));
        try (Daemon first = Daemon.start(config("a", socket)); CuzkClient c = CuzkClient.unix(socket))
        {
            assertEquals(1, c.stub.getStatus(GetStatusRequest.getDefaultInstance()).getGpusCount());
            final UncheckedIOException taken = assertThrows(UncheckedIOException.class,
                () -> Daemon.start(config("b", socket)).close());
            assertEquals("cannot listen: the cuzk API on unix://" + socket + " (cuzk-socket): a process listens on"
                + " it already (another daemon?)", taken.getMessage());
            // the first daemon still answers
            assertEquals(1, c.stub.getStatus(GetStatusRequest.getDefaultInstance()).getGpusCount());
        }
        assertFalse(Files.exists(socket));
        Files.writeString(socket, "not a socket");
        final UncheckedIOException file = assertThrows(UncheckedIOException.class,
            () -> Daemon.start(config("c", socket)).close());
        assertTrue(file.getMessage().endsWith(socket + " exists and is not a socket; remove it or choose another"
            + " path"), file.getMessage());
        assertEquals("not a socket", Files.readString(socket));
    }

    @Test
    void shouldAskForTheTokenOnTcpOffLoopbackOnly() throws IOException
    {
        final Path tokenFile = Files.writeString(dir.resolve("token"), TOKEN + "\n");
        final Path socket = dir.resolve("run/t.sock");
        try (Daemon d = Daemon.start(config("t", socket, "cuzk-listen", "0.0.0.0:0", "token-file",
            tokenFile.toString()));
             CuzkClient none = CuzkClient.tcp(d.cuzkPort(), null);
             CuzkClient with = CuzkClient.tcp(d.cuzkPort(), TOKEN);
             CuzkClient local = CuzkClient.unix(socket))
        {
            final StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> none.stub.getStatus(GetStatusRequest.getDefaultInstance()));
            assertEquals(Status.Code.UNAUTHENTICATED, refused.getStatus().getCode());
            assertEquals(1, with.stub.getStatus(GetStatusRequest.getDefaultInstance()).getGpusCount());
            assertEquals(1, local.stub.getStatus(GetStatusRequest.getDefaultInstance()).getGpusCount());
        }
    }

    @Test
    void shouldRefuseARequestOverTheSizeLimit() throws IOException
    {
        final Path socket = dir.resolve("run/s.sock");
        try (Daemon d = Daemon.start(config("s", socket, "cuzk-max-request-bytes", "4096"));
             CuzkClient c = CuzkClient.unix(socket))
        {
            final StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> c.stub.submitProof(CuzkFixtures.porep("big", CuzkFixtures.wrapped()).build()));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.getStatus().toString());
            assertTrue(d.store().jobs().isEmpty());
        }
    }
}
