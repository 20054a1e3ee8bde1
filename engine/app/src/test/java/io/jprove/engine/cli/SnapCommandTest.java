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
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdatePublicInputs;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.update.UpdateVanillaProver;
import io.jprove.field.Fr;

/**
 * {@code jprove snap} on the vanilla proof of a really sealed 2 KiB sector updated with new data (made as
 * storage-proofs-update makes it): with parameters made by {@code jprove setup --snap} (slow: 1.7 million
 * constraints), the proof verifies against the {@code .vk} with {@code generate_public_inputs}' inputs and no others;
 * so does the proof a daemon makes of it through cuzk's API ({@code jprove cuzk snap}); a damaged vanilla proof,
 * the wrong count of partitions and missing parameters are refused, naming what, exit 2.
 */
class SnapCommandTest
{
    private static final UpdateShape SHAPE = UpdateShape.of("2KiB");

    @TempDir
    static Path dir;
    private static UpdateVanillaProver.Update update;
    private static Path vanilla;

    @BeforeAll
    static void sealAndUpdate() throws Exception
    {
        final byte[] fresh = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(2048))];
        new SplittableRandom(9).nextBytes(fresh);
        update = UpdateVanillaProver.prove(SHAPE, PostCommandTest.seal(31), Fr32Padding.pad(fresh), 1);
        vanilla = dir.resolve("p0.vproof");
        Files.write(vanilla, update.partitions().getFirst().bytes());
    }

    @Test
    @Tag("slow")
    void shouldProveAnUpdateWhoseProofVerifies() throws Exception
    {
        final Path params = dir.resolve("params");
        final CliRun setup = jprove("setup", "--snap", "2KiB", "--params-dir", params, "--device", "cpu");
        assertEquals(CliSupport.OK, setup.status(), setup.toString());
        final Path out = dir.resolve("snap.proof");
        final CliRun run = jprove("snap", "--sector-size", "2KiB", "--vanilla", vanilla, "--comm-r-old",
            CommitmentCid.SEALED.encode(update.commROld()), "--comm-d-new", CommitmentCid.UNSEALED.encode(
            update.commDNew()), "--comm-r-new", HexFormat.of().formatHex(update.commRNew()), "--params-dir", params,
            "--proof", out, "--device", "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        final byte[] bytes = Files.readAllBytes(out);
        assertEquals(Proof.BYTES, bytes.length);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(params.resolve(
            UpdateParameterFiles.set(SHAPE).vkName())));
        final long[] inputs = UpdatePublicInputs.generate(SHAPE, 0, 1, limbs(update.commROld()), limbs(
            update.commDNew()), limbs(update.commRNew()));
        assertTrue(Groth16Verifier.verify(pvk, Proof.splitAll(bytes).getFirst(), inputs));
        inputs[Fr.LIMBS] ^= 1;
        assertFalse(Groth16Verifier.verify(pvk, Proof.splitAll(bytes).getFirst(), inputs));
        // the same update through a daemon's cuzk API, as Curio sends it: a proof that verifies too
        final Path socket = dir.resolve("cuzk.sock");
        final Path cuzk = dir.resolve("snap-cuzk.proof");
        try (Daemon daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off",
            "data-dir", dir.resolve("daemon").toString(), "device", "cpu", "threads", "2", "timeline", "off",
            "cuzk-socket", socket.toString(), "parameter-cache", params.toString()), "test")))
        {
            final CliRun sent = jprove("cuzk", "snap", "--address", "unix://" + socket, "--sector-size", "2KiB",
                "--vanilla", vanilla, "--comm-r-old", HexFormat.of().formatHex(update.commROld()), "--comm-d-new",
                HexFormat.of().formatHex(update.commDNew()), "--comm-r-new", HexFormat.of().formatHex(
                update.commRNew()), "--proof", cuzk);
            assertEquals(CliSupport.OK, sent.status(), sent.toString());
        }
        inputs[Fr.LIMBS] ^= 1;
        assertTrue(Groth16Verifier.verify(pvk, Proof.splitAll(Files.readAllBytes(cuzk)).getFirst(), inputs));
        // bench snap: a real update made here, its proof timed and every partition verified against the .vk
        final CliRun bench = jprove("bench", "snap", "--sector-size", "2KiB", "--params-dir", params, "--proofs", "1",
            "--warmup", "0", "--device", "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, bench.status(), bench.toString());
        assertTrue(bench.out().contains("wall per sector update (1 partition), alone: median "), bench.out());
    }

    /** {@code bench snap} makes its update in memory: a size whose replica one array cannot hold is refused. */
    @Test
    void shouldRefuseToBenchAnUpdateLargerThanItCanMake()
    {
        assertError(jprove("bench", "snap", "--sector-size", "32GiB", "--params-dir", dir.resolve("none"),
            "--device", "cpu", "--no-timeline"), "up to 512MiB, not 32GiB");
    }

    @Test
    void shouldRefuseBadInputNamingWhat() throws Exception
    {
        final String old = HexFormat.of().formatHex(update.commROld());
        final String d = HexFormat.of().formatHex(update.commDNew());
        final String fresh = HexFormat.of().formatHex(update.commRNew());
        final Path out = dir.resolve("never.proof");
        final byte[] bytes = Files.readAllBytes(vanilla);
        bytes[32 + 8 + 32 * SHAPE.apexLeaves() + 8 + 4 + 32] ^= 1;
        final Path flipped = dir.resolve("flipped.vproof");
        Files.write(flipped, bytes);
        assertError(jprove("snap", "--sector-size", "2KiB", "--vanilla", flipped, "--comm-r-old", old,
            "--comm-d-new", d, "--comm-r-new", fresh, "--params-dir", dir.resolve("none"), "--proof", out,
            "--no-timeline"), flipped + " (partition 0) does not verify: challenge_proofs[0].proof_r_old does not "
            + "lead to the TreeROld root");
        assertError(jprove("snap", "--sector-size", "8MiB", "--vanilla", vanilla, "--comm-r-old", old,
            "--comm-d-new", d, "--comm-r-new", fresh, "--proof", out, "--no-timeline"),
            "snapdeals-8MiB proves 4 partitions, got 1 vanilla proofs");
        assertError(jprove("snap", "--sector-size", "2KiB", "--vanilla", vanilla, "--comm-r-old", old,
            "--comm-d-new", fresh, "--comm-r-new", fresh, "--proof", out, "--no-timeline"),
            "(partition 0) does not verify: challenge_proofs[0].proof_d_new does not lead to comm_d_new");
        assertError(jprove("snap", "--sector-size", "2KiB", "--vanilla", vanilla, "--comm-r-old", "nonsense",
            "--comm-d-new", d, "--comm-r-new", fresh, "--proof", out, "--no-timeline"),
            "--comm-r-old nonsense is neither 64 hex digits nor a CID");
        assertError(jprove("snap", "--sector-size", "2KiB", "--vanilla", vanilla, "--comm-r-old", old,
            "--comm-d-new", d, "--comm-r-new", fresh, "--params-dir", dir.resolve("none"), "--proof", out,
            "--no-timeline"), "jprove setup --snap 2KiB");
        assertFalse(Files.exists(out));
    }

    private static long[] limbs(final byte[] b)
    {
        final long[] r = new long[Fr.LIMBS];
        assertTrue(Fr.fromBytes(b, 0, r, 0));
        return r;
    }

    private static void assertError(final CliRun run, final String fragment)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        assertTrue(run.err().strip().contains(fragment), "expected \"" + fragment + "\" in: " + run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }
}
