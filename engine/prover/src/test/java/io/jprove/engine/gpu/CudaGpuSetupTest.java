package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.cuda.CudaDriver;

/**
 * The device setup's suite on CUDA device 0, plus the key of porep-tiny (1.25 M constraints, 5.2 M points) made on
 * the GPU and on the CPU from the same randomness, compared vector for vector ({@code -Djprove.test.setup.circuit=}
 * another built-in circuit, or {@code none}).
 */
@Tag("gpu")
final class CudaGpuSetupTest
{
    private static final String CIRCUIT = System.getProperty("jprove.test.setup.circuit", "porep-tiny");

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return GpuSetupConformance.tests(() -> GpuFixedBaseMultiplier.open("cuda:0"),
            "none".equals(CIRCUIT) ? null : CIRCUIT, true);
    }
}
