package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.SparseMatrix;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessAssignment;

/**
 * Synthesis speed of one PoRep partition: proving mode (witness, a, b, c, densities in one pass) and the
 * pre-compiled path (matrices recorded once; witness-only synthesis then a parallel SpMV), with the memory each
 * holds. Run with {@code -Dgroups=slow
 * -DexcludedGroups=gpu -Dtest=PorepSynthesisThroughputTest -Djprove.preset=512MiB}.
 */
@Tag("slow")
class PorepSynthesisThroughputTest
{
    @Test
    void shouldReportConstraintsPerSecond()
    {
        final SectorShape shape = SectorShape.preset(System.getProperty("jprove.preset", "512MiB"));
        final PorepCircuit circuit = new PorepCircuit(shape, 3);
        circuit.witness();
        final ConstraintCounts counts = CountingAssignment.count(circuit);
        final int threads = Runtime.getRuntime().availableProcessors();
        try (ConstraintMatrices m = RecordingAssignment.record(circuit))
        {
            for (int round = 0; round < 2; round++)
            {
                final long t0 = System.nanoTime();
                try (ProverInputs p = ProvingAssignment.synthesize(circuit, counts))
                {
                    final long t1 = System.nanoTime();
                    final Witness w = WitnessAssignment.synthesize(circuit, counts);
                    final long t2 = System.nanoTime();
                    try (ProverInputs q = m.evaluate(w, circuit, threads))
                    {
                        final long t3 = System.nanoTime();
                        assertEquals(p.rows(), q.rows());
                        assertArrayEquals(p.aAuxDensity().toWords(), q.aAuxDensity().toWords());
                        if (round == 1)
                        {
                            q.checkSatisfied();
                        }
                        report(shape, counts, m, threads, t0, t1, t2, t3);
                    }
                }
            }
        }
    }

    private static void report(final SectorShape shape, final ConstraintCounts counts, final ConstraintMatrices m,
        final int threads, final long t0, final long t1, final long t2, final long t3)
    {
        final double n = counts.numConstraints();
        final long abc = 3 * counts.rows() * 32;
        final long z = ((long)counts.numInputs() + counts.numAux()) * 32;
        final long matrices = bytes(m.a()) + bytes(m.b()) + bytes(m.c());
        System.out.printf("%s: %,d constraints%n  proving mode: %.2f s, %.0f k constraints/s on 1 thread%n"
                + "  witness-only: %.2f s, %.0f k/s on 1 thread; SpMV on %d threads: %.2f s, %.0f k/s (%.0f k/s per "
                + "thread); together %.0f k/s per core%n  in flight: a, b, c %.2f GiB + witness %.2f GiB; recorded "
                + "matrices %.2f GiB (shared by all partitions of the shape)%n", shape.name(),
            counts.numConstraints(), (t1 - t0) / 1e9, n / ((t1 - t0) / 1e6), (t2 - t1) / 1e9, n / ((t2 - t1) / 1e6),
            threads, (t3 - t2) / 1e9, n / ((t3 - t2) / 1e6), n / ((t3 - t2) / 1e6) / threads,
            n / ((t2 - t1) / 1e6 + (t3 - t2) / 1e6 * threads), abc / 0x1p30, z / 0x1p30, matrices / 0x1p30);
    }

    private static long bytes(final SparseMatrix s)
    {
        return (s.rows() + 1) * Long.BYTES + s.nnz() * 2L * Integer.BYTES;
    }
}
