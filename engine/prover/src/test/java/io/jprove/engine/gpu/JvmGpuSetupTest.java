package io.jprove.engine.gpu;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.JvmAccelerator;

/** The device setup's suite with its kernels run as Java methods: how CI checks it without a GPU. */
final class JvmGpuSetupTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return GpuSetupConformance.tests(() -> new GpuFixedBaseMultiplier(new JvmAccelerator(2), "jvm:0", true),
            null, false);
    }
}
