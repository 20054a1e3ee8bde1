package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.kernels.cuda.CudaDriver;

/**
 * The GPU backend's suite on CUDA device 0, opened as {@code --device cuda:0} opens it, with page-locked partition
 * buffers; without the fault case (see {@link GpuBackendConformance#tests}).
 */
@Tag("gpu")
final class CudaGpuBackendTest
{
    @TestFactory
    Stream<DynamicTest> conformance(@TempDir final Path dir)
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final CudaBackendFactory cuda = new CudaBackendFactory();
        return GpuBackendConformance.tests(() -> (GpuProverBackend)cuda.open(0, 1), cuda::bufferPool,
            dir.resolve("timeline"), false);
    }
}
