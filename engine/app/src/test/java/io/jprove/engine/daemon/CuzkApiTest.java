package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.google.protobuf.ByteString;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import cuzk.v1.Proving.AwaitProofRequest;
import cuzk.v1.Proving.CancelProofRequest;
import cuzk.v1.Proving.EvictSrsRequest;
import cuzk.v1.Proving.GetMetricsRequest;
import cuzk.v1.Proving.GetStatusRequest;
import cuzk.v1.Proving.GetStatusResponse;
import cuzk.v1.Proving.PreloadSrsRequest;
import cuzk.v1.Proving.ProofKind;
import cuzk.v1.Proving.ProveRequest;
import cuzk.v1.Proving.SubmitProofRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.Commit2Input;
import io.jprove.engine.porep.c1.Commit2InputJson;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.PostVanillaProver;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.update.UpdateVanillaProver;

/**
 * The cuzk API as Curio meets it, on a daemon without parameters: a client generated from cuzk's file reaches it over
 * the Unix socket (0660) and over TCP; kinds not proved yet, bad vanilla_proof bytes, a wrong sector size or
 * registered proof, a C1 output of another sector, missing parameters and unknown ids and circuits are each refused
 * with a one-line status before anything is journaled or spooled.
 */
class CuzkApiTest
{
    @TempDir
    static Path dir;
    private static Daemon daemon;
    private static CuzkClient unix;
    private static CuzkClient tcp;

    @BeforeAll
    static void start()
    {
        daemon = Daemon.start(DaemonFixtures.config(dir.resolve("data"), "cuzk-socket",
            dir.resolve("run/cuzk.sock").toString(), "cuzk-listen", "127.0.0.1:0", "parameter-cache",
            dir.resolve("params").toString()));
        unix = CuzkClient.unix(daemon.cuzkSocket());
        tcp = CuzkClient.tcp(daemon.cuzkPort(), null);
    }

    @AfterAll
    static void stop()
    {
        unix.close();
        tcp.close();
        daemon.close();
    }

    /** @return the one-line description of the status {@code call} fails with, after checking its code. */
    private static String refusal(final Status.Code expected, final Supplier<?> call)
    {
        final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::get);
        assertEquals(expected, e.getStatus().getCode(), e.getStatus().toString());
        final String why = e.getStatus().getDescription();
        assertFalse(why.contains("\n"), why);
        return why;
    }

    /** Refused by Prove and by SubmitProof, over both listeners, with nothing journaled or spooled. */
    private static String refused(final Status.Code expected, final SubmitProofRequest request) throws IOException
    {
        final String why = refusal(expected, () -> unix.stub.submitProof(request));
        assertEquals(why, refusal(expected, () -> tcp.stub.prove(ProveRequest.newBuilder().setSubmit(request)
            .build())));
        assertTrue(daemon.store().jobs().isEmpty(), daemon.store().jobs().toString());
        try (Stream<Path> spooled = Files.exists(dir.resolve("data/spool")) ? Files.list(dir.resolve("data/spool"))
            : Stream.empty())
        {
            assertEquals(0, spooled.count());
        }
        return why;
    }

    private static void assertStartsWith(final String prefix, final String actual)
    {
        assertTrue(actual.startsWith(prefix), actual);
    }

    @Test
    void shouldListenOnASocketOnlyItsUserAndGroupMayUseWhenCuzkSocketIsSet() throws IOException
    {
        final Path socket = dir.resolve("run/cuzk.sock");
        assertEquals(socket, daemon.cuzkSocket());
        assertTrue(Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther());
        assertEquals(PosixFilePermissions.fromString("rw-rw----"), Files.getPosixFilePermissions(socket));
        // the folder it was bound in before its rename is gone
        try (Stream<Path> files = Files.list(socket.getParent()))
        {
            assertEquals(1, files.count());
        }
    }

    @Test
    void shouldAnswerStatusAndMetricsOverTheSocketAndOverTcp()
    {
        for (final CuzkClient c : new CuzkClient[] {unix, tcp})
        {
            final GetStatusResponse s = c.stub.getStatus(GetStatusRequest.getDefaultInstance());
            assertEquals(1, s.getGpusCount());
            assertTrue(s.getGpus(0).getName().startsWith("cpu:0 ("), s.getGpus(0).getName());
            assertEquals(0, s.getQueuesCount());
            assertTrue(s.getPinnedMemoryLimitBytes() > 0);
            final String text = c.stub.getMetrics(GetMetricsRequest.getDefaultInstance()).getPrometheusText();
            assertTrue(text.contains("\njprove_daemon_jobs{state=\"queued\"} 0\n"), text);
            assertTrue(text.contains("\ncuzk_gpu_workers 1\n"), text);
            assertTrue(text.contains("\n# TYPE cuzk_uptime_seconds gauge\ncuzk_uptime_seconds "), text);
        }
    }

    /**
     * SnapDeals requests: an unknown registered proof, a size not its own, bytes that are no vanilla proof, a
     * commitment that is a CID rather than its 32 bytes, and (the vanilla proof good) missing parameters.
     */
    @Test
    void shouldRefuseBadSnapDealsRequestsNamingTheField() throws IOException
    {
        final SubmitProofRequest.Builder snap = SubmitProofRequest.newBuilder().setRequestId("s")
            .setProofKind(ProofKind.SNAP_DEALS_UPDATE).setSectorSize(2048).addVanillaProofs(ByteString.copyFromUtf8(
                "{}"));
        assertEquals("registered_proof 7 is not a registered update proof (0 to 4: StackedDrg2KiBV1 to"
            + " StackedDrg64GiBV1)", refused(Status.Code.INVALID_ARGUMENT, snap.clone().setRegisteredProof(7)
                .build()));
        assertEquals("sector_size 0 is not the size of registered_proof 0 (2048 bytes)", refused(
            Status.Code.INVALID_ARGUMENT, snap.clone().clearSectorSize().build()));
        assertEquals("comm_r_old has 0 bytes, 32 expected (the raw commitment, not its CID)", refused(
            Status.Code.INVALID_ARGUMENT, snap.build()));
        final UpdateVanillaProver.Update update = UpdateVanillaProver.prove(UpdateShape.of("2KiB"),
            SectorSealer.seal(CuzkFixtures.PROOF, new byte[2048], ProverId.ofMiner(C1Fixtures.MINER),
                C1Fixtures.SECTOR, new byte[32]), new byte[2048], 1);
        final SubmitProofRequest.Builder good = snap.clone().setCommROld(ByteString.copyFrom(update.commROld()))
            .setCommDNew(ByteString.copyFrom(update.commDNew())).setCommRNew(ByteString.copyFrom(update.commRNew()));
        assertEquals("vanilla_proofs[0] is not a snapdeals-2KiB partition's: SnapDeals vanilla proof, offset 0:"
            + " truncated in comm_c", refused(Status.Code.INVALID_ARGUMENT, good.build()));
        final String why = refused(Status.Code.FAILED_PRECONDITION, good.setVanillaProofs(0, ByteString.copyFrom(
            update.partitions().getFirst().bytes())).build());
        assertTrue(why.startsWith("the parameters of snapdeals-2KiB: no ") && why.contains("jprove setup --snap 2KiB"),
            why);
    }

    @Test
    void shouldRefuseAnUnknownProofKind() throws IOException
    {
        assertEquals("proof_kind 0 is not a proof kind; POREP_SEAL_COMMIT is proved", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("k", CuzkFixtures.wrapped())
                .setProofKind(ProofKind.PROOF_KIND_UNSPECIFIED).build()));
        assertEquals("proof_kind 9 is not a proof kind; POREP_SEAL_COMMIT is proved", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("k", CuzkFixtures.wrapped()).setProofKindValue(9)
                .build()));
    }

    /**
     * PoSt requests: a registered proof of the other kind or of another size, bytes that are no vanilla proof, and
     * (the vanilla proof good) missing parameters, each refused naming the field or the file to make.
     */
    @Test
    void shouldRefuseBadPostRequestsNamingTheField() throws IOException
    {
        final RegisteredPostProof window = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        final byte[] randomness = new byte[32];
        final byte[] vanilla = PostVanillaProver.prove(window, randomness, 0, C1Fixtures.SECTOR, SectorSealer.seal(
            CuzkFixtures.PROOF, new byte[2048], ProverId.ofMiner(C1Fixtures.MINER), C1Fixtures.SECTOR, new byte[32]))
            .bytes();
        final SubmitProofRequest.Builder good = SubmitProofRequest.newBuilder().setRequestId("w")
            .setProofKind(ProofKind.WINDOW_POST_PARTITION).setSectorSize(2048).setRegisteredProof(window.id())
            .setRandomness(ByteString.copyFrom(randomness)).addVanillaProofs(ByteString.copyFrom(vanilla));
        assertEquals("registered_proof 0 is StackedDrgWinning2KiBV1, not a window PoSt proof as proof_kind"
            + " WINDOW_POST_PARTITION needs", refused(Status.Code.INVALID_ARGUMENT, good.clone().setRegisteredProof(0)
                .build()));
        assertStartsWith("registered_proof: no registered PoSt proof has id 99", refused(Status.Code.INVALID_ARGUMENT,
            good.clone().setRegisteredProof(99).build()));
        assertEquals("sector_size 8388608 is not the size of StackedDrgWindow2KiBV1_2 (2048 bytes)", refused(
            Status.Code.INVALID_ARGUMENT, good.clone().setSectorSize(8L << 20).build()));
        assertEquals("vanilla_proofs[0] is not a 2KiB sector's vanilla proof: PoSt vanilla proof, offset 0: truncated"
            + " in sector_id", refused(Status.Code.INVALID_ARGUMENT, good.clone().setVanillaProofs(0, ByteString
                .copyFromUtf8("{}")).build()));
        assertStartsWith("randomness: the randomness has 32 bytes, got 0", refused(Status.Code.INVALID_ARGUMENT,
            good.clone().clearRandomness().build()));
        final String why = refused(Status.Code.FAILED_PRECONDITION, good.build());
        assertTrue(why.startsWith("the parameters of StackedDrgWindow2KiBV1_2: no ") && why.contains(
            "jprove setup --post window --sector-size 2KiB"), why);
    }

    @Test
    void shouldRefuseBadVanillaProofBytesNamingTheJsonPath() throws IOException
    {
        assertEquals("vanilla_proof is empty: send the C1 output (bare, or wrapped as Curio wraps it)", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("b", new byte[0]).build()));
        assertStartsWith("vanilla_proof: $", refused(Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("b",
            "not json".getBytes(StandardCharsets.UTF_8)).build()));
        final byte[] bare = CuzkFixtures.bare();
        assertStartsWith("vanilla_proof: $.vanilla_proofs.StackedDrg2KiBV1[0]", refused(Status.Code.INVALID_ARGUMENT,
            CuzkFixtures.porep("b", Arrays.copyOf(bare, bare.length / 3)).build()));
        // a value changed: the vanilla proofs no longer verify, and the path names it, in the wrapper too
        final byte[] changed = CuzkFixtures.changed("node", "1");
        assertStartsWith("vanilla_proof: $.vanilla_proofs.StackedDrg2KiBV1[0][0].labeling_proofs[0].node: ",
            refused(Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("b", changed).build()));
        final byte[] wrapped = Commit2InputJson.write(new Commit2Input(7, changed, 2048));
        assertStartsWith("vanilla_proof: $.Phase1Out→$.vanilla_proofs.StackedDrg2KiBV1[0][0].labeling_proofs[0]"
            + ".node: ", refused(Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("b", wrapped).build()));
    }

    @Test
    void shouldRefuseAWrongSectorSizeRegisteredProofSectorOrMiner() throws IOException
    {
        final byte[] c1 = CuzkFixtures.wrapped();
        assertEquals("sector_size 8388608 is not the size of StackedDrg2KiBV1_1 (2048 bytes)", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("s", c1).setSectorSize(8 << 20).build()));
        assertEquals("registered_proof 8 is not the C1 output's StackedDrg2KiBV1_1 (5)", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("s", c1).setRegisteredProof(8).build()));
        assertEquals("vanilla_proof: $.SectorSize: 34359738368 bytes, but the C1 output is of StackedDrg2KiBV1_1"
            + " (2048 bytes)", refused(Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("s", Commit2InputJson
                .write(new Commit2Input(7, CuzkFixtures.bare(), 32L << 30))).build()));
        assertEquals("sector_number 8 is not the wrapper's SectorNum 7", refused(Status.Code.INVALID_ARGUMENT,
            CuzkFixtures.porep("s", c1).setSectorNumber(8).build()));
        // the bare C1 output carries no sector number: the replica id tells another sector or miner
        assertStartsWith("vanilla_proof: $.replica_id: is not the replica id of sector 8", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("s", CuzkFixtures.bare()).setSectorNumber(8).build()));
        assertStartsWith("vanilla_proof: $.Phase1Out→$.replica_id: is not the replica id of sector 7", refused(
            Status.Code.INVALID_ARGUMENT, CuzkFixtures.porep("s", c1).setMinerId(1001).build()));
    }

    @Test
    void shouldRefuseWithFailedPreconditionWhenTheParametersAreNotInTheCache() throws IOException
    {
        final String why = refused(Status.Code.FAILED_PRECONDITION, CuzkFixtures.porep("p", CuzkFixtures.wrapped())
            .build());
        assertStartsWith("the parameters of StackedDrg2KiBV1_1: no " + PorepParameterFiles.vkName(CuzkFixtures.PROOF)
            + " in " + dir.resolve("params") + " (the 2KiB PoRep parameters)", why);
    }

    @Test
    void shouldAnswerNotFoundWhenAJobIdIsUnknown()
    {
        assertStartsWith("job_id \"porep-1000-404\" is unknown", refusal(Status.Code.NOT_FOUND,
            () -> unix.stub.awaitProof(AwaitProofRequest.newBuilder().setJobId("porep-1000-404").setTimeoutMs(10)
                .build())));
        assertStartsWith("job_id \"porep-1000-404\" is unknown", refusal(Status.Code.NOT_FOUND,
            () -> tcp.stub.cancelProof(CancelProofRequest.newBuilder().setJobId("porep-1000-404").build())));
    }

    @Test
    void shouldNameTheCircuitIdWhenParametersCannotBePreloaded()
    {
        assertEquals("circuit_id \"snap-1t\" is not a circuit id; known: porep-2k, porep-8m, porep-512m, porep-32g,"
            + " porep-64g, wpost-2k, wpost-8m, wpost-512m, wpost-32g, wpost-64g, winning-2k, winning-8m, winning-512m,"
            + " winning-32g, winning-64g, snap-2k, snap-8m, snap-512m, snap-32g, snap-64g", refusal(
                Status.Code.INVALID_ARGUMENT, () -> unix.stub.preloadSRS(PreloadSrsRequest.newBuilder()
                    .setCircuitId("snap-1t").build())));
        assertTrue(refusal(Status.Code.FAILED_PRECONDITION, () -> unix.stub.preloadSRS(PreloadSrsRequest
            .newBuilder().setCircuitId("wpost-2k").build())).contains(PostParameterFiles.set(
                RegisteredPostProof.StackedDrgWindow2KiBV1_2).paramsName()));
        assertStartsWith("circuit_id \"porep-1t\" is not a circuit id; known: ", refusal(Status.Code.INVALID_ARGUMENT,
            () -> unix.stub.preloadSRS(PreloadSrsRequest.newBuilder().setCircuitId("porep-1t").build())));
        assertTrue(refusal(Status.Code.FAILED_PRECONDITION, () -> unix.stub.preloadSRS(PreloadSrsRequest
            .newBuilder().setCircuitId("porep-2k").build())).contains(PorepParameterFiles.paramsName(
                CuzkFixtures.PROOF)));
        assertFalse(tcp.stub.evictSRS(EvictSrsRequest.newBuilder().setCircuitId("porep-32g").build()).getWasLoaded());
    }
}
