package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.cuda.CudaDriver;

/** The device SpMV on the 2 KiB PoRep partition on CUDA: the whole domain and the windows. */
@Tag("gpu")
final class CudaDeviceSpmvTest
{
    @Test
    void shouldEqualTheCpuProductsWhenMultiplyingThe2KiBPartitionOnTheGpu()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        DeviceSpmvConformance.wholeDomain(() -> CudaAccelerator.open(0));
        DeviceSpmvConformance.windows(() -> CudaAccelerator.open(0));
    }
}
