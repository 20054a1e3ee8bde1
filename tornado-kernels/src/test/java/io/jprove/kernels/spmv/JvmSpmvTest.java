package io.jprove.kernels.spmv;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.JvmAccelerator;

/** The SpMV suite on {@link JvmAccelerator}. */
final class JvmSpmvTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return SpmvConformance.tests(() -> new JvmAccelerator(2));
    }
}
