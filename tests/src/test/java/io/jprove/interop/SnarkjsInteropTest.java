package io.jprove.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.cli.Main;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.gpu.GpuProverBackend;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.kernels.JvmAccelerator;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.field.G1;

/**
 * jprove against snarkjs on a real circom circuit (a multiplication chain and a circomlib Poseidon, about 1,500
 * constraints, compiled for BLS12-381): jprove proves with snarkjs's zkey and snarkjs verifies; snarkjs proves and
 * jprove verifies; jprove's own setup and prover on the circom .r1cs produce a key and proof that snarkjs verifies.
 */
class SnarkjsInteropTest
{
    private static final String CIRCUIT = """
        pragma circom 2.0.0;
        include "circomlib/circuits/poseidon.circom";

        template Chain(n) {
            signal input x;
            signal input y;
            signal output out;
            signal output h;
            signal acc[n + 1];
            acc[0] <== x;
            for (var i = 0; i < n; i++) {
                acc[i + 1] <== acc[i] * y + i;
            }
            out <== acc[n];
            component p = Poseidon(2);
            p.inputs[0] <== x;
            p.inputs[1] <== y;
            h <== p.out;
        }

        component main {public [y]} = Chain(1000);
        """;

    @TempDir
    static Path dir;
    private static SnarkjsToolchain node;

    @BeforeAll
    static void compile() throws IOException
    {
        node = SnarkjsToolchain.require();
        node.copyCircomlib(dir);
        Files.writeString(dir.resolve("chain.circom"), CIRCUIT);
        node.circom(dir, "chain.circom", "--r1cs", "--wasm", "--prime", "bls12381", "-l", ".", "-o", ".");
        Files.writeString(dir.resolve("input.json"), "{\"x\": \"3\", \"y\": \"5\"}");
        node.snarkjs(dir, "wtns", "calculate", "chain_js/chain.wasm", "input.json", "chain.wtns");
        Path ptau = node.sharedPtau(12);
        if (!Files.exists(ptau))
        {
            // no prepared powers of tau beside the project: make a small one (2^11 holds this circuit)
            node.snarkjs(dir, "powersoftau", "new", "bls12381", "11", "pot_0.ptau");
            node.snarkjs(dir, "powersoftau", "contribute", "pot_0.ptau", "pot_1.ptau", "--name=test", "-e=jprove");
            node.snarkjs(dir, "powersoftau", "prepare", "phase2", "pot_1.ptau", "pot.ptau");
            ptau = dir.resolve("pot.ptau");
        }
        node.snarkjs(dir, "groth16", "setup", "chain.r1cs", ptau.toString(), "chain.zkey");
        node.snarkjs(dir, "zkey", "export", "verificationkey", "chain.zkey", "vk.json");
    }

    @Test
    void shouldBeVerifiedBySnarkjsWhenJproveProvesWithZkey() throws IOException
    {
        proveWithZkeyAndVerifyBySnarkjs(new CpuProverBackend(2), "jprove");
    }

    /** The same through the GPU backend, its kernels run as Java methods: the device path's snarkjs reduction. */
    @Test
    void shouldBeVerifiedBySnarkjsWhenTheGpuBackendProvesWithZkey() throws IOException
    {
        proveWithZkeyAndVerifyBySnarkjs(new GpuProverBackend(new JvmAccelerator(), 0, "jvm:0", "kernels on the JVM"),
            "gpu");
    }

    private void proveWithZkeyAndVerifyBySnarkjs(final ProverBackend backend, final String tag) throws IOException
    {
        try (Zkey zkey = Zkey.open(dir.resolve("chain.zkey"), true);
             CircomWitness witness = CircomWitness.open(dir.resolve("chain.wtns"));
             ProverBackend owned = backend;
             Groth16Prover prover = new Groth16Prover(zkey.provingKey(), backend);
             Arena arena = Arena.ofShared())
        {
            final VerifyingKey fromJson = SnarkjsJson.readVerificationKey(dir.resolve("vk.json"));
            assertArrayEquals(zkey.vk().alphaG1(), fromJson.alphaG1());
            assertArrayEquals(zkey.vk().deltaG2(), fromJson.deltaG2());
            assertArrayEquals(zkey.vk().ic(), fromJson.ic());
            final PartitionInputs partition = ZkeyWitnessMap.map(zkey, witness, arena);
            final long[] publicSignals = Groth16Prover.publicInputs(partition);
            final Proof proof = prover.prove(partition, new StepTimes(), BackendListener.NONE, "the zkey proof");
            Files.writeString(dir.resolve(tag + "-proof.json"), SnarkjsJson.proofJson(proof));
            Files.writeString(dir.resolve(tag + "-public.json"), SnarkjsJson.publicJson(publicSignals));
            final String out = node.snarkjs(dir, "groth16", "verify", "vk.json", tag + "-public.json",
                tag + "-proof.json");
            assertTrue(out.contains("OK"), out);
            assertEquals(3, publicSignals.length / Fr.LIMBS);
            final long[] wrong = publicSignals.clone();
            wrong[0] ^= 1;
            Files.writeString(dir.resolve(tag + "-wrong-public.json"), SnarkjsJson.publicJson(wrong));
            assertNotEquals(0, node.snarkjsStatus(dir, "groth16", "verify", "vk.json", tag + "-wrong-public.json",
                tag + "-proof.json"));
        }
    }

    @Test
    void shouldVerifyWhenSnarkjsProves() throws IOException
    {
        node.snarkjs(dir, "groth16", "prove", "chain.zkey", "chain.wtns", "proof.json", "public.json");
        final VerifyingKey vk = SnarkjsJson.readVerificationKey(dir.resolve("vk.json"));
        final Proof proof = SnarkjsJson.readProof(dir.resolve("proof.json"));
        final long[] inputs = SnarkjsJson.readPublic(dir.resolve("public.json"));
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(vk);
        assertTrue(Groth16Verifier.verify(pvk, proof, inputs));
        final long[] wrong = inputs.clone();
        Fr.add(wrong, 0, wrong, 0, Fr.one(), 0);
        assertFalse(Groth16Verifier.verify(pvk, proof, wrong));
    }

    @Test
    void shouldBeVerifiedBySnarkjsWhenJproveMakesKeyAndProofFromR1cs() throws IOException
    {
        try (CircomR1cs r1cs = CircomR1cs.open(dir.resolve("chain.r1cs"));
             CircomWitness witness = CircomWitness.open(dir.resolve("chain.wtns"));
             CpuProverBackend backend = new CpuProverBackend(2))
        {
            final ProvingKey pk;
            try (ConstraintMatrices cs = RecordingAssignment.record(new CircomCircuit(r1cs, null)))
            {
                pk = Groth16Setup.generate(cs, new SecureRandom(), 2, SetupProgress.NONE);
            }
            try (pk; ProverInputs inputs = ProvingAssignment.synthesize(new CircomCircuit(r1cs, witness));
                 Groth16Prover prover = new Groth16Prover(pk, backend))
            {
                final Proof proof = prover.prove(inputs);
                final long[] publicInputs = new long[(inputs.witness().numInputs() - 1) * Fr.LIMBS];
                for (int i = 1; i < inputs.witness().numInputs(); i++)
                {
                    inputs.witness().inputs().get(i, publicInputs, (i - 1) * Fr.LIMBS);
                }
                Files.writeString(dir.resolve("own-vk.json"), SnarkjsJson.verificationKeyJson(pk.vk()));
                Files.writeString(dir.resolve("own-proof.json"), SnarkjsJson.proofJson(proof));
                Files.writeString(dir.resolve("own-public.json"), SnarkjsJson.publicJson(publicInputs));
                final String out = node.snarkjs(dir, "groth16", "verify", "own-vk.json", "own-public.json",
                    "own-proof.json");
                assertTrue(out.contains("OK"), out);
                assertEquals(pk.vk(), roundTrip(pk.vk()));
            }
        }
    }

    @Test
    void shouldNameSectionAndOffsetWhenZkeyIsCorrupted() throws IOException
    {
        final byte[] good = Files.readAllBytes(dir.resolve("chain.zkey"));
        // the last H point's y coordinate: H is the last section snarkjs writes before the contributions
        final Path bad = dir.resolve("bad.zkey");
        final int hEnd = hSectionEnd(good);
        final byte[] offCurve = good.clone();
        offCurve[hEnd - 1 - 20] ^= 1;
        Files.write(bad, offCurve);
        final MalformedFileException e = assertThrows(MalformedFileException.class, () -> Zkey.open(bad, false));
        assertEquals("H", e.section());
        assertEquals(hEnd - 96, e.offset());
        assertTrue(e.getMessage().contains("not on the curve"), e.getMessage());
        Files.write(bad, Arrays.copyOf(good, good.length / 2));
        final MalformedFileException cut = assertThrows(MalformedFileException.class, () -> Zkey.open(bad, true));
        assertTrue(cut.getMessage().contains("truncated"), cut.getMessage());
        final MalformedFileException magic = assertThrows(MalformedFileException.class,
            () -> Zkey.open(dir.resolve("chain.r1cs"), true));
        assertTrue(magic.getMessage().contains("magic"), magic.getMessage());
    }

    @Test
    void shouldSetColdAgainstColdAndWarmAgainstWarmWhenBenchmarkingAgainstSnarkjs()
    {
        final String[] args = {"bench", "prove", "--zkey", dir.resolve("chain.zkey").toString(), "--wtns",
            dir.resolve("chain.wtns").toString(), "--vs-snarkjs", "--iterations", "1", "--warmup", "0", "--threads",
            "2", "--no-timeline", "--device", "cpu", "--snarkjs",
            node.js().resolve("snarkjs/build/cli.cjs").toString()};
        final PrintStream out = System.out;
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        final int status;
        try
        {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            status = Main.commandLine(args).execute(args);
        }
        finally
        {
            System.setOut(out);
        }
        final String printed = o.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed);
        for (final String label : new String[] {"warm jprove", "warm snarkjs", "warm: jprove is", "cold jprove",
            "cold snarkjs", "cold: jprove is"})
        {
            assertTrue(printed.contains(label), label + " missing from: " + printed);
        }
    }

    @Test
    void shouldCheckAZkeyOnceAndSkipItsPointChecksWhenTheSameBytesComeAgain() throws IOException
    {
        final CheckedKeys remembered = CheckedKeys.at(dir.resolve("remembered/checked-keys"));
        final Path good = dir.resolve("chain.zkey");
        try (Zkey first = Zkey.open(good, true, remembered))
        {
            assertEquals(PointChecks.ALL, first.pointChecks());
        }
        try (Zkey again = Zkey.open(good, true, remembered))
        {
            assertEquals(PointChecks.REMEMBERED, again.pointChecks());
            try (Zkey full = Zkey.open(good, true))
            {
                assertArrayEquals(full.vk().ic(), again.vk().ic(), "the same key either way");
            }
        }
        try (Zkey trusted = Zkey.open(good, false, remembered))
        {
            assertEquals(PointChecks.ON_CURVE, trusted.pointChecks());
        }

        // the last H point swapped for one on the curve but outside the subgroup: refused, and never remembered
        final byte[] bytes = Files.readAllBytes(good);
        final long[] outside = pointOutsideTheSubgroup();
        final ByteBuffer at = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        at.position(hSectionEnd(bytes) - 96);
        for (final long limb : outside)
        {
            at.putLong(limb);
        }
        final Path bad = dir.resolve("outside-subgroup.zkey");
        Files.write(bad, bytes);
        for (int run = 0; run < 2; run++)
        {
            final MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> Zkey.open(bad, true, remembered));
            assertTrue(e.getMessage().contains("not in the prime-order subgroup"), e.getMessage());
        }
        assertEquals(1, Files.readAllLines(remembered.file()).size(), "only the good key is remembered");
    }

    /** @return affine limbs (x ‖ y, Montgomery form) of a point on y² = x³ + 4 that is not in the r-order subgroup. */
    private static long[] pointOutsideTheSubgroup()
    {
        for (long x = 1; ; x++)
        {
            final long[] p = new long[G1.AFFINE_LIMBS];
            final long[] rhs = Fq.of(x);
            Fq.square(rhs, rhs);
            Fq.mul(rhs, rhs, Fq.of(x));
            Fq.add(rhs, rhs, Fq.of(4));
            System.arraycopy(Fq.of(x), 0, p, 0, Fq.LIMBS);
            if (Fq.sqrt(p, Fq.LIMBS, rhs, 0) && G1.isOnCurve(p, 0) && !G1.isInSubgroup(p, 0))
            {
                return p;
            }
        }
    }

    /** @return the byte offset just past the H section (type 9) of a zkey. */
    private static int hSectionEnd(final byte[] zkey)
    {
        final ByteBuffer b = ByteBuffer.wrap(zkey).order(ByteOrder.LITTLE_ENDIAN);
        int at = 12;
        final int sections = b.getInt(8);
        for (int i = 0; i < sections; i++)
        {
            final int type = b.getInt(at);
            final long size = b.getLong(at + 4);
            at += 12;
            if (type == 9)
            {
                return (int)(at + size);
            }
            at += (int)size;
        }
        throw new IllegalStateException("no H section");
    }

    private static VerifyingKey roundTrip(final VerifyingKey vk) throws IOException
    {
        final Path f = dir.resolve("roundtrip-vk.json");
        Files.writeString(f, SnarkjsJson.verificationKeyJson(vk));
        return SnarkjsJson.readVerificationKey(f);
    }
}
