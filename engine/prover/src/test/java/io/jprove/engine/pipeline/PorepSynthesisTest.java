package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;

/**
 * A PoRep partition synthesized for a device that evaluates a, b, c itself: the witness alone, with the matrices
 * handed over; evaluated on the host from there ({@link PartitionInputs#withProducts}, what a backend without the
 * device SpMV does) it is the partition synthesized whole, byte for byte, densities included.
 */
class PorepSynthesisTest
{
    @Test
    void shouldHandOverTheWitnessAndMatricesWhenTheDeviceEvaluatesABC()
    {
        final List<PartitionWitness> partitions = C1Partitions.verified(C1Fixtures.sealed(
            RegisteredSealProof.StackedDrg2KiBV1_1));
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PorepCircuit(partitions.getFirst().shape(),
            0)); Arena arena = Arena.ofShared())
        {
            final PorepSynthesis synthesis = new PorepSynthesis(matrices, partitions);
            final BufferShape shape = synthesis.shape();
            final PartitionInputs whole = synthesis.synthesize(0, buffers(shape, arena), 2, false);
            final PartitionInputs handed = synthesis.synthesize(0, buffers(shape, arena), 2, true);
            assertNull(whole.matrices());
            assertSame(matrices, handed.matrices());
            assertNotNull(handed.packed(), "the witness packed into the memory of a, b, c");
            assertTrue(handed.packed().others() * 20 < handed.packed().elements(), "mostly bits: "
                + handed.packed().others() + " of " + handed.packed().elements() + " are neither zero nor one");
            final PartitionInputs evaluated = handed.withProducts(2);
            assertNull(evaluated.matrices());
            assertSameBytes("z", whole.assignment().segment(), evaluated.assignment().segment());
            assertSameBytes("a", whole.a().segment(), evaluated.a().segment());
            assertSameBytes("b", whole.b().segment(), evaluated.b().segment());
            assertSameBytes("c", whole.c().segment(), evaluated.c().segment());
            assertEquals(whole.aDensity(), handed.aDensity(), "A density");
            assertEquals(whole.bDensity(), handed.bDensity(), "B density");
        }
    }

    /** A buffer set holding what a last partition left there. */
    private static PartitionBuffers buffers(final BufferShape shape, final Arena arena)
    {
        final MemorySegment memory = arena.allocate(shape.bytes(), 64);
        memory.fill((byte)0x6b);
        return new PartitionBuffers(shape, memory);
    }

    private static void assertSameBytes(final String what, final MemorySegment expected, final MemorySegment actual)
    {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " length");
        final long at = expected.mismatch(actual);
        assertEquals(-1, at, what + ": first different element " + at / 32);
    }
}
