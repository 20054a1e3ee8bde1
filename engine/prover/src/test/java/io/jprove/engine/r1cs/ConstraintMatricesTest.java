package io.jprove.engine.r1cs;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConstraintMatricesTest
{
    @TempDir
    Path dir;

    @Test
    void shouldEvaluateRandomCircuitAsBigIntegerReferenceDoes()
    {
        final List<BigInteger[]> reference = new ArrayList<>();
        final Circuit circuit = new RandomCircuit(7, 3, 300, 0, reference);
        try (ProverInputs p = ProvingAssignment.synthesize(circuit))
        {
            p.checkSatisfied();
            final long[] e = new long[Fr.LIMBS];
            final FrVector[] abc = {p.a(), p.b(), p.c()};
            for (int k = 0; k < reference.size(); k++)
            {
                for (int m = 0; m < 3; m++)
                {
                    abc[m].get(k, e, 0);
                    assertEquals(reference.get(k)[m], Fr.toBigInteger(e), "row " + k + " of " + "abc".charAt(m));
                }
            }
        }
    }

    @Test
    void shouldGiveBitIdenticalResultsWithWitnessOnlyAndSpmv()
    {
        final Circuit circuit = new RandomCircuit(42, 17, 5000, 0, null);
        try (ConstraintMatrices m = RecordingAssignment.record(circuit);
             ProverInputs direct = ProvingAssignment.synthesize(circuit, m.counts());
             ProverInputs viaSpmv = m.evaluate(WitnessAssignment.synthesize(circuit, null), circuit, 3))
        {
            assertEquals(5000, m.numConstraints());
            assertEquals(18, m.numInputs());
            assertEquals(m.counts(), CountingAssignment.count(circuit));
            SameInputs.assertSame(direct, viaSpmv);
            direct.checkSatisfied();
            viaSpmv.checkSatisfied();
            assertTrue(direct.aAuxDensity().cardinality() > 0 && direct.bInputDensity().cardinality() > 0);
        }
    }

    @Test
    void shouldFindSameUnsatisfiedConstraintOnBothPaths()
    {
        final Circuit circuit = new RandomCircuit(5, 2, 2000, 700, null);
        try (ConstraintMatrices m = RecordingAssignment.record(circuit);
             ProverInputs direct = ProvingAssignment.synthesize(circuit);
             ProverInputs viaSpmv = m.evaluate(WitnessAssignment.synthesize(circuit, m.counts()), circuit, 2))
        {
            SameInputs.assertSame(direct, viaSpmv);
            assertEquals(699, assertThrows(UnsatisfiedConstraintException.class, direct::checkSatisfied).index());
            final UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                viaSpmv::checkSatisfied);
            assertEquals(699, e.index());
            assertEquals("mul", e.annotation());
        }
    }

    @Test
    void shouldRoundTripThroughFile() throws IOException
    {
        final Circuit circuit = new RandomCircuit(11, 4, 1500, 0, null);
        final Path file = dir.resolve("random.r1cs.bin");
        try (ConstraintMatrices recorded = RecordingAssignment.record(circuit))
        {
            recorded.save(file);
            try (ConstraintMatrices loaded = ConstraintMatrices.load(file);
                 ProverInputs x = recorded.evaluate(WitnessAssignment.synthesize(circuit, null), null, 1);
                 ProverInputs y = loaded.evaluate(WitnessAssignment.synthesize(circuit, null), null, 2))
            {
                assertEquals(recorded.counts(), loaded.counts());
                assertEquals(recorded.numCoefficients(), loaded.numCoefficients());
                assertEquals(recorded.a().nnz(), loaded.a().nnz());
                SameInputs.assertSame(x, y);
                final Path again = dir.resolve("again.bin");
                loaded.save(again);
                assertEquals(-1, Files.mismatch(file, again));
            }
        }
    }

    @Test
    void shouldRejectTruncatedAndCorruptedFiles() throws IOException
    {
        final Path file = dir.resolve("cubic.bin");
        try (ConstraintMatrices m = RecordingAssignment.record(new CubicCircuit(3, 35)))
        {
            m.save(file);
        }
        final byte[] good = Files.readAllBytes(file);
        final long coefficientsAt = ConstraintFile.HEADER_BYTES;
        final long numCoefficients = 3;
        final long aPointersAt = coefficientsAt + 32 * numCoefficients;
        final long aColumnsAt = aPointersAt + 4 * 8;

        expect(truncate(good, good.length - 1), "header at byte offset 16", "truncated");
        expect(truncate(good, 40), "header at byte offset 40", "needs 72");
        expect(patch(good, 0, (byte)'X'), "header at byte offset 0", "magic");
        expect(patch(good, 8, (byte)3), "header at byte offset 8", "version 3");
        expect(patchLong(good, 16, 0), "header at byte offset 16", "at least ONE");
        expect(patchLong(good, coefficientsAt + 88, -1L), "coefficients at byte offset " + (coefficientsAt + 64),
            "not below r");
        expect(patchLong(good, aPointersAt + 8, 6), "A row pointers at byte offset " + (aPointersAt + 8),
            "row pointer 1 is 6");
        expect(patch(good, aColumnsAt, (byte)9), "A columns at byte offset " + aColumnsAt, "column 9");
        expect(patch(good, aColumnsAt + 3, (byte)0x80), "A columns at byte offset " + aColumnsAt, "column 2147483650");
    }

    private void expect(final byte[] bytes, final String where, final String what) throws IOException
    {
        final Path bad = dir.resolve("bad.bin");
        Files.write(bad, bytes);
        final MalformedFileException e = assertThrows(MalformedFileException.class, () -> ConstraintMatrices.load(bad));
        assertTrue(e.getMessage().startsWith(bad + ": " + where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    private static byte[] truncate(final byte[] b, final int length)
    {
        return java.util.Arrays.copyOf(b, length);
    }

    private static byte[] patch(final byte[] b, final long at, final byte value)
    {
        final byte[] c = b.clone();
        c[(int)at] = value;
        return c;
    }

    private static byte[] patchLong(final byte[] b, final long at, final long value)
    {
        final byte[] c = b.clone();
        for (int i = 0; i < 8; i++)
        {
            c[(int)at + i] = (byte)(value >>> (8 * i));
        }
        return c;
    }

}
