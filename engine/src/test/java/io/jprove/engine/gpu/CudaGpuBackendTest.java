package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.backend.CudaBackendFactory;
import io.jprove.kernels.cuda.CudaDriver;

/** The GPU backend's suite on CUDA device 0, opened as {@code --device cuda:0} opens it. */
@Tag("gpu")
final class CudaGpuBackendTest
{
    @TestFactory
    Stream<DynamicTest> conformance(@TempDir final Path dir)
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return GpuBackendConformance.tests(() -> (GpuProverBackend)new CudaBackendFactory().open(0, 1), dir.resolve("timeline"));
    }
}
