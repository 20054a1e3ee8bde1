package io.jprove.engine.porep.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.PorepWitness;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessAssignment;

/** The native witness of a partition against the gadget synthesis's, byte for byte. */
class PartitionSynthesizerTest
{
    @ParameterizedTest
    @ValueSource(strings = {"tiny", "2KiB", "porep_test_top_8_4_2"})
    void shouldWriteTheGadgetSynthesisWitnessByteForByte(final String name)
    {
        final SectorShape shape = name.startsWith("porep_test") ? SectorShape.testShape(name, 8, 4, 2)
            : SectorShape.preset(name);
        final PartitionWitness witness = PorepWitness.random(shape, 11);
        final PorepCircuit circuit = PorepCircuit.withWitness(witness);
        final PartitionSynthesizer synthesizer = PartitionSynthesizer.of(shape);
        final ConstraintCounts counts = CountingAssignment.count(circuit);
        assertEquals(counts.numAux(), synthesizer.numAux(), "aux variables");
        assertEquals(counts.numInputs(), synthesizer.numInputs(), "inputs");
        try (Witness reference = WitnessAssignment.synthesize(circuit, counts);
            Witness fast = Witness.allocate(counts))
        {
            final WitnessTimes times = new WitnessTimes();
            synthesizer.writeWitness(witness, fast.inputMemory(), fast.auxMemory(), 3, times);
            assertSameBytes("inputs", reference.inputs().segment(), fast.inputMemory());
            assertSameBytes("aux", reference.aux().segment(), fast.auxMemory());
            assertEquals(shape.challenges() * shape.layers(), times.count(WitnessTask.LABEL));
        }
    }

    static void assertSameBytes(final String what, final MemorySegment expected, final MemorySegment actual)
    {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " length");
        final long at = expected.mismatch(actual);
        assertEquals(-1, at, what + ": first different element " + at / 32);
    }
}
