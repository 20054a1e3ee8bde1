package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.InterpretingAccelerators;

import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The device MSM suite on the generated PTX, interpreted on the CPU (slow, so tiny n and 8-bit windows with two
 * copies, 16 rounds): MSMs of G1 and G2, a density, a split and batch-adds, each against the CPU, through every MSM
 * kernel.
 */
final class PtxInterpretedMsmTest
{
    private static final Accelerator INTERPRETER = InterpretingAccelerators.create();
    private static final Accelerator SHARED = new SharedAccelerator(INTERPRETER);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.of(
            MsmConformance.chosen(PtxInterpretedMsmTest::interpreter, MsmConformance.CHEAP, MsmCurve.G1,
                new int[] {0, 1, 9}),
            MsmConformance.chosen(PtxInterpretedMsmTest::interpreter, MsmConformance.CHEAP, MsmCurve.G2,
                new int[] {2}),
            MsmConformance.density(PtxInterpretedMsmTest::interpreter, MsmConformance.CHEAP, MsmCurve.G1, 12)
                .limit(1),
            MsmConformance.split(PtxInterpretedMsmTest::interpreter, MsmConformance.CHEAP, MsmCurve.G1, 20)
                .skip(1).limit(2),
            MsmConformance.batchAdd(PtxInterpretedMsmTest::interpreter, MsmCurve.G1, new int[] {70}).limit(1),
            MsmConformance.batchAdd(PtxInterpretedMsmTest::interpreter, MsmCurve.G2, new int[] {3}).limit(1))
            .flatMap(s -> s);
    }

    @AfterAll
    static void close()
    {
        INTERPRETER.close();
    }

    private static Accelerator interpreter()
    {
        return SHARED;
    }
}
