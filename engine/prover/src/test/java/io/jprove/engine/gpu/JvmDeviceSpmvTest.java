package io.jprove.engine.gpu;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.kernels.JvmAccelerator;

/** The device SpMV on the 2 KiB and 8 MiB PoRep partitions, run by {@link JvmAccelerator}: the whole domain. */
final class JvmDeviceSpmvTest
{
    @ParameterizedTest
    @EnumSource(value = RegisteredSealProof.class, names = {"StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1"})
    void shouldEqualTheCpuProductsWhenMultiplyingAPorepPartitionOnTheDevice(final RegisteredSealProof proof)
    {
        DeviceSpmvConformance.wholeDomain(() -> new JvmAccelerator(2), proof);
    }
}
