package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.JvmAccelerator;

import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The device fixed-base suite on {@link JvmAccelerator}: G1 and G2, chunks of 7 over vectors to 100 points, every
 * window width to 10 (G1) and 6 (G2), the chosen window, bad input, and the timed run of 2^9 sampled products (as
 * the GPU runs 2^24); one accelerator for every test.
 */
final class JvmFixedBaseTest
{
    private static final JvmAccelerator CPU = new JvmAccelerator(2);
    private static final Accelerator SHARED = new SharedAccelerator(CPU);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.of(
            FixedBaseConformance.products(JvmFixedBaseTest::cpu, MsmCurve.G1, new int[] {0, 1, 2, 7, 8, 15, 100}, 8,
                7),
            FixedBaseConformance.products(JvmFixedBaseTest::cpu, MsmCurve.G2, new int[] {1, 9, 40}, 6, 7),
            FixedBaseConformance.windows(JvmFixedBaseTest::cpu, MsmCurve.G1, 16, 10),
            FixedBaseConformance.windows(JvmFixedBaseTest::cpu, MsmCurve.G2, 16, 6),
            FixedBaseConformance.chosen(JvmFixedBaseTest::cpu, MsmCurve.G1, 300),
            FixedBaseConformance.chosen(JvmFixedBaseTest::cpu, MsmCurve.G2, 30),
            FixedBaseConformance.errors(JvmFixedBaseTest::cpu, MsmCurve.G1),
            FixedBaseConformance.errors(JvmFixedBaseTest::cpu, MsmCurve.G2),
            FixedBaseConformance.throughput(JvmFixedBaseTest::cpu, MsmCurve.G1, 9, 20)).flatMap(s -> s);
    }

    @AfterAll
    static void close()
    {
        CPU.close();
    }

    private static Accelerator cpu()
    {
        return SHARED;
    }
}
