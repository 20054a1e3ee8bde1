package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;

/**
 * The fingerprint against the recorded matrices the prover and the setup use: the same terms, densities and hash
 * (recomputed here from the matrices, entry by entry); cancelling terms leave no density, in every mode.
 */
class FingerprintAssignmentTest
{
    @Test
    void shouldDescribeTheRecordedMatrices()
    {
        for (final long seed : new long[] {1, 2})
        {
            final Circuit circuit = new RandomCircuit(seed, 4, 2_000, 0, null);
            final R1csFingerprint f = FingerprintAssignment.measure(circuit);
            try (ConstraintMatrices m = RecordingAssignment.record(circuit))
            {
                assertEquals(m.counts(), f.counts());
                assertEquals(m.a().nnz(), f.nnzA());
                assertEquals(m.b().nnz(), f.nnzB());
                assertEquals(m.c().nnz(), f.nnzC());
                assertEquals(m.aAuxDensity().cardinality(), f.aAux());
                assertEquals(m.bAuxDensity().cardinality(), f.bAux());
                assertEquals(m.bInputDensity().cardinality(), f.bInputs());
                assertEquals(hashOf(m), f.hash());
            }
        }
    }

    @Test
    void shouldLeaveCancellingTermsOutOfEveryDensity()
    {
        final Circuit circuit = cs ->
        {
            final long[] three = Fr.of(3);
            final int x = cs.alloc("x", (r, o) -> Fr.copy(r, o, three, 0));
            final int y = cs.alloc("y", (r, o) -> Fr.copy(r, o, three, 0));
            final int in = cs.allocInput("in", (r, o) -> Fr.copy(r, o, three, 0));
            // (x − x + y)·(in − in + 1) = y
            cs.enforce("cancel", new LinearCombination().add(x).sub(x).add(y),
                new LinearCombination().add(in).sub(in).add(Variable.ONE), new LinearCombination().add(y));
        };
        final R1csFingerprint f = FingerprintAssignment.measure(circuit);
        assertEquals(1, f.aAux());
        assertEquals(1, f.bInputs());
        assertEquals(1, f.nnzA());
        try (ProverInputs p = ProvingAssignment.synthesize(circuit); ConstraintMatrices m =
            RecordingAssignment.record(circuit))
        {
            p.checkSatisfied();
            assertEquals(1, p.aAuxDensity().cardinality());
            assertEquals(1, p.bInputDensity().cardinality());
            assertEquals(1, m.aAuxDensity().cardinality());
            assertEquals(1, m.bInputDensity().cardinality());
            assertEquals(1, StatisticsAssignment.measure(circuit, false).aAuxDense());
        }
    }

    @Test
    void shouldRefuseACircuitWhoseShapeChanges()
    {
        final int[] calls = new int[1];
        final Circuit unstable = cs ->
        {
            if (calls[0]++ > 0)
            {
                cs.alloc("extra", (r, o) -> Fr.setOne(r, o));
            }
        };
        assertThrows(SynthesisException.class, () -> FingerprintAssignment.measure(unstable));
    }

    /** TestConstraintSystem::hash() of recorded matrices, term by term. */
    private static String hashOf(final ConstraintMatrices m)
    {
        final Blake2s h = new Blake2s();
        h.update(longs(m.numInputs(), m.numAux(), m.numConstraints()));
        final long[] c = new long[Fr.LIMBS];
        for (long row = 0; row < m.numConstraints(); row++)
        {
            for (final SparseMatrix s : new SparseMatrix[] {m.a(), m.b(), m.c()})
            {
                final long from = s.rowStart(row);
                final long to = s.rowStart(row + 1);
                h.update(longs(to - from));
                for (long e = from; e < to; e++)
                {
                    final int col = s.column(e);
                    final boolean input = col < m.numInputs();
                    h.update(new byte[] {(byte)(input ? 'I' : 'A')});
                    h.update(longs(input ? col : col - m.numInputs()));
                    m.coefficient(s.coefficientId(e), c, 0);
                    final byte[] le = new byte[Fr.BYTES];
                    Fr.toBytes(c, 0, le, 0);
                    final byte[] be = new byte[Fr.BYTES];
                    for (int i = 0; i < Fr.BYTES; i++)
                    {
                        be[i] = le[Fr.BYTES - 1 - i];
                    }
                    h.update(be);
                }
            }
        }
        return HexFormat.of().formatHex(h.finish());
    }

    private static byte[] longs(final long... values)
    {
        final byte[] out = new byte[8 * values.length];
        for (int i = 0; i < values.length; i++)
        {
            for (int j = 0; j < 8; j++)
            {
                out[8 * i + j] = (byte)(values[i] >>> (56 - 8 * j));
            }
        }
        return out;
    }
}
