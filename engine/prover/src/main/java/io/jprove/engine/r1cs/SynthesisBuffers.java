package io.jprove.engine.r1cs;

import java.lang.foreign.MemorySegment;

/**
 * Memory the caller owns (a pooled, possibly page-locked buffer) that synthesis writes into instead of allocating:
 * the witness and the evaluation vectors, FrVector layout (32 bytes per element). Each segment must hold at least its
 * count of the circuit's shape ({@link ConstraintCounts}); synthesis fails with a {@link SynthesisException} rather
 * than write past one. The {@link ProverInputs} made over them does not free them.
 *
 * @param inputs the public inputs, ONE first: at least {@code numInputs} elements.
 * @param aux    the aux variables: at least {@code numAux} elements.
 * @param a      ⟨A_k, z⟩ per row: at least {@code rows()} elements.
 * @param b      ⟨B_k, z⟩ per row.
 * @param c      ⟨C_k, z⟩ per row.
 */
public record SynthesisBuffers(MemorySegment inputs, MemorySegment aux, MemorySegment a, MemorySegment b,
    MemorySegment c)
{
    /**
     * @throws IllegalArgumentException naming the first segment too small for {@code counts}.
     */
    public void requireFits(final ConstraintCounts counts)
    {
        fits("inputs", inputs, counts.numInputs());
        fits("aux", aux, counts.numAux());
        fits("a", a, counts.rows());
        fits("b", b, counts.rows());
        fits("c", c, counts.rows());
    }

    private static void fits(final String name, final MemorySegment s, final long elements)
    {
        if (s.byteSize() < elements * Witness.ELEMENT_BYTES)
        {
            throw new IllegalArgumentException("buffer " + name + " holds " + s.byteSize() / Witness.ELEMENT_BYTES
                + " elements, the circuit needs " + elements);
        }
    }
}
