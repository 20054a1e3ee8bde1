package io.jprove.engine.gpu;

import org.junit.jupiter.api.Test;

import io.jprove.kernels.JvmAccelerator;

/** The device SpMV on the 2 KiB PoRep partition, run by {@link JvmAccelerator}: the whole domain. */
final class JvmDeviceSpmvTest
{
    @Test
    void shouldEqualTheCpuProductsWhenMultiplyingThe2KiBPartitionOnTheDevice()
    {
        DeviceSpmvConformance.wholeDomain(() -> new JvmAccelerator(2));
    }
}
