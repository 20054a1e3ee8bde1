package io.jprove.engine.gpu;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.kernels.InterpretingAccelerators;

/**
 * The device SpMV on the 2 KiB and 8 MiB PoRep partitions, their generated PTX interpreted: windows of A·z and B·z
 * (the interpreter runs some 30,000 rows a second; the partitions have millions).
 */
final class PtxInterpretedDeviceSpmvTest
{
    @ParameterizedTest
    @EnumSource(value = RegisteredSealProof.class, names = {"StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1"})
    void shouldEqualTheCpuProductsWhenMultiplyingWindowsOfAPorepPartitionOnTheDevice(final RegisteredSealProof proof)
    {
        DeviceSpmvConformance.windows(InterpretingAccelerators::create, proof);
    }
}
