package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;

import io.jprove.engine.daemon.rpc.CircomZkey;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.ProverGrpc;
import io.jprove.engine.daemon.rpc.SubmitReply;

/**
 * What a request can make the daemon read: only regular files under its key roots (a path elsewhere is refused from
 * its text, the same way whether it exists or not; a FIFO or a link out is refused without being opened), a broken
 * key file or bytes that are no request are the client's fault (INVALID_ARGUMENT), paths are compared normalized,
 * and job ids are printed unsigned.
 */
class DaemonInputsTest
{
    private static final Duration QUICK = Duration.ofSeconds(20);

    @TempDir
    static Path dir;
    private static DaemonFixtures f;
    private static Daemon daemon;
    private static DaemonClient client;

    @BeforeAll
    static void start()
    {
        f = DaemonFixtures.in(dir);
        daemon = Daemon.start(DaemonFixtures.config(dir.resolve("data")));
        client = DaemonFixtures.client(daemon, null);
    }

    @AfterAll
    static void stop()
    {
        client.close();
        daemon.close();
    }

    private static String invalid(final Runnable call)
    {
        final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::run);
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), e.getStatus().toString());
        return e.getStatus().getDescription();
    }

    private static ProofRequest zkeyAt(final String id, final String path)
    {
        final ProofRequest good = f.zkey(id, f.wtns);
        return good.toBuilder().setZkey(CircomZkey.newBuilder(good.getZkey()).setZkeyPath(path)).build();
    }

    private static KeyRef zkeyRef(final String path)
    {
        return KeyRef.newBuilder().setZkeyPath(path).build();
    }

    @Test
    void shouldRefuseFilesOutsideKeyRootsAlikeWhetherTheyExistOrNot()
    {
        final String passwd = invalid(() -> client.submit(zkeyAt("outside-1", "/etc/passwd")));
        final String absent = invalid(() -> client.submit(zkeyAt("outside-2", "/etc/no-such-file-here")));
        assertTrue(passwd.startsWith("zkey.zkey_path: /etc/passwd is outside the daemon's key roots ("
            + dir.toAbsolutePath() + ")"), passwd);
        assertEquals(passwd.replace("/etc/passwd", "X"), absent.replace("/etc/no-such-file-here", "X"),
            "the answer does not tell an existing file from a missing one");
        assertTrue(invalid(() -> client.preload(zkeyRef("/proc/self/environ"))).contains("is outside the daemon's"
            + " key roots"));
        // inside the roots, but out through ".." and through a link
        assertTrue(invalid(() -> client.submit(zkeyAt("dots", dir + "/../../etc/passwd"))).contains("is outside"));
        final Path link = dir.resolve("link.zkey");
        try
        {
            Files.createSymbolicLink(link, Path.of("/etc/passwd"));
        }
        catch (final IOException | UnsupportedOperationException e)
        {
            return;
        }
        final String viaLink = invalid(() -> client.submit(zkeyAt("link", link.toString())));
        assertTrue(viaLink.contains("is outside the daemon's key roots") && !viaLink.contains("/etc/passwd"),
            viaLink);
    }

    @Test
    void shouldRefuseFifoAtOnceWhenRequestOrPreloadNamesOne() throws Exception
    {
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "mkfifo is Linux's");
        final Path fifo = dir.resolve("pipe.zkey");
        final Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        Assumptions.assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo ran");
        assertTimeoutPreemptively(QUICK, () ->
        {
            assertTrue(invalid(() -> client.preload(zkeyRef(fifo.toString()))).endsWith("pipe.zkey: is a FIFO"
                + " (named pipe), not a regular file"));
            assertTrue(invalid(() -> client.submit(zkeyAt("fifo", fifo.toString()))).startsWith("zkey.zkey_path: "
                + fifo + ": is a FIFO"));
            assertTrue(invalid(() -> client.preload(zkeyRef(dir.toString()))).endsWith("is a directory, not a file"));
        });
    }

    @Test
    void shouldAnswerInvalidArgumentWhenKeyFileIsBroken() throws IOException
    {
        final Path broken = Files.writeString(dir.resolve("broken.zkey"), "not a zkey at all");
        final String why = invalid(() -> client.preload(zkeyRef(broken.toString())));
        assertTrue(why.contains("broken.zkey") && why.contains("magic is not \"zkey\""), why);
    }

    @Test
    void shouldAnswerInvalidArgumentWhenBytesAreNoRequest()
    {
        final MethodDescriptor<byte[], SubmitReply> raw = ProverGrpc.getSubmitMethod().toBuilder(
            new BytesMarshaller(), ProverGrpc.getSubmitMethod().getResponseMarshaller()).build();
        final ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", daemon.grpcPort()).usePlaintext()
            .build();
        try
        {
            final Random random = new Random(27);
            for (int i = 0; i < 20; i++)
            {
                final byte[] junk = new byte[100];
                random.nextBytes(junk);
                // a tag of field 0 or an impossible wire type makes any protobuf parser give up
                junk[0] = (byte)0x07;
                final StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                    () -> ClientCalls.blockingUnaryCall(channel, raw, CallOptions.DEFAULT.withDeadlineAfter(10,
                        TimeUnit.SECONDS), junk));
                assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), e.getStatus().toString());
                assertTrue(e.getStatus().getDescription().startsWith("the request does not parse as a"
                    + " jprove.daemon.v1.ProofRequest"), e.getStatus().getDescription());
            }
        }
        finally
        {
            channel.shutdownNow();
        }
    }

    @Test
    void shouldTakeTheSamePayloadWhenPathsDifferOnlyInDots()
    {
        final SubmitReply first = client.submit(zkeyAt("dots-same", f.cubicZkey.getParent() + "/./"
            + f.cubicZkey.getFileName()));
        final SubmitReply again = client.submit(zkeyAt("dots-same", f.cubicZkey.toString()));
        assertEquals(first.getJobId(), again.getJobId());
        assertTrue(again.getDuplicate());
    }

    @Test
    void shouldPrintJobIdUnsignedWhenItIsUnknown()
    {
        final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> client.status(-1));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().startsWith("job 18446744073709551615 is unknown"),
            e.getStatus().getDescription());
        assertFalse(e.getStatus().getDescription().contains("-1"));
    }

    /** Sends bytes as they are. */
    private static final class BytesMarshaller implements MethodDescriptor.Marshaller<byte[]>
    {
        @Override
        public InputStream stream(final byte[] value)
        {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(final InputStream stream)
        {
            try
            {
                return stream.readAllBytes();
            }
            catch (final IOException e)
            {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
