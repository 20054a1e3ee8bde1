package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The GPU NTT's one suite, run by each accelerator: every size up to a bound, both directions, plain and coset, all
 * four orders, on fresh random elements (a tenth of them edge values), compared bit for bit with the CPU
 * {@link Ntt}; sizes are visited largest first, so smaller transforms read the larger size's twiddle table.
 */
final class NttConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    private NttConformance()
    {
    }

    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators, final int minLog, final int maxLog,
        final int minTableLog)
    {
        return tests(accelerators, minLog, maxLog, minTableLog, maxLog);
    }

    /**
     * The suite with every kind up to 2^allKindsUpTo and, above it (for slow executors), four kinds that still cover
     * both directions, both cosets and all four orders.
     */
    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators, final int minLog, final int maxLog,
        final int minTableLog, final int allKindsUpTo)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int log = maxLog; log >= minLog; log--)
        {
            final int n = log;
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuNttWhenTransforming 2^" + n,
                () -> kinds(accelerators, n, minTableLog, null, n <= allKindsUpTo)));
        }
        return tests.stream();
    }

    /** Every variant by name, on sizes that give them one, two and three passes. */
    static Stream<DynamicTest> variantTests(final Supplier<Accelerator> accelerators, final int[] logs,
        final int minTableLog)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final NttVariant variant : new NttVariant[] {NttVariant.R8, NttVariant.R2T})
        {
            for (final int log : logs)
            {
                tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuNttWhenTransforming 2^" + log + " as "
                    + variant.name(), () -> kinds(accelerators, log, minTableLog, variant, true)));
            }
        }
        return tests.stream();
    }

    private static void kinds(final Supplier<Accelerator> accelerators, final int log, final int minTableLog,
        final NttVariant variant, final boolean all)
    {
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared();
             Ntt cpu = new Ntt(1); GpuNtt gpu = new GpuNtt(accelerator, NttRoots.JPROVE, minTableLog))
        {
            if (variant != null)
            {
                gpu.variant(variant); // else the accelerator's own default
            }
            final long m = 1L << log;
            final Random rnd = new Random(SEED + log);
            final EvaluationDomain domain = EvaluationDomain.ofLogSize(log);
            final FrVector input = random(arena, m, rnd);
            final FrVector expected = FrVector.allocate(arena, m);
            final FrVector actual = FrVector.allocate(arena, m);
            try (DeviceMemory device = accelerator.allocate(m * Fr.BYTES))
            {
                for (final NttDirection direction : NttDirection.values())
                {
                    for (final boolean coset : new boolean[] {false, true})
                    {
                        for (final NttOrder order : NttOrder.values())
                        {
                            // The sample: NN forward, NR inverse, RN coset forward, RR coset inverse.
                            if (!all && order.ordinal() != (direction.ordinal() + (coset ? 2 : 0)))
                            {
                                continue;
                            }
                            expected.segment().copyFrom(input.segment());
                            cpu.transform(expected.segment(), domain, direction, coset, order);
                            device.copyFrom(input.segment(), null);
                            gpu.transform(device, log, direction, coset, order, null);
                            device.copyTo(actual.segment(), null);
                            assertSame(expected, actual, "2^" + log + " " + direction + (coset ? " coset " : " ")
                                + order + " (seed " + (SEED + log) + ")");
                        }
                    }
                }
            }
        }
    }

    static FrVector random(final Arena arena, final long m, final Random rnd)
    {
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, Fr.MODULUS.subtract(BigInteger.ONE),
            Fr.MODULUS.shiftRight(1)};
        final FrVector v = FrVector.allocate(arena, m);
        for (long i = 0; i < m; i++)
        {
            final long[] x = rnd.nextInt(10) == 0 ? Fr.of(edges[rnd.nextInt(edges.length)]) : Fr.random(rnd);
            v.set(i, x, 0);
        }
        return v;
    }

    static void assertSame(final FrVector expected, final FrVector actual, final String what)
    {
        final MemorySegment e = expected.segment();
        final long at = e.mismatch(actual.segment());
        if (at >= 0)
        {
            final long index = at / Fr.BYTES;
            final long[] x = new long[Fr.LIMBS];
            final long[] y = new long[Fr.LIMBS];
            expected.get(index, x, 0);
            actual.get(index, y, 0);
            assertEquals(Fr.toBigInteger(x).toString(16), Fr.toBigInteger(y).toString(16), what + ": element "
                + index + " of " + expected.size() + " differs");
        }
    }
}
