package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.protobuf.ByteString;

import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.daemon.cuzk.AwaitProofRequest;
import io.jprove.engine.daemon.cuzk.AwaitProofResponse;
import io.jprove.engine.daemon.cuzk.CancelProofRequest;
import io.jprove.engine.daemon.cuzk.GetStatusRequest;
import io.jprove.engine.daemon.cuzk.GetStatusResponse;
import io.jprove.engine.daemon.cuzk.ProofKind;
import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.GeneratePublicInputs;

/**
 * {@code jprove c2} on C1 outputs made by {@code jprove seal}, with parameters made by {@code jprove setup --porep}
 * (marked as jprove's): the proof of every partition verifies against the {@code .vk} with the public inputs
 * rust-fil-proofs would compute (recomputed here from the C1 output and the graph); a corrupted C1 output is refused,
 * naming its JSON path, before the parameters are even read; missing, unmarked or mismatched parameters are refused.
 */
class C2CommandTest
{
    @TempDir
    static Path dir;
    private static Path sector;
    private static Path params;

    @BeforeAll
    static void sealAndSetUp()
    {
        sector = dir.resolve("s2k");
        final CliRun seal = jprove("seal", "--sector-size", "2KiB", "--random", "5", "--miner-id", "1000", "--sector",
            "4", "--wrapper", "--out", sector);
        assertEquals(CliSupport.OK, seal.status(), seal.toString());
        params = dir.resolve("params");
        final CliRun setup = jprove("setup", "--porep", "2KiB", "--params-dir", params, "--device", "cpu");
        assertEquals(CliSupport.OK, setup.status(), setup.toString());
        assertTrue(setup.out().contains("NOT Filecoin's"), setup.out());
    }

    @Test
    void shouldProveAC1OutputWhoseProofVerifies() throws Exception
    {
        final Path proof = dir.resolve("2k.proof");
        final CliRun run = jprove("c2", "--c1", sector.resolve("c1.json"), "--params-dir", params, "--proof", proof,
            "--device", "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("NOT Filecoin's"), run.out());
        assertVerifies(C1File.read(sector.resolve("c1.json")).output(), proof, params);
    }

    @Test
    void shouldProveTheSameC1ThroughTheDaemonsCuzkApiAsCurioSendsIt() throws Exception
    {
        final Path proof = dir.resolve("2k-cuzk.proof");
        final Path socket = dir.resolve("cuzk.sock");
        try (Daemon daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off",
            "data-dir", dir.resolve("daemon").toString(), "device", "cpu", "threads", "2", "timeline", "off",
            "cuzk-socket", socket.toString(), "cuzk-listen", "127.0.0.1:0", "parameter-cache", params.toString()),
            "test")))
        {
            final CliRun run = jprove("cuzk", "prove", "--address", "unix://" + socket, "--c1",
                sector.resolve("commit2-input.json"), "--miner-id", "1000", "--proof", proof);
            assertEquals(CliSupport.OK, run.status(), run.toString());
            // the same request over TCP is the same job: its proof again, not a second proof
            final Path again = dir.resolve("2k-cuzk-tcp.proof");
            final CliRun tcp = jprove("cuzk", "prove", "--address", "127.0.0.1:" + daemon.cuzkPort(), "--c1",
                sector.resolve("commit2-input.json"), "--miner-id", "1000", "--proof", again);
            assertEquals(CliSupport.OK, tcp.status(), tcp.toString());
            assertArrayEquals(Files.readAllBytes(proof), Files.readAllBytes(again));
        }
        assertVerifies(C1File.read(sector.resolve("c1.json")).output(), proof, params);
        // the daemon keeps the circuit's recorded matrices for its next start
        assertTrue(Files.isRegularFile(dir.resolve("daemon").resolve("matrices").resolve("porep-2KiB.matrices")));
    }

    @Test
    void shouldCancelARunningPoRepJobThroughTheCuzkApiAndProveItWhenCurioAsksAgain() throws Exception
    {
        final GatedBackend gated = new GatedBackend(new CpuProverBackend(0, 2));
        final Path socket = dir.resolve("cancel.sock");
        final Path data = dir.resolve("cancel-daemon");
        final RegisteredSealProof p = RegisteredSealProof.StackedDrg2KiBV1_1;
        final SubmitProofRequest request = SubmitProofRequest.newBuilder().setRequestId("porep-1000-4")
            .setProofKind(ProofKind.POREP_SEAL_COMMIT).setSectorSize(p.sectorBytes()).setRegisteredProof(p.id())
            .setVanillaProof(ByteString.copyFrom(Files.readAllBytes(sector.resolve("commit2-input.json"))))
            .setSectorNumber(4).setMinerId(1000).build();
        final AwaitProofRequest await = AwaitProofRequest.newBuilder().setJobId("porep-1000-4").setTimeoutMs(120_000)
            .build();
        final byte[] proof;
        try (Daemon daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off",
            "data-dir", data.toString(), "threads", "2", "timeline", "off", "cuzk-socket", socket.toString(),
            "parameter-cache", params.toString()), "test"), List.of(gated));
             CuzkChannel cuzk = new CuzkChannel("unix://" + socket, null))
        {
            assertEquals("porep-1000-4", cuzk.stub.submitProof(request).getJobId());
            assertTrue(gated.awaitPartition(300), "the partition reached the device");
            final GetStatusResponse busy = cuzk.stub.getStatus(GetStatusRequest.getDefaultInstance());
            assertEquals("porep-1000-4", busy.getGpus(0).getCurrentJobId());
            assertEquals(1, busy.getQueuesList().stream().filter(q -> q.getProofKind().equals("porep-c2"))
                .findFirst().orElseThrow().getInProgress());
            assertTrue(cuzk.stub.cancelProof(CancelProofRequest.newBuilder().setJobId("porep-1000-4").build())
                .getWasRunning());
            gated.open();
            final AwaitProofResponse cancelled = cuzk.stub.awaitProof(await);
            assertEquals(AwaitProofResponse.Status.CANCELLED, cancelled.getStatus());
            assertTrue(cancelled.getProof().isEmpty(), "no proof of a cancelled job");
            // Curio asks again, as it retries a task: a new attempt, proved
            assertEquals("porep-1000-4", cuzk.stub.submitProof(request).getJobId());
            final AwaitProofResponse proved = cuzk.stub.awaitProof(await);
            assertEquals(AwaitProofResponse.Status.COMPLETED, proved.getStatus(), proved.getErrorMessage());
            proof = proved.getProof().toByteArray();
        }
        final Path file = dir.resolve("2k-after-cancel.proof");
        Files.write(file, proof);
        assertVerifies(C1File.read(sector.resolve("c1.json")).output(), file, params);
    }

    @Test
    void shouldBenchASectorFromItsC1OutputToItsProofWithTheDeviceBusyShare()
    {
        final CliRun run = jprove("bench", "sector", "--sector-size", "2KiB", "--warmup", "0", "--params-dir", params,
            "--cache", dir.resolve("matrices"), "--device", "cpu", "--threads", "2", "--timeline", dir.resolve(
            "tl-sector"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        for (final String line : List.of("jprove's own", "sector 0    done at", "(1 proofs, each self-verified)",
            "one sector ", "sectors per minute", "peak resident", "% busy", "p0  "))
        {
            assertTrue(run.out().contains(line), "\"" + line + "\" in " + run.out());
        }
        assertError(jprove("bench", "sector", "--sector-size", "2KiB", "--sectors", "0", "--params-dir", params),
            "--sectors and --threads must be at least 1");
    }

    @Test
    void shouldRefuseACorruptedC1BeforeReadingTheParameters() throws Exception
    {
        // parameters that cannot be read: a C1 output refused first never gets to them
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1_1;
        final Path broken = dir.resolve("broken-params");
        Files.createDirectories(broken);
        Files.write(broken.resolve(PorepParameterFiles.paramsName(proof)), new byte[100]);
        Files.write(broken.resolve(PorepParameterFiles.vkName(proof)), new byte[100]);
        PorepParameterCache.writeMarker(broken, proof, "a test's broken files");
        final String text = Files.readString(sector.resolve("c1.json"));
        final int at = text.indexOf("\"node\":") + 7;
        final Path corrupted = dir.resolve("corrupted.json");
        Files.writeString(corrupted, text.substring(0, at) + "1" + text.substring(at));
        final Path out = dir.resolve("never.proof");
        assertError(jprove("c2", "--c1", corrupted, "--params-dir", broken, "--proof", out, "--device", "cpu",
            "--no-timeline"), "corrupted.json: $.vanilla_proofs.StackedDrg2KiBV1[0][0].labeling_proofs[0].node");
        assertFalse(Files.exists(out));
        // the wrapped C1 output is read and verified, and only then are the parameters refused
        for (final String c1 : List.of("c1.json", "commit2-input.json"))
        {
            assertError(jprove("c2", "--c1", sector.resolve(c1), "--params-dir", broken, "--proof", out, "--device",
                "cpu", "--no-timeline"), PorepParameterFiles.vkName(proof));
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void shouldRefuseMissingOrForeignParameters() throws Exception
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1_1;
        final Path out = dir.resolve("never2.proof");
        final Path empty = dir.resolve("empty");
        Files.createDirectories(empty);
        assertError(jprove("c2", "--c1", sector.resolve("c1.json"), "--params-dir", empty, "--proof", out,
            "--no-timeline"), "no " + PorepParameterFiles.vkName(proof), "jprove setup --porep 2KiB");
        // jprove's files without their marker pass for Filecoin's, whose digest they do not have
        final Path unmarked = dir.resolve("unmarked");
        Files.createDirectories(unmarked);
        for (final String name : new String[] {PorepParameterFiles.paramsName(proof), PorepParameterFiles.vkName(
            proof)})
        {
            Files.copy(params.resolve(name), unmarked.resolve(name));
        }
        assertError(jprove("c2", "--c1", sector.resolve("c1.json"), "--params-dir", unmarked, "--proof", out,
            "--no-timeline"), "parameters.json publishes dc1ade9929ade1708238f155343044ac");
        assertError(jprove("c2", "--c1", sector.resolve("c1.json"), "--params-dir", params, "--proof", out,
            "--no-timeline", "--check-digest"), "no published digest");
        assertError(jprove("setup", "--porep", "2KiB", "--params-dir", unmarked), "never replaced");
        assertFalse(Files.exists(out));
    }

    @Test
    @Tag("slow")
    void shouldProveAn8MiBC1() throws Exception
    {
        final Path s8 = dir.resolve("s8m");
        assertEquals(CliSupport.OK, jprove("seal", "--sector-size", "8MiB", "--random", "2", "--out", s8).status());
        final Path p8 = dir.resolve("params8");
        assertEquals(CliSupport.OK, jprove("setup", "--porep", "8MiB", "--params-dir", p8, "--device", "cpu")
            .status());
        final Path proof = dir.resolve("8m.proof");
        final CliRun run = jprove("c2", "--c1", s8.resolve("c1.json"), "--params-dir", p8, "--proof", proof, "--device",
            "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertVerifies(C1File.read(s8.resolve("c1.json")).output(), proof, p8);
    }

    /** Each partition's 192 bytes against the .vk, with the public inputs recomputed from the C1 output. */
    private static void assertVerifies(final C1Output c1, final Path proof, final Path paramsDir) throws Exception
    {
        final RegisteredSealProof seal = c1.registeredProof();
        final byte[] bytes = Files.readAllBytes(proof);
        assertEquals(Proof.BYTES * seal.partitions(), bytes.length);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(paramsDir
            .resolve(PorepParameterFiles.vkName(seal))));
        final List<Proof> proofs = Proof.splitAll(bytes);
        for (int k = 0; k < proofs.size(); k++)
        {
            final long[] inputs = GeneratePublicInputs.of(c1, k);
            assertTrue(Groth16Verifier.verify(pvk, proofs.get(k), inputs), "partition " + k);
            inputs[0] ^= 1;
            assertFalse(Groth16Verifier.verify(pvk, proofs.get(k), inputs), "partition " + k + ", replica id changed");
        }
    }

    private static void assertError(final CliRun run, final String... fragments)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        final String last = run.err().strip();
        for (final String f : fragments)
        {
            assertTrue(last.contains(f), "expected \"" + f + "\" in: " + last);
        }
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }

}
