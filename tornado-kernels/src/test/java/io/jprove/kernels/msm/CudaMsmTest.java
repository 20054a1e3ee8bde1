package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.msm.PointProgression;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.cuda.CudaDriver;
import io.jprove.kernels.ntt.RandomVectors;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The device MSM on CUDA: the whole suite (against the CPU MSM and batch-add) up to 2^16 points and for every window
 * width to 24, then 2^18 to 2^26 G1 and to 2^24 G2 points (progression bases, whose sums have a closed form) with
 * the chooser's plan in the device's memory: an MSM of uniform scalars, a PoRep-like 0/1 split into batch-add and tail
 * MSM, and a batch-add of half the bases. {@code -Djprove.test.msm.maxLog=N} lowers the largest size.
 */
@Tag("gpu")
final class CudaMsmTest
{
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final int MAX_LOG = Integer.getInteger("jprove.test.msm.maxLog", 26);

    @TestFactory
    Stream<DynamicTest> conformance()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        return Stream.of(
            MsmConformance.chosen(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G1,
                new int[] {0, 1, 2, 3, 100, 1000, 4099, 65535, 65536}),
            MsmConformance.chosen(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G2,
                new int[] {0, 1, 5, 1000, 4096}),
            MsmConformance.windows(CudaMsmTest::gpu, MsmCurve.G1, 200, MsmPlan.MAX_WINDOW_BITS, 16),
            MsmConformance.windows(CudaMsmTest::gpu, MsmCurve.G2, 50, MsmPlan.MAX_WINDOW_BITS, 10),
            MsmConformance.density(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G1, 1 << 14),
            MsmConformance.density(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G2, 1 << 12),
            MsmConformance.split(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G1, 1 << 16),
            MsmConformance.split(CudaMsmTest::gpu, MsmConformance.CHOOSER, MsmCurve.G2, 1 << 12),
            MsmConformance.batchAdd(CudaMsmTest::gpu, MsmCurve.G1, new int[] {0, 1, 63, 64, 65, 1 << 16}),
            MsmConformance.batchAdd(CudaMsmTest::gpu, MsmCurve.G2, new int[] {1, 1 << 12}),
            MsmConformance.preparation(CudaMsmTest::gpu, MsmCurve.G1),
            MsmConformance.preparation(CudaMsmTest::gpu, MsmCurve.G2),
            large()).flatMap(s -> s);
    }

    private static Accelerator gpu()
    {
        return CudaAccelerator.open(0);
    }

    private static Stream<DynamicTest> large()
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int log = 18; log <= MAX_LOG; log += 2)
        {
            final int n = log;
            tests.add(DynamicTest.dynamicTest("shouldMatchTheClosedFormWhenLarge G1 2^" + n,
                () -> closedForm(MsmCurve.G1, n)));
            if (n <= Math.min(24, MAX_LOG))
            {
                tests.add(DynamicTest.dynamicTest("shouldMatchTheClosedFormWhenLarge G2 2^" + n,
                    () -> closedForm(MsmCurve.G2, n)));
            }
        }
        return tests.stream();
    }

    /** An MSM, a 0/1 split with its batch-add and tail MSM, and a batch-add, all of 2^log progression bases. */
    private static void closedForm(final MsmCurve curve, final int log)
    {
        final long n = 1L << log;
        final PointProgression progression = PointProgression.random(curve == MsmCurve.G1
            ? PointProgression.Curve.G1 : PointProgression.Curve.G2, log);
        try (CudaAccelerator gpu = CudaAccelerator.open(0); Arena arena = Arena.ofShared())
        {
            final MemorySegment bases = arena.allocate(n * curve.affineBytes(), 64);
            progression.fill(bases, CORES);
            final FrVector scalars = RandomVectors.fill(FrVector.allocate(arena, n), log);
            final MsmPlan plan = MsmPlan.forDevice(gpu, n, curve);
            try (PreparedBases prepared = PreparedBases.prepare(gpu, curve, bases, plan);
                 GpuMsm msm = new GpuMsm(prepared);
                 GpuBatchAdd batchAdd = new GpuBatchAdd(gpu, curve, prepared.bases(), n);
                 GpuScalarSplit split = new GpuScalarSplit(gpu, n, n);
                 DeviceMemory device = gpu.allocate(n * Fr.BYTES))
            {
                final String what = curve + " 2^" + log + " " + plan;
                device.copyFrom(scalars.segment(), null);
                msm.queue(device, n, null);
                assertArrayEquals(progression.expectedMsm(scalars), msm.result(null), what + ": uniform scalars");
                final FrVector porep = porep(arena, n, log);
                device.copyFrom(porep.segment(), null);
                split.queue(device, n, null, true, null);
                batchAdd.queue(split.ones(), null);
                final long[] ones = batchAdd.result(null);
                msm.queueIndexed(split.tailScalars(), split.tailBases(), split.meta(), n, null);
                assertArrayEquals(progression.expectedMsm(porep), MsmConformance.add(curve, ones, msm.result(null)),
                    what + ": 0/1 split");
                final BitSet half = MsmInputs.bitmap((int)n, 50, new SplittableRandom(log));
                assertArrayEquals(progression.expectedSum(half, n), batchAdd.sum(half), what + ": batch-add of half");
                System.out.println("cuda msm " + what + " prepare_ms=" + prepared.prepareNanos() / 1_000_000
                    + " table_bytes=" + prepared.tableBytes() + " check=ok");
            }
        }
    }

    /** 98 % zeros and ones, the rest uniform, drawn on every core. */
    private static FrVector porep(final Arena arena, final long n, final long seed)
    {
        final FrVector v = RandomVectors.fill(FrVector.allocate(arena, n), seed + 1);
        final long[] one = Fr.one();
        final long[] zero = new long[Fr.LIMBS];
        java.util.stream.LongStream.range(0, (n + 65535) >>> 16).parallel().forEach(chunk ->
        {
            final SplittableRandom rng = new SplittableRandom(seed * 31 + chunk);
            for (long i = chunk << 16; i < Math.min(n, (chunk + 1) << 16); i++)
            {
                final int r = rng.nextInt(100);
                if (r < 98)
                {
                    v.set(i, (r & 1) == 0 ? zero : one, 0);
                }
            }
        });
        return v;
    }
}
