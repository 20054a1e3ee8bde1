package io.jprove.kernels;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The conformance suite on {@link JvmAccelerator}. */
final class JvmKernelsTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return KernelConformance.tests(() -> new JvmAccelerator(2, FieldKernels.COMPILER));
    }
}
