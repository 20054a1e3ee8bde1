package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.kernels.cuda.CudaDriver;

/**
 * A kernel fault mid-partition on CUDA device 0 (a density bitmap that sends the split's stores past its buffers,
 * caught by the kernels' bounds checks): the partition fails with the device named as unusable, never with sums, and
 * so does every later call. Tagged {@code gpu-fault}, not {@code gpu}: CUDA keeps the fault in the device's primary
 * context until the process ends, so this runs in a process of its own ({@code run-tests -- --select-class=...
 * --include-tag=gpu-fault}), after which a new backend in the same process is refused with the driver's error too.
 */
@Tag("gpu-fault")
final class CudaGpuFaultTest
{
    @Test
    void shouldFailThePartitionAndRefuseLaterWorkWhenAKernelFaults()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final CudaBackendFactory cuda = new CudaBackendFactory();
        GpuBackendConformance.faultAlone(() -> (GpuProverBackend)cuda.open(0, 1));
        // the context stays poisoned: what a later backend in this process meets is an error, not a wrong result
        try (ProvingKey pk = GpuBackendConformance.key())
        {
            final RuntimeException later = assertThrows(RuntimeException.class, () ->
            {
                try (ProverBackend again = cuda.open(0, 1); PreparedKey k = again.prepare(pk))
                {
                    fail("a backend opened after the fault prepared a key on " + k.device());
                }
            });
            final String said = String.valueOf(later.getMessage());
            assertTrue(said.contains("CUDA_ERROR") || said.contains("unusable"), later.toString());
        }
    }
}
