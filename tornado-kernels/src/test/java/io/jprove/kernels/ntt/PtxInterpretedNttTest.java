package io.jprove.kernels.ntt;

import io.jprove.kernels.InterpretingAccelerators;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The GPU NTT suite on the generated PTX, interpreted: 2 to 2^10 points (one pass of one to three rounds, and two
 * passes), every direction, coset and order to 2^7 and a sample of four kinds above.
 */
final class PtxInterpretedNttTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.concat(NttConformance.tests(InterpretingAccelerators::create, 1, 10, 10, 7),
            NttConformance.variantTests(InterpretingAccelerators::create, new int[] {5, 10}, 10));
    }
}
