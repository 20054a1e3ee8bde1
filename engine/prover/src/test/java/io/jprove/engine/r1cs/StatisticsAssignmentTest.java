package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;

/** Statistics mode against proving mode: same counts, same densities, 0/1 values counted from the stored witness. */
class StatisticsAssignmentTest
{
    @Test
    void shouldMatchProvingModeDensitiesAndBooleanValues()
    {
        for (final long seed : new long[] {1, 2, 3})
        {
            final Circuit circuit = new RandomCircuit(seed, 5, 3_000, 0, null);
            final CircuitStatistics stats = StatisticsAssignment.measure(circuit, true);
            final CircuitStatistics shapeOnly = StatisticsAssignment.measure(circuit, false);
            try (ProverInputs p = ProvingAssignment.synthesize(circuit))
            {
                assertEquals(p.witness().counts(), stats.counts());
                assertEquals(p.aAuxDensity().cardinality(), stats.aAuxDense());
                assertEquals(p.bInputDensity().cardinality(), stats.bInputDense());
                assertEquals(p.bAuxDensity().cardinality(), stats.bAuxDense());
                long booleans = 0;
                final long[] v = new long[Fr.LIMBS];
                for (int i = 0; i < p.witness().numAux(); i++)
                {
                    p.witness().aux().get(i, v, 0);
                    booleans += Fr.isZero(v, 0) || Fr.isOne(v, 0) ? 1 : 0;
                }
                assertEquals(booleans, stats.booleanAux());
                assertEquals(new CircuitStatistics(stats.counts(), -1, stats.aAuxDense(), stats.bInputDense(),
                    stats.bAuxDense()), shapeOnly);
                assertEquals(CountingAssignment.count(circuit), stats.counts());
            }
        }
    }

    @Test
    void shouldSizeTheDomainToCoverInputRows()
    {
        final CircuitStatistics s = new CircuitStatistics(new ConstraintCounts(328, 1, 130_278_541L), -1, 0, 0, 0);
        assertEquals(1L << 27, s.domainSize());
        assertEquals(8, new CircuitStatistics(new ConstraintCounts(1, 1, 7), -1, 0, 0, 0).domainSize());
        assertEquals(16, new CircuitStatistics(new ConstraintCounts(2, 1, 7), -1, 0, 0, 0).domainSize());
    }
}
