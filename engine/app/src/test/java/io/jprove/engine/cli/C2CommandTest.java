package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    /** What a command printed and returned. */
    private record Run(int status, String out, String err)
    {
    }

    @BeforeAll
    static void sealAndSetUp()
    {
        sector = dir.resolve("s2k");
        final Run seal = jprove("seal", "--sector-size", "2KiB", "--random", "5", "--miner-id", "1000", "--sector",
            "4", "--wrapper", "--out", sector);
        assertEquals(CliSupport.OK, seal.status(), seal.toString());
        params = dir.resolve("params");
        final Run setup = jprove("setup", "--porep", "2KiB", "--params-dir", params, "--device", "cpu");
        assertEquals(CliSupport.OK, setup.status(), setup.toString());
        assertTrue(setup.out().contains("NOT Filecoin's"), setup.out());
    }

    @Test
    void shouldProveAC1OutputWhoseProofVerifies() throws Exception
    {
        final Path proof = dir.resolve("2k.proof");
        final Run run = jprove("c2", "--c1", sector.resolve("c1.json"), "--params-dir", params, "--proof", proof,
            "--device", "cpu", "--no-timeline", "--cache", dir.resolve("matrices"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("NOT Filecoin's"), run.out());
        assertVerifies(C1File.read(sector.resolve("c1.json")).output(), proof, params);
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
        final Run run = jprove("c2", "--c1", s8.resolve("c1.json"), "--params-dir", p8, "--proof", proof, "--device",
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

    private static void assertError(final Run run, final String... fragments)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        final String last = run.err().strip();
        for (final String f : fragments)
        {
            assertTrue(last.contains(f), "expected \"" + f + "\" in: " + last);
        }
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }

    private static Run jprove(final Object... args)
    {
        final String[] strings = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        final PrintStream out = System.out;
        final PrintStream err = System.err;
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        final ByteArrayOutputStream e = new ByteArrayOutputStream();
        try
        {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            final int status = Main.commandLine(strings).execute(strings);
            return new Run(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        }
        finally
        {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
