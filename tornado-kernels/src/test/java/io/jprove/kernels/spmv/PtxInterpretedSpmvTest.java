package io.jprove.kernels.spmv;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.InterpretingAccelerators;

/** The SpMV suite on the generated PTX, interpreted. */
final class PtxInterpretedSpmvTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return SpmvConformance.tests(InterpretingAccelerators::create);
    }
}
