package io.jprove.engine.r1cs;

import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Asserts two {@link ProverInputs} are bit-identical: witness, a, b, c and densities. */
final class SameInputs
{
    private SameInputs()
    {
    }

    static void assertSame(final ProverInputs x, final ProverInputs y)
    {
        assertEquals(x.witness().counts(), y.witness().counts());
        assertBytes("inputs", x.witness().inputs().segment(), y.witness().inputs().segment());
        assertBytes("aux", x.witness().aux().segment(), y.witness().aux().segment());
        assertBytes("a", x.a().segment(), y.a().segment());
        assertBytes("b", x.b().segment(), y.b().segment());
        assertBytes("c", x.c().segment(), y.c().segment());
        assertEquals(x.aAuxDensity(), y.aAuxDensity());
        assertEquals(x.bInputDensity(), y.bInputDensity());
        assertEquals(x.bAuxDensity(), y.bAuxDensity());
    }

    private static void assertBytes(final String what, final MemorySegment x, final MemorySegment y)
    {
        assertEquals(x.byteSize(), y.byteSize(), what + " length");
        assertEquals(-1, x.mismatch(y), what + " differs at byte " + x.mismatch(y));
    }
}
