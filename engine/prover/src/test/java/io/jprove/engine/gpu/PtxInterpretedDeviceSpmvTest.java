package io.jprove.engine.gpu;

import org.junit.jupiter.api.Test;

import io.jprove.kernels.InterpretingAccelerators;

/**
 * The device SpMV on the 2 KiB PoRep partition, its generated PTX interpreted: windows of A·z and B·z (the
 * interpreter runs thousands of rows a second, the partition has 2.7 million).
 */
final class PtxInterpretedDeviceSpmvTest
{
    @Test
    void shouldEqualTheCpuProductsWhenMultiplyingWindowsOfThe2KiBPartitionOnTheDevice()
    {
        DeviceSpmvConformance.windows(InterpretingAccelerators::create);
    }
}
