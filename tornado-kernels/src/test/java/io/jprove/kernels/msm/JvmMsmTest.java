package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.JvmAccelerator;

import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The device MSM suite on {@link JvmAccelerator}: G1 and G2 at small n, every window width to 16 for G1 and 7 for G2
 * (to 10 and 4 also with two rounds and with one copy), densities, splits and batch-adds; one accelerator serves
 * every test, so each kernel is compiled once.
 */
final class JvmMsmTest
{
    private static final JvmAccelerator CPU = new JvmAccelerator(2);
    private static final Accelerator SHARED = new SharedAccelerator(CPU);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.of(
            MsmConformance.chosen(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G1,
                new int[] {0, 1, 2, 3, 7, 64, 100, 333, 1000, 2500}),
            MsmConformance.chosen(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G2,
                new int[] {0, 1, 2, 5, 40, 300}),
            MsmConformance.windows(JvmMsmTest::cpu, MsmCurve.G1, 40, 16, 10),
            MsmConformance.windows(JvmMsmTest::cpu, MsmCurve.G2, 12, 7, 4),
            MsmConformance.density(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G1, 500),
            MsmConformance.density(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G2, 60),
            MsmConformance.split(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G1, 1000),
            MsmConformance.split(JvmMsmTest::cpu, MsmConformance.CHOOSER, MsmCurve.G2, 100),
            MsmConformance.batchAdd(JvmMsmTest::cpu, MsmCurve.G1, new int[] {0, 1, 63, 64, 65, 1000}),
            MsmConformance.batchAdd(JvmMsmTest::cpu, MsmCurve.G2, new int[] {1, 130}),
            MsmConformance.preparation(JvmMsmTest::cpu, MsmCurve.G1),
            MsmConformance.preparation(JvmMsmTest::cpu, MsmCurve.G2)).flatMap(s -> s);
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
