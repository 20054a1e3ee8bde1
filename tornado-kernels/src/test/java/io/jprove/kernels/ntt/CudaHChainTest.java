package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.cuda.CudaDriver;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Both H chains on CUDA: against the CPU provers' steps up to 2^12, and at 2^20, 2^24 and 2^27 by the
 * direct-evaluation identities of {@link NttCheck} (a random point for bellperson's, random odd-coset points for
 * snarkjs's).
 */
@Tag("gpu")
final class CudaHChainTest
{
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final List<DynamicTest> tests = new ArrayList<>(HChainConformance.tests(() -> CudaAccelerator.open(0), 12)
            .toList());
        for (final int log : new int[] {20, 24, 27})
        {
            tests.add(DynamicTest.dynamicTest("shouldSatisfyTheIdentitiesWhenComputingLargeH 2^" + log,
                () -> large(log)));
        }
        return tests.stream();
    }

    private static void large(final int log)
    {
        final long m = 1L << log;
        try (CudaAccelerator gpu = CudaAccelerator.open(0); Arena arena = Arena.ofShared();
             NttCheck check = new NttCheck(CORES))
        {
            final FrVector[] abc = RandomVectors.satisfied(arena, m, log);
            final FrVector h = FrVector.allocate(arena, m);
            for (final boolean bellperson : new boolean[] {true, false})
            {
                try (HChain chain = bellperson ? HChain.bellperson(gpu) : HChain.snarkjs(gpu);
                     DeviceMemory a = gpu.allocate(m * Fr.BYTES); DeviceMemory b = gpu.allocate(m * Fr.BYTES);
                     DeviceMemory c = gpu.allocate(m * Fr.BYTES))
                {
                    a.copyFrom(abc[0].segment(), null);
                    b.copyFrom(abc[1].segment(), null);
                    c.copyFrom(abc[2].segment(), null);
                    chain.compute(a, b, c, log, null);
                    a.copyTo(h.segment(), null);
                }
                final Random rnd = new Random(log);
                if (bellperson)
                {
                    assertTrue(check.bellpersonHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(),
                        h.segment(), log, Fr.random(rnd)), "bellperson h of 2^" + log);
                }
                else
                {
                    for (int probe = 0; probe < 2; probe++)
                    {
                        final long i = rnd.nextLong(m);
                        assertTrue(check.snarkjsHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(),
                            h.segment(), log, i), "snarkjs h of 2^" + log + " at " + i);
                    }
                }
            }
        }
    }
}
