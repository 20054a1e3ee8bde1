package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaDriver;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The conformance suite on {@link CudaAccelerator} (device 0); skipped where no CUDA driver loads. */
@Tag("gpu")
final class CudaKernelsTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return KernelConformance.testsWithFaultsInChildProcesses(() -> CudaAccelerator.open(0, FieldKernels.COMPILER),
            "cuda:0");
    }
}
