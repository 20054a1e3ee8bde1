package io.jprove.engine.gpu;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.kernels.JvmAccelerator;

/**
 * The GPU backend's suite with its kernels run as Java methods: how CI checks the device path without a GPU; the
 * tail MSMs beside the H chain on a second stream (the default) and after it on one.
 */
final class JvmGpuBackendTest
{
    @TestFactory
    Stream<DynamicTest> conformance(@TempDir final Path dir)
    {
        return GpuBackendConformance.tests(() -> new GpuProverBackend(new JvmAccelerator(), 0, "jvm:0",
            "kernels on the JVM"), OffHeapBufferPool::new, dir.resolve("timeline"), true);
    }

    /** The batch-adds and tail MSMs queued after the H MSM on one stream: the same sums. */
    @TestFactory
    Stream<DynamicTest> oneStream()
    {
        return GpuBackendConformance.sums(() -> new GpuProverBackend(new JvmAccelerator(), 0, "jvm:0",
            "kernels on the JVM", false));
    }
}
