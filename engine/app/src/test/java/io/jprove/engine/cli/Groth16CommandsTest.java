package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.gpu.CudaBackendFactory;
import io.jprove.engine.formats.circom.CircomFixtures;
import io.jprove.field.Fr;

/** jprove setup, prove and verify end to end on a small circom circuit, and every kind of bad input. */
class Groth16CommandsTest
{
    private static final BigInteger BN128_R = new BigInteger(
        "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001", 16);

    @TempDir
    static Path dir;
    private static Path r1cs;
    private static Path wtns;
    private static Path params;
    private static Path vk;
    private static Path proof;
    private static Path publicJson;

    private static void assertError(final CliRun run, final String... fragments)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        final String[] lines = run.err().strip().split("\n");
        final String last = lines[lines.length - 1];
        assertTrue(last.startsWith("jprove "), run.err());
        for (final String f : fragments)
        {
            assertTrue(last.contains(f), "expected \"" + f + "\" in: " + last);
        }
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }

    @BeforeAll
    static void setUp() throws IOException
    {
        r1cs = CircomFixtures.cubicR1cs(dir.resolve("cubic.r1cs"), Fr.MODULUS);
        wtns = CircomFixtures.cubicWtns(dir.resolve("cubic.wtns"), 35);
        params = dir.resolve("keys/cubic.params");
        vk = dir.resolve("keys/cubic.vk");
        proof = dir.resolve("cubic.proof");
        publicJson = dir.resolve("public.json");
        final CliRun setup = jprove("setup", "--r1cs", r1cs, "--params", params, "--vk", vk, "--threads", 2);
        assertEquals(0, setup.status(), setup.toString());
        final CliRun prove = jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", wtns, "--proof", proof,
            "--public", publicJson, "--threads", 2);
        assertEquals(0, prove.status(), prove.toString());
    }

    @Test
    void shouldVerifyWhenProvedFromCircomFiles() throws IOException
    {
        assertEquals(192, Files.size(proof));
        assertTrue(Files.readString(publicJson).contains("\"35\""));
        final CliRun verify = jprove("verify", "--vk", vk, "--proof", proof, "--public", publicJson);
        assertEquals(CliSupport.OK, verify.status(), verify.toString());
        assertTrue(verify.out().contains("is valid"));
        final Path json = dir.resolve("proof.json");
        assertEquals(0, jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", wtns, "--proof", json,
            "--json").status());
        assertEquals(CliSupport.OK, jprove("verify", "--vk", vk, "--proof", json, "--public", publicJson).status());
    }

    @Test
    void shouldExitOneWhenPublicInputDiffers() throws IOException
    {
        final Path other = Files.writeString(dir.resolve("other.json"), "[\"36\"]");
        final CliRun run = jprove("verify", "--vk", vk, "--proof", proof, "--public", other);
        assertEquals(CliSupport.INVALID, run.status(), run.toString());
        assertTrue(run.out().contains("NOT valid"));
    }

    @Test
    void shouldRejectNonCanonicalOrMiscountedPublicInputs() throws IOException
    {
        final Path big = Files.writeString(dir.resolve("big.json"), "[\"" + Fr.MODULUS + "\"]");
        assertError(jprove("verify", "--vk", vk, "--proof", proof, "--public", big), "big.json", "non-canonical");
        final Path two = Files.writeString(dir.resolve("two.json"), "[\"35\", \"1\"]");
        assertError(jprove("verify", "--vk", vk, "--proof", proof, "--public", two), "2 public inputs", "takes 1");
        final Path broken = Files.writeString(dir.resolve("broken.json"), "[\"35\"");
        assertError(jprove("verify", "--vk", vk, "--proof", proof, "--public", broken), "broken.json", "JSON");
    }

    @Test
    void shouldRejectCorruptedProofAndKey() throws IOException
    {
        final byte[] bytes = Files.readAllBytes(proof);
        final byte[] bad = bytes.clone();
        bad[60] ^= 0x10;
        final Path badProof = Files.write(dir.resolve("bad.proof"), bad);
        assertError(jprove("verify", "--vk", vk, "--proof", badProof, "--public", publicJson), "bad.proof",
            "proof point B");
        final Path shortProof = Files.write(dir.resolve("short.proof"), Arrays.copyOf(bytes, 100));
        assertError(jprove("verify", "--vk", vk, "--proof", shortProof, "--public", publicJson), "100 bytes");
        final byte[] key = Files.readAllBytes(vk);
        key[200] ^= 1;
        final Path badVk = Files.write(dir.resolve("bad.vk"), key);
        assertError(jprove("verify", "--vk", badVk, "--proof", proof, "--public", publicJson), "bad.vk",
            "vk beta_g2", "byte offset 192");
        final Path bnVk = Files.writeString(dir.resolve("bn.json"), "{\"protocol\": \"groth16\", \"curve\": "
            + "\"bn128\", \"IC\": []}");
        assertError(jprove("verify", "--vk", bnVk, "--proof", proof, "--public", publicJson), "bn128");
    }

    @Test
    void shouldNeverWriteProofWhenInputIsBad() throws IOException
    {
        final Path out = dir.resolve("never.proof");
        final byte[] p = Files.readAllBytes(params);
        final Path cut = Files.write(dir.resolve("cut.params"), Arrays.copyOf(p, p.length - 7));
        assertError(jprove("prove", "--params", cut, "--r1cs", r1cs, "--wtns", wtns, "--proof", out), "cut.params",
            "b_g2", "truncated");
        final Path wrong = CircomFixtures.cubicWtns(dir.resolve("wrong.wtns"), 36);
        assertError(jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", wrong, "--proof", out),
            "constraint 2");
        final Path longer = CircomFixtures.cubicWtns(dir.resolve("long.wtns"), 35, 7);
        assertError(jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", longer, "--proof", out),
            "long.wtns", "6 values", "5 wires");
        final Path bn = CircomFixtures.cubicR1cs(dir.resolve("bn.r1cs"), BN128_R);
        assertError(jprove("prove", "--params", params, "--r1cs", bn, "--wtns", wtns, "--proof", out), "bn.r1cs",
            "bn128");
        assertError(jprove("prove", "--params", params, "--wtns", wtns, "--proof", out), "--r1cs");
        assertError(jprove("prove", "--params", dir.resolve("missing.params"), "--r1cs", r1cs, "--wtns", wtns,
            "--proof", out), "missing.params");
        assertFalse(Files.exists(out));
    }

    @Test
    void shouldProveAndVerifyWhenDemoRunsAndReuseCachedParameters() throws IOException
    {
        final Path cache = dir.resolve("cache");
        final Path timeline = dir.resolve("timeline");
        final CliRun first = jprove("demo", "--circuit", "poseidon-chain-2", "--partitions", 2, "--cache", cache,
            "--threads", 2, "--timeline", timeline, "--device", "cpu");
        assertEquals(CliSupport.OK, first.status(), first.toString());
        assertTrue(first.out().contains("through the pipeline on cpu:0"), first.out());
        assertTrue(first.out().contains("generated and cached") && first.out().contains("partition 1  valid against"),
            first.out());
        assertTrue(first.out().contains("2 × 192 = 384 bytes"), first.out());
        assertTrue(first.out().matches("(?s).*parameters  setup in \\d+\\.\\d\\d s, products on cpu \\(2 threads\\), "
            + "host phases on cpu \\(2 threads\\): powers .*, g2 products \\d+\\.\\d\\d s\n.*"), first.out());
        assertTrue(first.out().contains("throughput  2 partitions in "), first.out());
        assertTrue(first.out().matches("(?s).*cpu:0 +compute +\\d+\\.\\d % busy.*"), first.out());
        assertTrue(first.out().contains("timeline    " + timeline), first.out());
        final Path report = dir.resolve("timeline-report/report.html");
        assertTrue(first.out().contains("report      " + report), first.out());
        assertTrue(Files.readString(report).contains("cpu:0 (cpu, 2 threads)"), "the report names the CPU device");
        assertTrue(Files.exists(cache.resolve("poseidon-chain-2.params"))
            && Files.exists(cache.resolve("poseidon-chain-2.matrices")));
        final CliRun second = jprove("demo", "--circuit", "poseidon-chain-2", "--partitions", 1, "--cache", cache,
            "--threads", 2, "--no-timeline");
        assertEquals(CliSupport.OK, second.status(), second.toString());
        assertTrue(second.out().contains("read from") && second.out().contains("partition 0  valid"), second.out());
        assertTrue(second.out().contains("utilization not measured: the timeline is off"), second.out());
        assertFalse(second.out().contains("NOT VALID"));
        assertError(jprove("demo", "--circuit", "nonsense", "--cache", cache), "unknown built-in circuit");
        if (new CudaBackendFactory().deviceCount() == 0)
        {
            assertError(jprove("demo", "--circuit", "poseidon-chain-2", "--cache", cache, "--device", "cuda"),
                "--device cuda: no cuda device on this host");
        }
    }

    @Test
    void shouldReportWallAgainstComputeTimeWhenBenchmarkingTheEngine()
    {
        final Path cache = dir.resolve("bench-cache");
        final CliRun run = jprove("bench", "engine", "--circuit", "poseidon-chain-3", "--partitions", 2, "--warmup", 1,
            "--cache", cache, "--threads", 2, "--timeline", dir.resolve("bench-timeline"));
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("wall        ") && run.out().contains("for 2 partitions"), run.out());
        assertTrue(run.out().matches("(?s).*wall / compute per partition = \\d+\\.\\d\\d.*"), run.out());
        assertTrue(run.out().contains("report      " + dir.resolve("bench-timeline-report/report.html")),
            run.out());
        assertTrue(run.out().contains("parameters  generated and cached in " + cache), run.out());
        final CliRun uncached = jprove("bench", "engine", "--circuit", "poseidon-chain-2", "--partitions", 1,
            "--warmup", 0, "--cache", cache, "--threads", 2, "--no-timeline", "--no-cache");
        assertEquals(CliSupport.OK, uncached.status(), uncached.toString());
        assertTrue(uncached.out().contains("parameters  generated, not cached: --no-cache"), uncached.out());
        assertTrue(uncached.out().contains("parameters  setup in "), uncached.out());
        assertFalse(Files.exists(cache.resolve("poseidon-chain-2.params")), "--no-cache writes no parameters");
        assertTrue(Files.exists(cache.resolve("poseidon-chain-2.matrices")), "the matrices are cached still");
        assertError(jprove("bench", "engine", "--preset", "4KiB", "--cache", cache), "no preset '4KiB'");
        assertError(jprove("bench", "engine", "--preset", "tiny", "--device", "cuda:1", "--cache", cache),
            new CudaBackendFactory().deviceCount() == 0 ? "no cuda device on this host" : "cuda device");
    }

    @Test
    void shouldTimeEveryPhaseWhenBenchmarkingTheSetup()
    {
        final Path cache = dir.resolve("setup-cache");
        final CliRun run = jprove("bench", "setup", "--circuit", "poseidon-chain-2", "--cache", cache, "--threads", 2,
            "--device", "cpu");
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("matrices recorded and cached in " + cache), run.out());
        for (final String phase : new String[] {"powers", "lagrange", "matrices", "scalars", "g1 table", "g1 products",
            "g2 table", "g2 products"})
        {
            assertTrue(run.out().matches("(?s).*[:,] " + phase + " \\d+\\.\\d\\d s.*"), phase + ": " + run.out());
        }
        assertTrue(run.out().matches("(?s).*products \\d+\\.\\d\\d s \\(tables and products of both groups\\).*"),
            run.out());
        assertTrue(run.out().matches("(?s).*peak resident \\d+\\.\\d [MG]B.*"), run.out());
        final CliRun again = jprove("bench", "setup", "--circuit", "poseidon-chain-2", "--cache", cache, "--threads", 2,
            "--device", "cpu");
        assertTrue(again.out().contains("matrices read from " + cache), again.out());
        assertError(jprove("bench", "setup", "--circuit", "poseidon-chain-2", "--cache", cache, "--device", "cpu",
            "--vs-cpu"), "--vs-cpu", "--device cuda");
    }

    @Test
    void shouldNotCacheParametersWhenTheDiskWouldFillUp()
    {
        final Path cache = dir.resolve("any");
        assertEquals("", EngineRun.roomNote(1L << 30, 10L << 30, cache), "1 GiB of 10 GiB free fits");
        final String full = EngineRun.roomNote(47_000_000_000L, 40_000_000_000L, cache);
        assertTrue(full.contains("would be 47.0 GB") && full.contains(cache + " has 40.0 GB free"), full);
        assertFalse(EngineRun.roomNote(9L << 30, 10L << 30, cache).isEmpty(), "2 GiB must stay free");
        assertFalse(EngineRun.roomNote(96L << 30, 100L << 30, cache).isEmpty(), "a twentieth must stay free");
    }

    @Test
    void shouldPrintStackTraceOnlyWhenVerbose()
    {
        final CliRun quiet = jprove("setup", "--builtin", "nonsense", "--params", dir.resolve("x.params"), "--vk",
            dir.resolve("x.vk"));
        assertError(quiet, "unknown built-in circuit");
        final CliRun verbose = jprove("setup", "--builtin", "nonsense", "--params", dir.resolve("x.params"), "--vk",
            dir.resolve("x.vk"), "--verbose");
        assertEquals(CliSupport.ERROR, verbose.status());
        assertTrue(verbose.err().contains("\tat "), verbose.err());
    }
}
