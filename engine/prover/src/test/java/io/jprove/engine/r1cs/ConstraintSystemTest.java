package io.jprove.engine.r1cs;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConstraintSystemTest
{
    @Test
    void shouldCountCubicCircuit()
    {
        final ConstraintCounts counts = CountingAssignment.count(new CubicCircuit(3, 35));
        assertEquals(new ConstraintCounts(2, 3, 3), counts);
        assertEquals(5, counts.rows());
    }

    @Test
    void shouldComputeWitnessEvaluationsAndDensitiesInProvingMode()
    {
        try (ProverInputs p = ProvingAssignment.synthesize(new CubicCircuit(3, 35)))
        {
            p.checkSatisfied();
            assertEquals(3, p.numConstraints());
            assertEquals(5, p.rows());
            assertValues(p.witness().inputs(), 1, 35);
            assertValues(p.witness().aux(), 3, 9, 27);
            // three constraints, then the rows input × 0 = 0 for ONE and out
            assertValues(p.a(), 3, 9, 35, 1, 35);
            assertValues(p.b(), 3, 3, 1, 0, 0);
            assertValues(p.c(), 9, 27, 35, 0, 0);
            assertEquals(bits(3, 0, 1, 2), p.aAuxDensity());
            assertEquals(bits(2, 0), p.bInputDensity());
            assertEquals(bits(3, 0), p.bAuxDensity());
        }
    }

    @Test
    void shouldRecordCubicCircuitAsCsr()
    {
        try (ConstraintMatrices m = RecordingAssignment.record(new CubicCircuit(3, 35)))
        {
            assertEquals(new ConstraintCounts(2, 3, 3), m.counts());
            // columns: ONE = 0, out = 1, x = 2, x^2 = 3, x^3 = 4; row 2 of A, x^3 + x + 5·ONE, in canonical order
            assertEquals(3, m.a().rowStart(3) - m.a().rowStart(2));
            assertEquals(0, m.a().column(m.a().rowStart(2)));
            assertEquals(2, m.a().column(m.a().rowStart(2) + 1));
            assertEquals(4, m.a().column(m.a().rowStart(2) + 2));
            final long[] five = new long[Fr.LIMBS];
            m.coefficient(m.a().coefficientId(m.a().rowStart(2)), five, 0);
            assertEquals(BigInteger.valueOf(5), Fr.toBigInteger(five));
            assertEquals(1, m.c().column(m.c().rowStart(2)));
            assertEquals(bits(3, 0, 1, 2), m.aAuxDensity());
        }
    }

    @Test
    void shouldMatchProvingModeWithWitnessOnlyAndSpmv()
    {
        final Circuit circuit = new CubicCircuit(3, 35);
        try (ConstraintMatrices m = RecordingAssignment.record(circuit);
             ProverInputs direct = ProvingAssignment.synthesize(circuit);
             ProverInputs viaSpmv = m.evaluate(WitnessAssignment.synthesize(circuit, m.counts()), circuit, 2))
        {
            SameInputs.assertSame(direct, viaSpmv);
            viaSpmv.checkSatisfied();
        }
    }

    @Test
    void shouldNameNamespacePathOfUnsatisfiedConstraint()
    {
        final Circuit wrong = new CubicCircuit(3, 36);
        try (ProverInputs p = ProvingAssignment.synthesize(wrong))
        {
            final UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                p::checkSatisfied);
            assertEquals(2, e.index());
            assertEquals("", e.path());
            assertEquals("sum", e.annotation());
        }
        final Circuit wrongInside = cs -> new CubicCircuit(3, 35).synthesize(new Tamper(cs, 2));
        try (ProverInputs p = ProvingAssignment.synthesize(wrongInside))
        {
            final UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                p::checkSatisfied);
            assertEquals(1, e.index());
            assertEquals("powers/cube", e.path());
            assertTrue(e.getMessage().contains("constraint 1 'powers/cube/product'"), e.getMessage());
        }
    }

    @Test
    void shouldRejectUnbalancedNamespacesAndUnreducedValues()
    {
        assertThrows(SynthesisException.class, () -> CountingAssignment.count(cs -> cs.pushNamespace("open")));
        assertThrows(SynthesisException.class, () -> CountingAssignment.count(ConstraintSystem::popNamespace));
        final SynthesisException e = assertThrows(SynthesisException.class, () -> ProvingAssignment.synthesize(
            cs -> cs.alloc("big", (r, o) -> java.util.Arrays.fill(r, o, o + 4, -1L))));
        assertTrue(e.getMessage().contains("aux[0] 'big'"), e.getMessage());
        assertThrows(SynthesisException.class, () -> RecordingAssignment.record(
            cs -> cs.enforce("bad", new LinearCombination().add(Variable.aux(5)), new LinearCombination(),
                new LinearCombination())));
    }

    @Test
    void shouldDropZeroCoefficientsFromDensity()
    {
        final Circuit circuit = cs ->
        {
            final int x = cs.alloc("x", (r, o) -> Fr.setOne(r, o));
            final int y = cs.alloc("y", (r, o) -> Fr.setOne(r, o));
            cs.enforce("e", new LinearCombination().add(Fr.zero(), y).add(x), new LinearCombination().add(x),
                new LinearCombination().add(x));
        };
        try (ProverInputs p = ProvingAssignment.synthesize(circuit);
             ConstraintMatrices m = RecordingAssignment.record(circuit))
        {
            p.checkSatisfied();
            assertEquals(bits(2, 0), p.aAuxDensity());
            assertEquals(bits(2, 0), m.aAuxDensity());
        }
    }

    static DensityBitmap bits(final int size, final int... set)
    {
        final DensityBitmap d = new DensityBitmap(size);
        for (final int i : set)
        {
            d.set(i);
        }
        return d;
    }

    static void assertValues(final FrVector v, final long... expected)
    {
        assertEquals(expected.length, v.size());
        final long[] e = new long[Fr.LIMBS];
        for (int i = 0; i < expected.length; i++)
        {
            v.get(i, e, 0);
            assertEquals(BigInteger.valueOf(expected[i]), Fr.toBigInteger(e), "element " + i);
        }
    }

    /** Forwards to a constraint system but replaces the value of aux variable {@code target} by 1000. */
    private static final class Tamper implements ConstraintSystem
    {
        private final ConstraintSystem cs;
        private final int target;

        Tamper(final ConstraintSystem cs, final int target)
        {
            this.cs = cs;
            this.target = target;
        }

        @Override
        public int alloc(final String annotation, final WitnessFunction value)
        {
            final boolean hit = cs.numAux() == target;
            return cs.alloc(annotation, hit ? (r, o) -> Fr.copy(r, o, Fr.of(1000), 0) : value);
        }

        @Override
        public int allocInput(final String annotation, final WitnessFunction value)
        {
            return cs.allocInput(annotation, value);
        }

        @Override
        public void enforce(final String annotation, final LinearCombination a, final LinearCombination b,
            final LinearCombination c)
        {
            cs.enforce(annotation, a, b, c);
        }

        @Override
        public void pushNamespace(final String name)
        {
            cs.pushNamespace(name);
        }

        @Override
        public void popNamespace()
        {
            cs.popNamespace();
        }

        @Override
        public Namespace namespace(final String name)
        {
            return cs.namespace(name);
        }

        @Override
        public boolean needsWitness()
        {
            return cs.needsWitness();
        }

        @Override
        public boolean needsConstraints()
        {
            return cs.needsConstraints();
        }

        @Override
        public int numInputs()
        {
            return cs.numInputs();
        }

        @Override
        public int numAux()
        {
            return cs.numAux();
        }

        @Override
        public long numConstraints()
        {
            return cs.numConstraints();
        }
    }
}
