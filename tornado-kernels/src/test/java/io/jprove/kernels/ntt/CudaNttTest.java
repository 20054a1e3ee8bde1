package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;
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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The GPU NTT on CUDA: the whole suite (16 kinds, bit for bit against the CPU Ntt) for 2 to 2^16 points and a sample
 * of four kinds to 2^20, every variant at 2^3, 2^9 and 2^14, then 2^21 to 2^27 with the forward NN transform compared
 * in full with the CPU's on every core, and each other direction and coset, in a random order, checked at a random
 * output by direct evaluation.
 */
@Tag("gpu")
final class CudaNttTest
{
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final List<DynamicTest> tests = new ArrayList<>(NttConformance.tests(() -> CudaAccelerator.open(0), 1, 20,
            20, 16).toList());
        tests.addAll(NttConformance.variantTests(() -> CudaAccelerator.open(0), new int[] {3, 9, 14}, 20).toList());
        for (int log = 21; log <= Integer.getInteger("jprove.test.ntt.maxLog", 27); log++)
        {
            final int n = log;
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuWhenTransformingLarge 2^" + n, () -> large(n)));
        }
        return tests.stream();
    }

    private static void large(final int log)
    {
        final long m = 1L << log;
        try (CudaAccelerator gpu = CudaAccelerator.open(0); Arena arena = Arena.ofShared();
             GpuNtt ntt = new GpuNtt(gpu, NttRoots.JPROVE); Ntt cpu = new Ntt(CORES);
             NttCheck check = new NttCheck(CORES);
             DeviceMemory device = gpu.allocate(m * Fr.BYTES))
        {
            final Random rnd = new Random(log);
            final FrVector input = RandomVectors.fill(FrVector.allocate(arena, m), log);
            final FrVector actual = FrVector.allocate(arena, m);
            device.copyFrom(input.segment(), null);
            ntt.transform(device, log, NttDirection.FORWARD, false, NttOrder.NN, null);
            device.copyTo(actual.segment(), null);
            final FrVector expected = FrVector.allocate(arena, m);
            expected.segment().copyFrom(input.segment());
            cpu.forward(expected.segment(), EvaluationDomain.ofLogSize(log));
            NttConformance.assertSame(expected, actual, "forward NN 2^" + log);
            for (final NttDirection direction : NttDirection.values())
            {
                for (final boolean coset : new boolean[] {false, true})
                {
                    final NttOrder order = NttOrder.values()[rnd.nextInt(4)];
                    device.copyFrom(input.segment(), null);
                    if (order == NttOrder.RN || order == NttOrder.RR)
                    {
                        ntt.bitReverse(device, log, null); // so that its natural order is the input's
                    }
                    ntt.transform(device, log, direction, coset, order, null);
                    device.copyTo(actual.segment(), null);
                    for (int probe = 0; probe < 1; probe++)
                    {
                        final long k = rnd.nextLong(m);
                        final long at = order == NttOrder.NR || order == NttOrder.RR ? NttKernels.reverse(k, log) : k;
                        final long[] got = new long[Fr.LIMBS];
                        actual.get(at, got, 0);
                        assertArrayEquals(check.output(input.segment(), log, NttRoots.JPROVE, direction, coset, k),
                            got, direction + " coset=" + coset + " " + order + " 2^" + log + " output " + k);
                    }
                }
            }
        }
    }
}
