package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.cuda.CudaDriver;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The device fixed-base suite on CUDA: every product checked against the CPU up to 2^16 points with chunks of 4099
 * (and every window width to {@value GpuFixedBase#MAX_WINDOW_BITS}), then 2^24 G1 and 2^22 G2 products with the
 * chosen window and chunk, timed (a line {@code fixed-base G1 2^24 …: … M products/s}), sampled against the CPU.
 * {@code -Djprove.test.fixedbase.maxLog=N} lowers the large sizes.
 */
@Tag("gpu")
final class CudaFixedBaseTest
{
    private static final int MAX_LOG = Integer.getInteger("jprove.test.fixedbase.maxLog", 24);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return Stream.of(
            FixedBaseConformance.products(CudaFixedBaseTest::gpu, MsmCurve.G1, new int[] {0, 1, 2, 4099, 4100,
                1 << 16}, 16, 4099),
            FixedBaseConformance.products(CudaFixedBaseTest::gpu, MsmCurve.G2, new int[] {1, 4099, 1 << 14}, 14,
                4099),
            FixedBaseConformance.windows(CudaFixedBaseTest::gpu, MsmCurve.G1, 200, GpuFixedBase.MAX_WINDOW_BITS),
            FixedBaseConformance.windows(CudaFixedBaseTest::gpu, MsmCurve.G2, 50, GpuFixedBase.MAX_WINDOW_BITS),
            FixedBaseConformance.chosen(CudaFixedBaseTest::gpu, MsmCurve.G1, 1 << 16),
            FixedBaseConformance.chosen(CudaFixedBaseTest::gpu, MsmCurve.G2, 1 << 12),
            FixedBaseConformance.errors(CudaFixedBaseTest::gpu, MsmCurve.G1),
            FixedBaseConformance.errors(CudaFixedBaseTest::gpu, MsmCurve.G2),
            FixedBaseConformance.throughput(CudaFixedBaseTest::gpu, MsmCurve.G1, MAX_LOG, 4096),
            FixedBaseConformance.throughput(CudaFixedBaseTest::gpu, MsmCurve.G2, Math.min(22, MAX_LOG), 1024))
            .flatMap(s -> s);
    }

    private static Accelerator gpu()
    {
        return CudaAccelerator.open(0);
    }
}
