package io.jprove.kernels.ntt;

import io.jprove.kernels.JvmAccelerator;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The GPU NTT suite on {@link JvmAccelerator}: 2 to 2^13 points (one, two and three rounds, one and two passes). */
final class JvmNttTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return Stream.concat(NttConformance.tests(() -> new JvmAccelerator(2), 1, 13, 14),
            NttConformance.variantTests(() -> new JvmAccelerator(2), new int[] {1, 4, 9, 12}, 14));
    }
}
