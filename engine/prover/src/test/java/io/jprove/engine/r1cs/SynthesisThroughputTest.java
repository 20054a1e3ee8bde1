package io.jprove.engine.r1cs;

import io.jprove.field.Fr;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Measures synthesis speed on a PoRep-like mix: a chain of multiplications and boolean constraints
 * {@code b·(1 − b) = 0} (PoRep's witness is ≈ 99 % bits). Run with
 * {@code -Dgroups=slow -Dtest=SynthesisThroughputTest}.
 */
@Tag("slow")
class SynthesisThroughputTest
{
    private static final int CONSTRAINTS = Integer.getInteger("jprove.bench.constraints", 2_000_000);

    @Test
    void shouldReportConstraintsPerSecond()
    {
        final Circuit circuit = new ChainCircuit(CONSTRAINTS / 2);
        for (int round = 0; round < 3; round++)
        {
            long t0 = System.nanoTime();
            final ConstraintCounts counts = CountingAssignment.count(circuit);
            long t1 = System.nanoTime();
            try (ProverInputs p = ProvingAssignment.synthesize(circuit, counts))
            {
                final long t2 = System.nanoTime();
                p.checkSatisfied();
                final long t3 = System.nanoTime();
                try (ConstraintMatrices m = RecordingAssignment.record(circuit))
                {
                    final long t4 = System.nanoTime();
                    final Witness w = WitnessAssignment.synthesize(circuit, m.counts());
                    final long t5 = System.nanoTime();
                    final int threads = Runtime.getRuntime().availableProcessors();
                    try (ProverInputs q = m.evaluate(w, circuit, threads))
                    {
                        final long t6 = System.nanoTime();
                        SameInputs.assertSame(p, q);
                        assertEquals(counts.numConstraints(), p.numConstraints());
                        System.out.printf("round %d, %d constraints: count %.2f M/s, proving %.2f M/s, check %.2f M/s,"
                                + " record %.2f M/s, witness-only %.2f M/s, SpMV (%d threads) %.2f M/s%n", round,
                            counts.numConstraints(), rate(counts, t0, t1), rate(counts, t1, t2), rate(counts, t2, t3),
                            rate(counts, t3, t4), rate(counts, t4, t5), threads, rate(counts, t5, t6));
                    }
                }
            }
        }
    }

    private static double rate(final ConstraintCounts counts, final long from, final long to)
    {
        return counts.numConstraints() * 1e3 / (to - from);
    }

    /** {@code steps} pairs: bit_i·(1 − bit_i) = 0 and acc_{i+1} = acc_i·(acc_i + bit_i). */
    private record ChainCircuit(int steps) implements Circuit
    {
        @Override
        public void synthesize(final ConstraintSystem cs)
        {
            final LinearCombination a = new LinearCombination();
            final LinearCombination b = new LinearCombination();
            final LinearCombination c = new LinearCombination();
            final long[] acc = Fr.of(3);
            final long[] bit = new long[Fr.LIMBS];
            final long[] t = new long[Fr.LIMBS];
            int vacc = cs.allocInput("start", (r, o) -> Fr.copy(r, o, acc, 0));
            for (int i = 0; i < steps; i++)
            {
                final boolean one = (i * 0x9E3779B9 >>> 31) != 0;
                if (one)
                {
                    Fr.setOne(bit, 0);
                }
                else
                {
                    java.util.Arrays.fill(bit, 0L);
                }
                final int vbit = cs.alloc("bit", (r, o) -> Fr.copy(r, o, bit, 0));
                cs.enforce("boolean", a.clear().add(vbit), b.clear().add(Variable.ONE).sub(vbit), c.clear());
                Fr.add(t, 0, acc, 0, bit, 0);
                Fr.mul(acc, 0, acc, 0, t, 0);
                final int next = cs.alloc("acc", (r, o) -> Fr.copy(r, o, acc, 0));
                cs.enforce("step", a.clear().add(vacc), b.clear().add(vacc).add(vbit), c.clear().add(next));
                vacc = next;
            }
        }
    }
}
