package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;

import org.junit.jupiter.api.Test;

class SynthesisBuffersTest
{
    private static SynthesisBuffers buffers(final Arena arena, final ConstraintCounts counts, final long extraRows)
    {
        final long rowBytes = (counts.rows() + extraRows) * Witness.ELEMENT_BYTES;
        return new SynthesisBuffers(arena.allocate(counts.numInputs() * Witness.ELEMENT_BYTES),
            arena.allocate(counts.numAux() * Witness.ELEMENT_BYTES), arena.allocate(rowBytes),
            arena.allocate(rowBytes), arena.allocate(rowBytes));
    }

    @Test
    void shouldWriteTheSameInputsIntoCallerBuffersOnBothPaths()
    {
        final Circuit circuit = new RandomCircuit(11, 5, 3000, 0, null);
        try (Arena arena = Arena.ofShared(); ConstraintMatrices m = RecordingAssignment.record(circuit);
             ProverInputs reference = ProvingAssignment.synthesize(circuit))
        {
            final SynthesisBuffers direct = buffers(arena, m.counts(), 7);
            final SynthesisBuffers spmv = buffers(arena, m.counts(), 7);
            try (ProverInputs x = ProvingAssignment.synthesizeInto(circuit, direct);
                 ProverInputs y = m.evaluate(WitnessAssignment.synthesizeInto(circuit, spmv), circuit, 2, spmv))
            {
                SameInputs.assertSame(reference, x);
                SameInputs.assertSame(reference, y);
                // the views are the caller's memory, not copies of it
                assertEquals(direct.a().address(), x.a().segment().address());
                assertEquals(spmv.aux().address(), y.witness().aux().segment().address());
            }
            // closing the inputs left the caller's memory alive
            direct.a().fill((byte)0);
        }
    }

    @Test
    void shouldRefuseWhenCircuitOutgrowsItsBuffers()
    {
        final Circuit circuit = new RandomCircuit(3, 2, 500, 0, null);
        final ConstraintCounts counts = CountingAssignment.count(circuit);
        final ConstraintCounts smaller = new ConstraintCounts(counts.numInputs(), counts.numAux() - 1,
            counts.numConstraints());
        try (Arena arena = Arena.ofShared(); ConstraintMatrices m = RecordingAssignment.record(circuit))
        {
            final SynthesisException e = assertThrows(SynthesisException.class,
                () -> ProvingAssignment.synthesizeInto(circuit, buffers(arena, smaller, 0)));
            assertTrue(e.getMessage().contains("larger than the shape"), e.getMessage());
            assertThrows(SynthesisException.class,
                () -> WitnessAssignment.synthesizeInto(circuit, buffers(arena, smaller, 0)));
            final SynthesisBuffers full = buffers(arena, counts, 0);
            final SynthesisBuffers shortRows = new SynthesisBuffers(full.inputs(), full.aux(),
                full.a().asSlice(0, Witness.ELEMENT_BYTES), full.b(), full.c());
            final Witness w = WitnessAssignment.synthesizeInto(circuit, full);
            assertThrows(IllegalArgumentException.class, () -> m.evaluate(w, circuit, 1, shortRows));
        }
    }
}
