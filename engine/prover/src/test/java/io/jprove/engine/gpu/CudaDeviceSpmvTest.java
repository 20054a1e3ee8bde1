package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.cuda.CudaDriver;

/** The device SpMV on the 2 KiB and 8 MiB PoRep partitions on CUDA: the whole domain and the windows. */
@Tag("gpu")
final class CudaDeviceSpmvTest
{
    @ParameterizedTest
    @EnumSource(value = RegisteredSealProof.class, names = {"StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1"})
    void shouldEqualTheCpuProductsWhenMultiplyingAPorepPartitionOnTheGpu(final RegisteredSealProof proof)
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        DeviceSpmvConformance.wholeDomain(() -> CudaAccelerator.open(0), proof);
        DeviceSpmvConformance.windows(() -> CudaAccelerator.open(0), proof);
    }
}
