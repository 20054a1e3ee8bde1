package io.jprove.engine.formats.bellperson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.KeySizes;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;

class BellpersonParamsTest
{
    @TempDir
    static Path dir;
    private static ProvingKey pk;
    private static Path params;
    private static Path vkFile;

    @BeforeAll
    static void setUp()
    {
        try (ConstraintMatrices cs = RecordingAssignment.record(new PoseidonChain(1, Fr.of(1), Fr.of(2))))
        {
            pk = Groth16Setup.generate(cs, new SplittableRandom(5), 2, SetupProgress.NONE);
        }
        params = dir.resolve("chain.params");
        vkFile = dir.resolve("chain.vk");
        BellpersonParams.write(pk, params);
        BellpersonParams.writeVerifyingKey(pk.vk(), vkFile);
    }

    @AfterAll
    static void tearDown()
    {
        pk.close();
    }

    @Test
    void shouldRoundTripWhenWrittenAndRead() throws IOException
    {
        assertEquals(BellpersonParams.VK_FIXED_BYTES + 4 + 2 * 96, Files.size(vkFile));
        assertEquals(864, BellpersonParams.VK_FIXED_BYTES);
        assertEquals(Files.size(params), BellpersonParams.fileBytes(pk), "the size announced before writing");
        assertEquals(pk.vk(), BellpersonParams.readVerifyingKey(vkFile));
        for (final boolean checked : new boolean[] {true, false})
        {
            try (ProvingKey back = BellpersonParams.read(params, checked, 2))
            {
                assertEquals(pk.vk(), back.vk());
                assertEquals(pk.h().size(), back.h().size());
                assertArrayEquals(pk.h().toUncompressedBytes(0, (int)pk.h().size()),
                    back.h().toUncompressedBytes(0, (int)back.h().size()));
                assertArrayEquals(pk.l().toUncompressedBytes(0, (int)pk.l().size()),
                    back.l().toUncompressedBytes(0, (int)back.l().size()));
                assertArrayEquals(pk.a().toUncompressedBytes(0, (int)pk.a().size()),
                    back.a().toUncompressedBytes(0, (int)back.a().size()));
                assertArrayEquals(pk.bG2().toUncompressedBytes(0, (int)pk.bG2().size()),
                    back.bG2().toUncompressedBytes(0, (int)back.bG2().size()));
                final PoseidonChain circuit = new PoseidonChain(1, Fr.of(8), Fr.of(9));
                try (ProverInputs inputs = ProvingAssignment.synthesize(circuit);
                     CpuProverBackend backend = new CpuProverBackend(2))
                {
                    final Proof proof = new Groth16Prover(back, backend).prove(inputs);
                    assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(
                        vkFile)), proof, circuit.publicDigest()));
                }
            }
        }
    }

    @Test
    void shouldReportProgressAndStopWhenTheLoadIsCancelled()
    {
        final CheckedKeys remembered = CheckedKeys.at(dir.resolve("progress/checked-keys"));
        final KeyLoading first = new KeyLoading(params.toString());
        try (ProvingKey back = BellpersonParams.read(params, true, 2, remembered, first))
        {
            assertEquals(pk.vk(), back.vk());
        }
        assertEquals(PointChecks.ALL, first.checks());
        assertTrue(first.percent() >= 99, "the hash and every point: " + first.percent() + " %");
        final KeyLoading second = new KeyLoading(params.toString());
        BellpersonParams.read(params, true, 2, remembered, second).close();
        assertEquals(PointChecks.REMEMBERED, second.checks());

        final KeyLoading cancelled = new KeyLoading(params.toString());
        cancelled.cancel();
        final CancellationException e = assertThrows(CancellationException.class,
            () -> BellpersonParams.read(params, true, 2, remembered, cancelled));
        assertTrue(e.getMessage().contains("was cancelled"), e.getMessage());
    }

    @Test
    void shouldReadTheSizesAKeyServesFromItsHeaderAlone()
    {
        final KeySizes sizes = BellpersonParams.sizes(params);
        final KeySizes loaded = KeySizes.of(pk);
        assertEquals(List.of(loaded.numInputs(), loaded.numAux(), loaded.domainSize()),
            List.of(sizes.numInputs(), sizes.numAux(), sizes.domainSize()));
        assertTrue(sizes.hostBytes() > 0);
    }

    @Test
    void shouldRememberParamsOnlyOnceTheyPassedEveryCheck() throws IOException
    {
        final CheckedKeys remembered = CheckedKeys.at(dir.resolve("remembered/checked-keys"));
        try (ProvingKey trusted = BellpersonParams.read(params, false, 2, remembered))
        {
            assertFalse(Files.exists(remembered.file()), "an unchecked read proves nothing to remember");
        }
        for (int run = 0; run < 2; run++)
        {
            try (ProvingKey back = BellpersonParams.read(params, true, 2, remembered))
            {
                assertEquals(pk.vk(), back.vk());
                assertArrayEquals(pk.bG2().toUncompressedBytes(0, (int)pk.bG2().size()),
                    back.bG2().toUncompressedBytes(0, (int)back.bG2().size()));
            }
            assertEquals(List.of("params-points-v1 sha256:" + CheckedKeys.sha256(MemorySegment.ofArray(
                Files.readAllBytes(params)))), Files.readAllLines(remembered.file()));
        }
        // a damaged copy is another digest: checked again, refused, not remembered
        final byte[] offCurve = Files.readAllBytes(params);
        offCurve[offCurve.length - 1] ^= 1;
        final Path bad = dir.resolve("remembered-bad.params");
        Files.write(bad, offCurve);
        assertThrows(MalformedFileException.class, () -> BellpersonParams.read(bad, true, 2, remembered));
        assertEquals(1, Files.readAllLines(remembered.file()).size());
    }

    @Test
    void shouldNameOffsetWhenTruncated() throws IOException
    {
        final byte[] bytes = Files.readAllBytes(params);
        final Path cut = dir.resolve("cut.params");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 100));
        final MalformedFileException e = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.read(cut, true, 2));
        assertTrue(e.getMessage().contains("b_g2") && e.getMessage().contains("truncated"), e.getMessage());
        Files.write(cut, Arrays.copyOf(bytes, 500));
        assertThrows(MalformedFileException.class, () -> BellpersonParams.read(cut, true, 2));
        Files.write(cut, Arrays.copyOf(bytes, bytes.length + 3));
        final MalformedFileException trailing = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.read(cut, true, 2));
        assertTrue(trailing.getMessage().contains("3 bytes follow"), trailing.getMessage());
    }

    @Test
    void shouldNameSectionAndOffsetWhenPointCorrupted() throws IOException
    {
        final byte[] bytes = Files.readAllBytes(params);
        // the first h point: after the vk (864 + 4 + ic) and h's count
        final int ic = (int)pk.vk().numInputs() * 96;
        final int firstH = 864 + 4 + ic + 4;
        final Path bad = dir.resolve("bad.params");
        final byte[] offCurve = bytes.clone();
        offCurve[firstH + 95] ^= 1;
        Files.write(bad, offCurve);
        final MalformedFileException e = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.read(bad, false, 2));
        assertEquals("h", e.section());
        assertEquals(firstH, e.offset());
        assertTrue(e.getMessage().contains("NOT_ON_CURVE"), e.getMessage());
        final byte[] nonCanonical = bytes.clone();
        Arrays.fill(nonCanonical, firstH + 1, firstH + 48, (byte)0xff);
        nonCanonical[firstH] = 0x1f;
        Files.write(bad, nonCanonical);
        final MalformedFileException e2 = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.read(bad, true, 2));
        assertTrue(e2.getMessage().contains("NON_CANONICAL"), e2.getMessage());
        final byte[] infinity = bytes.clone();
        Arrays.fill(infinity, firstH, firstH + 96, (byte)0);
        infinity[firstH] = 0x40;
        Files.write(bad, infinity);
        final MalformedFileException e3 = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.read(bad, true, 2));
        assertTrue(e3.getMessage().contains("infinity"), e3.getMessage());
        final byte[] vk = Files.readAllBytes(vkFile);
        vk[10] ^= 4;
        Files.write(bad, vk);
        final MalformedFileException e4 = assertThrows(MalformedFileException.class,
            () -> BellpersonParams.readVerifyingKey(bad));
        assertEquals("vk alpha_g1", e4.section());
    }
}
