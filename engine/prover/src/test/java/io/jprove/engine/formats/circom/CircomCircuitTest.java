package io.jprove.engine.formats.circom;

import io.jprove.engine.formats.circom.CircomFileWriter.Constraint;
import io.jprove.engine.formats.circom.CircomFileWriter.Term;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.UnsatisfiedConstraintException;
import io.jprove.engine.r1cs.Variable;
import io.jprove.engine.r1cs.WitnessAssignment;
import io.jprove.field.Fr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CircomCircuitTest
{
    private static final BigInteger R = Fr.MODULUS;
    private static final BigInteger ONE = BigInteger.ONE;

    @TempDir
    Path dir;

    /** x³ + x + 5 = out: wire 0 = 1, 1 = out (public output), 2 = x (private input), 3 = x², 4 = x³. */
    private static byte[] cubicR1cs(final BigInteger prime)
    {
        return CircomFileWriter.r1cs(prime, 5, 1, 0, 1, List.of(
            new Constraint(List.of(new Term(2, ONE)), List.of(new Term(2, ONE)), List.of(new Term(3, ONE))),
            new Constraint(List.of(new Term(3, ONE)), List.of(new Term(2, ONE)), List.of(new Term(4, ONE))),
            new Constraint(List.of(new Term(4, ONE), new Term(2, ONE), new Term(0, BigInteger.valueOf(5))),
                List.of(new Term(0, ONE)), List.of(new Term(1, ONE)))));
    }

    private static byte[] cubicWtns(final long out)
    {
        return CircomFileWriter.wtns(R, big(1, out, 3, 9, 27));
    }

    @Test
    void shouldProveCircomCubicLikeTheHandWrittenCircuit() throws IOException
    {
        try (CircomR1cs r1cs = CircomR1cs.open(write("c.r1cs", cubicR1cs(R)));
             CircomWitness wtns = CircomWitness.open(write("c.wtns", cubicWtns(35)));
             ProverInputs circom = ProvingAssignment.synthesize(new CircomCircuit(r1cs, wtns));
             ProverInputs hand = ProvingAssignment.synthesize(CircomCircuitTest::handCubic))
        {
            assertEquals(5, r1cs.numWires());
            assertEquals(1, r1cs.numPublic());
            assertEquals(3, r1cs.numConstraints());
            circom.checkSatisfied();
            assertEquals(new ConstraintCounts(2, 3, 3), circom.witness().counts());
            assertSame(hand, circom);
        }
    }

    @Test
    void shouldGiveSameResultsThroughRecordedMatrices() throws IOException
    {
        try (CircomR1cs r1cs = CircomR1cs.open(write("c.r1cs", cubicR1cs(R)));
             CircomWitness wtns = CircomWitness.open(write("c.wtns", cubicWtns(35))))
        {
            final CircomCircuit circuit = new CircomCircuit(r1cs, wtns);
            final CircomCircuit shapeOnly = new CircomCircuit(r1cs, null);
            try (ConstraintMatrices m = RecordingAssignment.record(shapeOnly);
                 ProverInputs direct = ProvingAssignment.synthesize(circuit);
                 ProverInputs spmv = m.evaluate(WitnessAssignment.synthesize(circuit, m.counts()), circuit, 2))
            {
                assertEquals(m.counts(), CountingAssignment.count(shapeOnly));
                assertSame(direct, spmv);
            }
        }
    }

    @Test
    void shouldReportUnsatisfiedCircomConstraint() throws IOException
    {
        try (CircomR1cs r1cs = CircomR1cs.open(write("c.r1cs", cubicR1cs(R)));
             CircomWitness wtns = CircomWitness.open(write("c.wtns", cubicWtns(36)));
             ProverInputs p = ProvingAssignment.synthesize(new CircomCircuit(r1cs, wtns)))
        {
            assertEquals(2, assertThrows(UnsatisfiedConstraintException.class, p::checkSatisfied).index());
        }
    }

    @Test
    void shouldRejectMalformedR1cs() throws IOException
    {
        final byte[] good = cubicR1cs(R);
        // layout: 12-byte file header, then constraints (type 2) first, header (type 1), wire map (type 3)
        final int constraintsAt = 24;
        expectR1cs(Arrays.copyOf(good, good.length - 3), "wire-to-label map section at byte offset", "truncated");
        expectR1cs(Arrays.copyOf(good, 100), "constraints section at byte offset 24", "truncated");
        expectR1cs(Arrays.copyOf(good, 7), "file header at byte offset 7", "truncated");
        expectR1cs(patch(good, 0, "x1cs".getBytes()), "file header at byte offset 0", "magic");
        expectR1cs(patch(good, 4, new byte[] {2}), "file header at byte offset 4", "version 2");
        expectR1cs(cubicR1cs(BinaryContainer.BN128_R), "header at byte offset", "bn128");
        // first term of constraint 0: u32 count at 24, wire at 28, coefficient at 32..64
        expectR1cs(patch(good, constraintsAt + 4, new byte[] {9}), "constraints at byte offset 28", "wire 9");
        final byte[] big = new byte[32];
        Arrays.fill(big, (byte)0xff);
        expectR1cs(patch(good, constraintsAt + 8, big), "constraints at byte offset 32", "not below r");
        expectR1cs(patch(good, constraintsAt + 8, CircomFileWriter.element(R)), "constraints at byte offset 32",
            "not below r");
    }

    @Test
    void shouldRejectMalformedWitness() throws IOException
    {
        final byte[] good = cubicWtns(35);
        // 12-byte file header, header section header (12) + 40 bytes, witness section header (12), values at 76
        expectWtns(Arrays.copyOf(good, good.length - 1), "witness section at byte offset 76", "truncated");
        expectWtns(patch(good, 0, "wtnx".getBytes()), "file header at byte offset 0", "magic");
        expectWtns(patch(good, 4, new byte[] {1}), "file header at byte offset 4", "version 1");
        expectWtns(CircomFileWriter.wtns(BinaryContainer.BN128_R, big(1, 35, 3, 9, 27)), "header at byte offset 28",
            "bn128");
        expectWtns(patch(good, 76 + 64, CircomFileWriter.element(R.add(ONE))), "witness at byte offset 140",
            "value of wire 2 is not below r");
        final Path r1cs = write("c.r1cs", cubicR1cs(R));
        try (CircomR1cs r = CircomR1cs.open(r1cs);
             CircomWitness shortOne = CircomWitness.open(write("s.wtns", CircomFileWriter.wtns(R, big(1, 35, 3, 9))));
             CircomWitness badOne = CircomWitness.open(write("o.wtns", CircomFileWriter.wtns(R, big(2, 35, 3, 9, 27)))))
        {
            final MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> new CircomCircuit(r, shortOne));
            assertTrue(e.getMessage().contains("s.wtns: header") && e.getMessage().contains("4 values but "
                + r1cs + " has 5 wires"), e.getMessage());
            assertTrue(assertThrows(MalformedFileException.class, () -> new CircomCircuit(r, badOne)).getMessage()
                .contains("o.wtns: witness at byte offset 76: wire 0 (the constant) is 2, not 1"));
        }
    }

    private void expectR1cs(final byte[] bytes, final String where, final String what) throws IOException
    {
        final Path file = write("bad.r1cs", bytes);
        final MalformedFileException e = assertThrows(MalformedFileException.class, () -> CircomR1cs.open(file));
        assertTrue(e.getMessage().startsWith(file + ": " + where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    private void expectWtns(final byte[] bytes, final String where, final String what) throws IOException
    {
        final Path file = write("bad.wtns", bytes);
        final MalformedFileException e = assertThrows(MalformedFileException.class, () -> CircomWitness.open(file));
        assertTrue(e.getMessage().startsWith(file + ": " + where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    private static void handCubic(final ConstraintSystem cs)
    {
        final int out = cs.allocInput("out", (r, o) -> Fr.copy(r, o, Fr.of(35), 0));
        final int x = cs.alloc("x", (r, o) -> Fr.copy(r, o, Fr.of(3), 0));
        final int sq = cs.alloc("x^2", (r, o) -> Fr.copy(r, o, Fr.of(9), 0));
        final int cu = cs.alloc("x^3", (r, o) -> Fr.copy(r, o, Fr.of(27), 0));
        cs.enforce("sq", new LinearCombination().add(x), new LinearCombination().add(x),
            new LinearCombination().add(sq));
        cs.enforce("cu", new LinearCombination().add(sq), new LinearCombination().add(x),
            new LinearCombination().add(cu));
        cs.enforce("sum", new LinearCombination().add(cu).add(x).add(Fr.of(5), Variable.ONE),
            new LinearCombination().add(Variable.ONE), new LinearCombination().add(out));
    }

    private static void assertSame(final ProverInputs x, final ProverInputs y)
    {
        assertEquals(x.witness().counts(), y.witness().counts());
        assertEquals(-1, x.witness().inputs().segment().mismatch(y.witness().inputs().segment()));
        assertEquals(-1, x.witness().aux().segment().mismatch(y.witness().aux().segment()));
        assertEquals(-1, x.a().segment().mismatch(y.a().segment()));
        assertEquals(-1, x.b().segment().mismatch(y.b().segment()));
        assertEquals(-1, x.c().segment().mismatch(y.c().segment()));
        assertEquals(x.aAuxDensity(), y.aAuxDensity());
        assertEquals(x.bInputDensity(), y.bInputDensity());
        assertEquals(x.bAuxDensity(), y.bAuxDensity());
    }

    private Path write(final String name, final byte[] bytes) throws IOException
    {
        return Files.write(dir.resolve(name), bytes);
    }

    private static byte[] patch(final byte[] b, final int at, final byte[] with)
    {
        final byte[] c = b.clone();
        System.arraycopy(with, 0, c, at, with.length);
        return c;
    }

    private static BigInteger[] big(final long... v)
    {
        return Arrays.stream(v).mapToObj(BigInteger::valueOf).toArray(BigInteger[]::new);
    }

}
