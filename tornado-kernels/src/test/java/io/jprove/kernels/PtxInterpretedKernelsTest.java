package io.jprove.kernels;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The conformance suite on the generated PTX, interpreted on the CPU ({@link InterpretingAccelerator}). */
final class PtxInterpretedKernelsTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return KernelConformance.tests(InterpretingAccelerator::new);
    }
}
