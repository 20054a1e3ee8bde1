package io.jprove.kernels.spmv;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.cuda.CudaDriver;

/** The SpMV suite on CUDA. */
@Tag("gpu")
final class CudaSpmvTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return SpmvConformance.tests(() -> CudaAccelerator.open(0));
    }
}
