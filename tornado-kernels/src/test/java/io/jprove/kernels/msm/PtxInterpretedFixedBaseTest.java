package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.InterpretingAccelerators;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The device fixed-base suite on the generated PTX, interpreted on the CPU (slow, so a handful of products with
 * 3-bit windows, chunks of 2): G1 and G2, through both fixed-base kernels and the conversion to affine.
 */
final class PtxInterpretedFixedBaseTest
{
    private static final Accelerator INTERPRETER = InterpretingAccelerators.create();
    private static final Accelerator SHARED = new SharedAccelerator(INTERPRETER);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.of(
            FixedBaseConformance.products(PtxInterpretedFixedBaseTest::interpreter, MsmCurve.G1, new int[] {5}, 3, 2),
            FixedBaseConformance.products(PtxInterpretedFixedBaseTest::interpreter, MsmCurve.G2, new int[] {2}, 3, 2))
            .flatMap(s -> s);
    }

    private static Accelerator interpreter()
    {
        return SHARED;
    }
}
