package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.protobuf.ByteString;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.CircomParams;
import io.jprove.engine.daemon.rpc.CircomZkey;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.SubmitReply;

/** The daemon's API on loopback: proving, request ids, unknown jobs, malformed requests, keys. */
class DaemonApiTest
{
    private static final Duration WAIT = Duration.ofSeconds(60);

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

    private static Status.Code code(final Runnable call)
    {
        return assertThrows(StatusRuntimeException.class, call::run).getStatus().getCode();
    }

    private static String refusal(final Status.Code expected, final Runnable call)
    {
        final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::run);
        assertEquals(expected, e.getStatus().getCode(), e.getStatus().toString());
        return e.getStatus().getDescription();
    }

    @Test
    void shouldProveVerifiableCircomProofWhenSubmittedAndAwaited()
    {
        final SubmitReply r = client.submit(f.cubic("cubic-1", f.wtns));
        assertFalse(r.getDuplicate());
        final JobStatus s = client.await(r.getJobId(), WAIT);
        assertVerified(s, f.cubicVk);
        // the cubic's one public signal is out = 35
        assertEquals(ByteString.copyFrom(new byte[] {35}).concat(ByteString.copyFrom(new byte[31])),
            s.getPublicInputs(0));
        assertEquals("circom", s.getCircuit());
    }

    @Test
    void shouldProveEveryPartitionWhenBuiltinJobHasSeveral()
    {
        assertVerified(client.prove(f.chain("chain-3", 3, 0), WAIT), f.chainVk);
    }

    @Test
    void shouldAnswerSameJobWhenRequestIdAndPayloadRepeat()
    {
        final SubmitReply first = client.submit(f.cubic("same-id", f.wtns));
        final SubmitReply again = client.submit(f.cubic("same-id", f.wtns));
        assertEquals(first.getJobId(), again.getJobId());
        assertTrue(again.getDuplicate());
        client.await(first.getJobId(), WAIT);
        final SubmitReply afterEnd = client.submit(f.cubic("same-id", f.wtns));
        assertEquals(first.getJobId(), afterEnd.getJobId());
        assertEquals(JobState.SUCCEEDED, afterEnd.getState());
    }

    @Test
    void shouldRefuseWhenRequestIdComesBackWithAnotherPayload()
    {
        final SubmitReply first = client.submit(f.cubic("reused-id", f.wtns));
        final String why = refusal(Status.Code.ALREADY_EXISTS, () -> client.submit(f.cubic("reused-id", f.badWtns)));
        assertTrue(why.contains("\"reused-id\"") && why.contains("job " + first.getJobId()), why);
        final ProofRequest otherPriority = f.cubic("reused-id", f.wtns).toBuilder().setPriority(5).build();
        assertEquals(Status.Code.ALREADY_EXISTS, code(() -> client.submit(otherPriority)));
    }

    @Test
    void shouldAnswerNotFoundWhenJobIdIsUnknown()
    {
        final String why = refusal(Status.Code.NOT_FOUND, () -> client.await(987_654, WAIT));
        assertTrue(why.contains("job 987654"), why);
        assertEquals(Status.Code.NOT_FOUND, code(() -> client.cancel(987_654)));
        assertEquals(Status.Code.NOT_FOUND, code(() -> client.status(987_654)));
    }

    @Test
    void shouldNameTheFieldWhenRequestIsMalformed()
    {
        final ProofRequest good = f.cubic("malformed", f.wtns);
        final CircomParams c = good.getCircom();
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(good.toBuilder().clearRequestId()
            .build())).contains("request_id"));
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(ProofRequest.newBuilder()
            .setRequestId("x").build())).contains("no circuit"));
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(good.toBuilder().setCircom(c.toBuilder()
            .setParamsPath("cubic.params")).build())).contains("circom.params_path \"cubic.params\" is not an"
            + " absolute path"));
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(good.toBuilder().setCircom(c.toBuilder()
            .setR1CsPath(dir.resolve("absent.r1cs").toString())).build())).contains("circom.r1cs_path"));
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(good.toBuilder().setCircom(c.toBuilder()
            .clearWtns()).build())).contains("circom.wtns is empty"));
        final byte[] cut = c.getWtns().substring(0, c.getWtns().size() - 7).toByteArray();
        final String truncated = refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(good.toBuilder()
            .setCircom(c.toBuilder().setWtns(ByteString.copyFrom(cut))).build()));
        assertTrue(truncated.startsWith("circom.wtns: ") && !truncated.contains("incoming-"), truncated);
        final ProofRequest zkeyOfParams = ProofRequest.newBuilder().setRequestId("z").setZkey(CircomZkey.newBuilder()
            .setZkeyPath(f.cubicParams.toString()).setWtns(c.getWtns())).build();
        // a key file that is not one is refused before the job is acknowledged, naming the field and the file
        final String wrongFile = refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(zkeyOfParams));
        assertTrue(wrongFile.startsWith("zkey.zkey_path: " + f.cubicParams + ": "), wrongFile);
        final BuiltinCircuit.Builder b = f.chain("b", 1, 0).getBuiltin().toBuilder();
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(ProofRequest.newBuilder()
            .setRequestId("b").setBuiltin(b.clone().setName("porep-huge")).build())).contains("builtin.name"));
        assertTrue(refusal(Status.Code.INVALID_ARGUMENT, () -> client.submit(ProofRequest.newBuilder()
            .setRequestId("b").setBuiltin(b.clone().setPartitions(0)).build())).contains("builtin.partitions"));
    }

    @Test
    void shouldFailJobNamingConstraintWhenWitnessDoesNotSatisfy()
    {
        final JobStatus s = client.prove(f.cubic("unsatisfied", f.badWtns), WAIT);
        assertEquals(JobState.FAILED, s.getState());
        assertTrue(s.getError().startsWith("partition 0: ") && s.getError().contains("constraint"), s.getError());
        assertTrue(s.getProof().isEmpty());
    }

    @Test
    void shouldRefuseRequestWhenOverSizeLimit(@TempDir final Path data)
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(data, "max-request-bytes", "4096"));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final ProofRequest good = f.cubic("big", f.wtns);
            final ProofRequest big = good.toBuilder().setCircom(good.getCircom().toBuilder()
                .setWtns(ByteString.copyFrom(new byte[8192]))).build();
            final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> c.submit(big));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
            final String line = DaemonClient.describe(e, c.address());
            assertTrue(line.startsWith("the request is over the daemon's max-request-bytes"), line);
            assertEquals(0, c.status(0).getJobsCount());
            assertVerified(c.prove(good, WAIT), f.cubicVk);
        }
    }

    @Test
    void shouldKeepKeyResidentWhenPreloadedUntilEvicted()
    {
        final KeyRef key = KeyRef.newBuilder().setParamsPath(f.chainParams.toString()).build();
        assertTrue(client.preload(key).getResident());
        assertTrue(client.status(0).getKeysList().stream().anyMatch(k -> k.getPath().equals(f.chainParams
            .toString()) && k.getResident()));
        assertFalse(client.evict(key).getResident());
        assertTrue(client.status(0).getKeysList().stream().noneMatch(k -> k.getPath().equals(f.chainParams
            .toString())));
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> client.preload(KeyRef.newBuilder()
            .setZkeyPath(dir.resolve("absent.zkey").toString()).build())));
    }
}
