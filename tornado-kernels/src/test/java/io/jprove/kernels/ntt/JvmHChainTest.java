package io.jprove.kernels.ntt;

import io.jprove.kernels.JvmAccelerator;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The H chain suite on {@link JvmAccelerator}, 2 to 2^12 points. */
final class JvmHChainTest
{
    @TestFactory
    Stream<DynamicTest> conformance()
    {
        return HChainConformance.tests(() -> new JvmAccelerator(2), 12);
    }
}
