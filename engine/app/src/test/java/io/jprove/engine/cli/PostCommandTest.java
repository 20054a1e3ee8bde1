package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.PostPublicInputs;
import io.jprove.engine.post.PostVanillaProof;
import io.jprove.engine.post.PostVanillaProver;
import io.jprove.engine.post.RegisteredPostProof;

/**
 * {@code jprove post} on vanilla proofs of really sealed 2 KiB sectors (made as filecoin-proofs'
 * {@code generate_single_vanilla_proof} makes them), with parameters made by {@code jprove setup --post} (marked as
 * jprove's): the WindowPoSt partition's and the WinningPoSt's proofs verify against the {@code .vk} with the public
 * inputs a verifier computes from the randomness and the sectors' ids and comm_r, and with no others; a vanilla proof
 * with a flipped byte, or of another sector size, is refused naming the file and where in it, writing nothing. The
 * same WindowPoSt proved by a daemon through cuzk's API, as Curio sends it ({@code jprove cuzk post}), verifies too.
 */
class PostCommandTest
{
    static final String RANDOMNESS = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e10f";

    @TempDir
    static Path dir;
    private static Path params;
    private static SealedSector first;
    private static SealedSector second;

    @BeforeAll
    static void sealAndSetUp()
    {
        first = seal(21);
        second = seal(22);
        params = dir.resolve("params");
        for (final String kind : new String[] {"window", "winning"})
        {
            final CliRun setup = jprove("setup", "--post", kind, "--sector-size", "2KiB", "--params-dir", params,
                "--device", "cpu");
            assertEquals(CliSupport.OK, setup.status(), setup.toString());
            assertTrue(setup.out().contains("NOT Filecoin's"), setup.out());
        }
    }

    @Test
    void shouldProveAWindowPostPartitionWhoseProofVerifies() throws Exception
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        final Path a = vanilla(proof, 0, 21, first, "w21.vproof");
        final Path b = vanilla(proof, 1, 22, second, "w22.vproof");
        final Path out = dir.resolve("window.proof");
        final CliRun run = jprove("post", "--kind", "window", "--sector-size", "2KiB", "--vanilla", a, "--vanilla", b,
            "--randomness", RANDOMNESS, "--params-dir", params, "--proof", out, "--device", "cpu", "--no-timeline",
            "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("NOT Filecoin's"), run.out());
        assertVerifies(proof, out, new long[] {21, 22}, new SealedSector[] {first, second});
    }

    @Test
    void shouldProveAWinningPostWhoseProofVerifies() throws Exception
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWinning2KiBV1;
        final Path v = vanilla(proof, 0, 22, second, "win22.vproof");
        final Path out = dir.resolve("winning.proof");
        final CliRun run = jprove("post", "--kind", "winning", "--sector-size", "2KiB", "--vanilla", v,
            "--randomness", RANDOMNESS, "--params-dir", params, "--proof", out, "--device", "cpu", "--no-timeline",
            "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        final long[] ids = new long[proof.shape().sectorCount()];
        final SealedSector[] sectors = new SealedSector[ids.length];
        java.util.Arrays.fill(ids, 22);
        java.util.Arrays.fill(sectors, second);
        assertVerifies(proof, out, ids, sectors);
    }

    @Test
    void shouldRefuseAFlippedByteOrAnotherSizeNamingWhere() throws Exception
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        final byte[] bytes = Files.readAllBytes(vanilla(proof, 0, 21, first, "good.vproof"));
        // a byte of inclusion_proofs[0]'s first sibling hash (after the variant, root, leaf and two counts)
        bytes[8 + 32 + 8 + 8 + 4 + 64 + 8 + 8 + 5] ^= 1;
        final Path flipped = dir.resolve("flipped.vproof");
        Files.write(flipped, bytes);
        final Path out = dir.resolve("never.proof");
        assertError(jprove("post", "--kind", "window", "--sector-size", "2KiB", "--vanilla", flipped, "--randomness",
            RANDOMNESS, "--params-dir", params, "--proof", out, "--device", "cpu", "--no-timeline"),
            flipped + " (sector 21) does not verify: inclusion_proofs[0] (leaf ");
        assertError(jprove("post", "--kind", "window", "--sector-size", "8MiB", "--vanilla", dir.resolve(
            "good.vproof"), "--randomness", RANDOMNESS, "--params-dir", params, "--proof", out, "--no-timeline"),
            "good.vproof is not a 8MiB sector's vanilla proof: PoSt vanilla proof, offset ");
        assertError(jprove("post", "--kind", "window", "--sector-size", "2KiB", "--vanilla", dir.resolve(
            "good.vproof"), "--randomness", "ff" + RANDOMNESS.substring(2), "--params-dir", params, "--proof", out,
            "--no-timeline"), "but this randomness challenges leaf");
        assertError(jprove("post", "--kind", "window", "--sector-size", "2KiB", "--vanilla", dir.resolve(
            "good.vproof"), "--randomness", RANDOMNESS, "--params-dir", dir.resolve("nowhere"), "--proof", out,
            "--no-timeline"), "jprove setup --post window --sector-size 2KiB");
        assertFalse(Files.exists(out));
    }

    @Test
    void shouldProveAWindowPostThroughTheDaemonsCuzkApiAsCurioSendsIt() throws Exception
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        final Path a = vanilla(proof, 0, 21, first, "cw21.vproof");
        final Path b = vanilla(proof, 1, 22, second, "cw22.vproof");
        final Path out = dir.resolve("window-cuzk.proof");
        final Path socket = dir.resolve("cuzk.sock");
        try (Daemon daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off",
            "data-dir", dir.resolve("daemon").toString(), "device", "cpu", "threads", "2", "timeline", "off",
            "cuzk-socket", socket.toString(), "parameter-cache", params.toString()), "test")))
        {
            final CliRun run = jprove("cuzk", "post", "--address", "unix://" + socket, "--kind", "window",
                "--sector-size", "2KiB", "--vanilla", a, "--vanilla", b, "--randomness", RANDOMNESS, "--miner-id",
                "1000", "--proof", out);
            assertEquals(CliSupport.OK, run.status(), run.toString());
            assertTrue(run.out().contains("(StackedDrgWindow2KiBV1_2) proved"), run.out());
            // a damaged vanilla proof is refused before anything is journaled, naming the request's field
            final byte[] bytes = Files.readAllBytes(a);
            bytes[8 + 32 + 8 + 8 + 4 + 64 + 8 + 8 + 5] ^= 1;
            final Path flipped = dir.resolve("cuzk-flipped.vproof");
            Files.write(flipped, bytes);
            assertError(jprove("cuzk", "post", "--address", "unix://" + socket, "--kind", "window", "--sector-size",
                "2KiB", "--vanilla", flipped, "--randomness", RANDOMNESS, "--proof", dir.resolve("never-cuzk.proof")),
                "vanilla_proofs[0] (sector 21) does not verify: inclusion_proofs[0] (leaf ");
        }
        assertVerifies(proof, out, new long[] {21, 22}, new SealedSector[] {first, second});
        assertTrue(Files.isRegularFile(dir.resolve("daemon").resolve("matrices").resolve(
            "window-post-2KiB.matrices")));
    }

    /** {@code bench post} proves a partition of sparse sectors, verified, and says its wall time. */
    @Test
    void shouldBenchAWindowPostProof()
    {
        final CliRun run = jprove("bench", "post", "--kind", "window", "--sector-size", "2KiB", "--params-dir", params,
            "--proofs", "1", "--warmup", "0", "--device", "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("wall per proof, alone: median "), run.out());
        assertError(jprove("bench", "post", "--kind", "window", "--sector-size", "2KiB", "--params-dir", dir.resolve(
            "nowhere"), "--no-timeline"), "jprove setup --post window --sector-size 2KiB");
    }

    /**
     * {@code bench post --beside-c2}: the proofs again while C2 of a 2 KiB sector keeps the one CPU device busy, each
     * proof verified, its wall and its wait for the device printed alone and beside C2. Slow: the PoRep setup, and a
     * 2 KiB C2 partition's steps on the CPU are MSMs of minutes on two cores, each a wait of the PoSt's.
     */
    @Test
    @Tag("slow")
    void shouldBenchAWinningPostProofBesideC2()
    {
        final CliRun setup = jprove("setup", "--porep", "2KiB", "--params-dir", params, "--device", "cpu");
        assertEquals(CliSupport.OK, setup.status(), setup.toString());
        final CliRun run = jprove("bench", "post", "--kind", "winning", "--sector-size", "2KiB", "--params-dir",
            params, "--proofs", "2", "--warmup", "0", "--device", "cpu", "--no-timeline", "--cache",
            dir.resolve("matrices"), "--beside-c2", "2KiB");
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("wall per proof, alone: median "), run.out());
        assertTrue(run.out().contains("  beside C2 proof 1: "), run.out());
        assertTrue(run.out().contains("wall per proof, beside C2 2KiB: median "), run.out());
        assertTrue(run.out().contains("worst wait for the device "), run.out());
        assertTrue(run.out().contains("C2 partitions proved meanwhile"), run.out());
    }

    /** The 192 bytes against the .vk, with the verifier's public inputs; a changed comm_r fails. */
    private static void assertVerifies(final RegisteredPostProof proof, final Path out, final long[] ids,
        final SealedSector[] sectors) throws Exception
    {
        final byte[] bytes = Files.readAllBytes(out);
        assertEquals(Proof.BYTES, bytes.length);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(params.resolve(
            PostParameterFiles.set(proof).vkName())));
        final long[][] commRs = new long[ids.length][];
        for (int i = 0; i < ids.length; i++)
        {
            commRs[i] = PostVanillaProof.limbs(sectors[i].commR());
        }
        final long[] inputs = PostPublicInputs.generate(proof.shape(), proof.version(), HexFormat.of().parseHex(
            RANDOMNESS), ids, commRs, 0);
        assertTrue(Groth16Verifier.verify(pvk, Proof.splitAll(bytes).getFirst(), inputs));
        inputs[0] ^= 1;
        assertFalse(Groth16Verifier.verify(pvk, Proof.splitAll(bytes).getFirst(), inputs));
    }

    /** @return a file holding a sector's vanilla proof. */
    static Path vanilla(final RegisteredPostProof proof, final int index, final long sectorId,
        final SealedSector sector, final String name) throws Exception
    {
        final Path file = dir.resolve(name);
        Files.write(file, PostVanillaProver.prove(proof, HexFormat.of().parseHex(RANDOMNESS), index, sectorId, sector)
            .bytes());
        return file;
    }

    /** @return a sealed 2 KiB sector of miner 1000. */
    static SealedSector seal(final long sectorId)
    {
        final byte[] raw = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(2048))];
        new SplittableRandom(sectorId).nextBytes(raw);
        return SectorSealer.seal(RegisteredSealProof.StackedDrg2KiBV1_1, Fr32Padding.pad(raw), ProverId.ofMiner(1000),
            sectorId, new byte[32]);
    }

    private static void assertError(final CliRun run, final String fragment)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        assertTrue(run.err().strip().contains(fragment), "expected \"" + fragment + "\" in: " + run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }
}
