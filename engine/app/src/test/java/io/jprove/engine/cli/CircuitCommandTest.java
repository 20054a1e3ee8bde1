package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * {@code jprove circuit}: the counts and fingerprint {@code info} prints are the circuit's, {@code dump} and
 * {@code compare} agree with each other, and unknown circuits or unreadable files are refused.
 */
class CircuitCommandTest
{
    @TempDir
    Path dir;

    @Test
    void shouldPrintCountsFingerprintAndDomainOfAPreset()
    {
        final String out = run(0, "info", "--preset", "tiny");
        assertTrue(out.contains("constraints     1,250,026 (1,250,048 with the prover's"), out);
        assertTrue(out.contains("public inputs   22"), out);
        assertTrue(out.contains("domain size     2^21"), out);
        // the R1CS oracle's fingerprint of the same shape: StackedCompound::blank_circuit, DiskTree<Poseidon,U8,U2,U0>
        assertTrue(out.contains("nnz A / B / C   2,979,061 / 1,250,397 / 2,714,502"), out);
        assertTrue(out.contains("density         A_aux 1,244,313, B_aux 317,543, B_inputs 1"), out);
        assertTrue(out.contains("hash            "
            + "2eb731db1241c556f44403542f91a238963db6551a659dd2e4e2be00af0115e4"), out);
    }

    @Test
    void shouldPrintFilecoinsFingerprintOfAReferenceCircuit()
    {
        final String out = run(0, "info", "--circuit", "poseidon2");
        assertTrue(out.contains("nnz A / B / C   2,119 / 313 / 386 (A with the prover's rows: 2,120)"), out);
        assertTrue(out.contains("density         A_aux 234, B_aux 234, B_inputs 1"), out);
        assertTrue(out.contains("hash            "
            + "658f013f99360e164ad8e7f96290944601cc064f93c153d9ea7ac1275927175f"), out);
    }

    /**
     * The PoSt and SnapDeals circuits by kind and sector size: the oracle's fingerprint of the 2 KiB WindowPoSt
     * partition, storage-proofs-update's count of the 4 KiB SnapDeals partition.
     */
    @Test
    void shouldPrintFingerprintsOfPostAndSnapDealsCircuits()
    {
        final String window = run(0, "info", "--circuit", "window-post-2KiB");
        assertTrue(window.contains("window-post-2KiB: 2 sectors of 10 challenges"), window);
        assertTrue(window.contains("constraints     21,866 (21,889 with the prover's"), window);
        assertTrue(window.contains("hash            "
            + "14279e1c38053fa35eab6f56dbf1c5ef337b533f2c42fd3d7b4e7a116796b331"), window);
        final String winning = run(0, "info", "--circuit", "winning-post-32GiB", "--no-fingerprint");
        assertTrue(winning.contains("constraints     370,590"), winning);
        assertFalse(winning.contains("hash "), winning);
        assertTrue(winning.contains("public inputs   133"), winning);
        run(2, "info", "--circuit", "window-post-4KiB", "--no-fingerprint");
        final String snap = run(0, "info", "--circuit", "snapdeals-4KiB", "--no-fingerprint");
        assertTrue(snap.contains("snapdeals-4KiB: 128 nodes, 1 partitions of 10 challenges"), snap);
        assertTrue(snap.contains("constraints     2,165,109"), snap);
        final String poseidon = run(0, "info", "--circuit", "snapdeals-poseidon-8KiB", "--no-fingerprint");
        assertTrue(poseidon.contains("constraints     47,974"), poseidon);
    }

    @Test
    void shouldRefuseAnUnknownCircuit()
    {
        run(2, "info", "--preset", "1TiB", "--no-fingerprint");
        run(2, "info", "--circuit", "poseidon3", "--no-fingerprint");
    }

    @Test
    void shouldDumpAndCompare() throws IOException
    {
        final Path a = dir.resolve("a.r1cs.txt.gz");
        final Path b = dir.resolve("b.r1cs.txt");
        run(0, "dump", "--circuit", "poseidon4", "--out", a.toString());
        run(0, "dump", "--circuit", "poseidon4", "--out", b.toString(), "--vars",
            dir.resolve("b.vars.txt").toString());
        assertTrue(run(0, "compare", a.toString(), b.toString()).startsWith("identical"));
        Files.writeString(b, Files.readString(b).replaceFirst("\n7\t", "\n7\tA:1:02 "));
        assertTrue(run(1, "compare", a.toString(), b.toString()).contains("data line 8"));
        run(2, "compare", a.toString(), dir.resolve("missing").toString());
    }

    private static String run(final int expectedExit, final String... args)
    {
        final PrintStream stdout = System.out;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8))
        {
            System.setOut(capture);
            assertEquals(expectedExit, new CommandLine(new CircuitCommand()).execute(args));
        }
        finally
        {
            System.setOut(stdout);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
