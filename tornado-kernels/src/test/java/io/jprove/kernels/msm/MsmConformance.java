package io.jprove.kernels.msm;

import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.msm.MsmInputs.Bases;
import io.jprove.kernels.msm.MsmInputs.Mix;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The device MSM's one suite, run by each accelerator: MSMs, density compactions, 0/1 splits and batch-adds on
 * random inputs ({@link MsmInputs}: bases with infinities, repeats and negations; uniform, edge, PoRep and all-equal
 * scalars), compared with the CPU {@code Msm} and {@code BatchAdd}; every window width and precompute factor given;
 * the precomputed copies against CPU multiples; and the errors bad input must raise.
 */
final class MsmConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    /** How a test picks the plan of an MSM over n bases. */
    @FunctionalInterface
    interface Planner
    {
        MsmPlan plan(long bases, MsmCurve curve, Accelerator accelerator);
    }

    /** The window chooser's plan, within half of the memory the accelerator reports free. */
    static final Planner CHOOSER = (bases, curve, accelerator) -> MsmPlan.choose(bases, curve,
        accelerator.memoryInfo()[0] / 2, accelerator.multiprocessorCount());

    /** A cheap plan for slow executors: 8-bit windows and two copies (one doubled copy to precompute). */
    static final Planner CHEAP = (bases, curve, accelerator) -> MsmPlan.of(bases, 8, 2);
    /** A window too wide for the split tails of these sizes, so that {@link GpuMsm#queueIndexedKnown} narrows it. */
    private static final int WIDE_WINDOW_BITS = 12;

    private MsmConformance()
    {
    }

    /** MSMs of each size with the chooser's plan, the scalar mixes taken in turn. */
    static Stream<DynamicTest> chosen(final Supplier<Accelerator> accelerators, final Planner planner,
        final MsmCurve curve, final int[] sizes)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int k = 0; k < sizes.length; k++)
        {
            final int n = sizes[k];
            final Mix mix = Mix.values()[k % Mix.values().length];
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuMsmWhenTheChooserPlans " + curve + " n=" + n + " "
                + mix, () -> msm(accelerators, curve, n, mix, planner)));
        }
        return tests.stream();
    }

    /**
     * MSMs of {@code n} scalars for each window width to {@code maxC}, with all windows sharing buckets; up to
     * {@code maxRoundsC} also in two rounds and (from c = 4) without copies, one round per window.
     */
    static Stream<DynamicTest> windows(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n,
        final int maxC, final int maxRoundsC)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int c = 1; c <= maxC; c++)
        {
            final int windows = ScalarDigits.windows(c);
            final List<Integer> copies = new ArrayList<>(List.of(windows));
            if (c <= maxRoundsC)
            {
                copies.add((windows + 1) / 2);
            }
            if (c <= maxRoundsC && c >= 4)
            {
                // a round per window: the narrowest widths would join hundreds of rounds on one item
                copies.add(1);
            }
            for (final int f : copies.stream().distinct().toList())
            {
                final int width = c;
                final Mix mix = Mix.values()[(c + f) % Mix.values().length];
                tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuMsmWhenWindowsAre " + curve + " c=" + c
                    + " copies=" + f + " " + mix, () -> msm(accelerators, curve, n, mix,
                    (bases, g, a) -> MsmPlan.of(bases, width, f))));
            }
        }
        return tests.stream();
    }

    private static void msm(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n,
        final Mix mix, final Planner planner)
    {
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final MsmPlan plan = planner.plan(n, curve, accelerator);
            final long seed = SEED + 31L * n + mix.ordinal() + 1000L * plan.c() + plan.copies();
            final SplittableRandom rng = new SplittableRandom(seed);
            final Bases bases = MsmInputs.bases(arena, curve, n, rng);
            final FrVector scalars = MsmInputs.scalars(arena, n, mix, rng);
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, curve, bases.segment(), plan);
                 GpuMsm gpu = new GpuMsm(prepared))
            {
                assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, null), gpu.msm(scalars), curve + " MSM of " + n
                    + " " + mix + " scalars, " + plan + " (seed " + seed + ")");
                if (n > 1)
                {
                    // a shorter MSM over the same prepared bases: the first half of the scalars
                    final FrVector half = FrVector.wrap(scalars.segment().asSlice(0, (n / 2) * 32L));
                    assertArrayEquals(prefixMsm(arena, bases, half), gpu.msm(half), curve + " MSM of the first " + n / 2
                        + " (seed " + seed + ")");
                    assertArrayEquals(new long[curve.affineLimbs()], gpu.msm(FrVector.allocate(arena, 0)),
                        "the empty MSM");
                }
            }
        }
    }

    /** The CPU MSM of the first {@code scalars.size()} bases. */
    private static long[] prefixMsm(final Arena arena, final Bases bases, final FrVector scalars)
    {
        final BitSet density = new BitSet();
        density.set(0, (int)scalars.size());
        final int m = (int)scalars.size();
        final Bases prefix = copyOf(arena, bases, m);
        return MsmInputs.cpuMsm(prefix, scalars, density);
    }

    private static Bases copyOf(final Arena arena, final Bases bases, final int m)
    {
        final MsmCurve curve = bases.curve();
        final Object vector = curve == MsmCurve.G1 ? io.jprove.field.G1AffineVector.allocate(arena, m)
            : io.jprove.field.G2AffineVector.allocate(arena, m);
        final MemorySegment segment = curve == MsmCurve.G1 ? ((io.jprove.field.G1AffineVector)vector).segment()
            : ((io.jprove.field.G2AffineVector)vector).segment();
        segment.copyFrom(bases.segment().asSlice(0, m * curve.affineBytes()));
        return new Bases(curve, segment, vector, m);
    }

    /** MSMs with bellperson's density: random, all-ones and empty bitmaps. */
    static Stream<DynamicTest> density(final Supplier<Accelerator> accelerators, final Planner planner,
        final MsmCurve curve, final int n)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final int percent : new int[] {30, 100, 0})
        {
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuMsmWhenScalarsHaveADensity " + curve + " n=" + n
                + " " + percent + "%", () -> densityMsm(accelerators, planner, curve, n, percent)));
        }
        return tests.stream();
    }

    private static void densityMsm(final Supplier<Accelerator> accelerators, final Planner planner,
        final MsmCurve curve, final int n, final int percent)
    {
        final long seed = SEED + 17L * n + percent;
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(seed);
            final BitSet density = MsmInputs.bitmap(n, percent, rng);
            final int selected = density.cardinality();
            final Bases bases = MsmInputs.bases(arena, curve, selected, rng);
            final FrVector scalars = MsmInputs.scalars(arena, n, Mix.UNIFORM, rng);
            final MsmPlan plan = planner.plan(selected, curve, accelerator);
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, curve, bases.segment(), plan);
                 GpuMsm gpu = new GpuMsm(prepared))
            {
                assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, density), gpu.msm(scalars, density), curve
                    + " MSM of " + n + " scalars with a " + percent + "% density (seed " + seed + ")");
                final BitSet wrong = (BitSet)density.clone();
                wrong.flip(n / 2);
                assertThrows(IllegalArgumentException.class, () -> gpu.msm(scalars, wrong), "a density that "
                    + "does not number the bases");
            }
        }
    }

    /** The 0/1 split: BatchAdd(ones) + Msm(tail) on the device equals the CPU MSM of all scalars. */
    static Stream<DynamicTest> split(final Supplier<Accelerator> accelerators, final Planner planner,
        final MsmCurve curve, final int n)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final boolean withDensity : new boolean[] {false, true})
        {
            for (final Mix mix : new Mix[] {Mix.POREP, Mix.EDGES})
            {
                tests.add(DynamicTest.dynamicTest("shouldSumOnesAndTailToTheMsmWhenSplitting " + curve + " n=" + n
                    + " " + mix + (withDensity ? " with density" : ""), () -> split(accelerators, planner, curve, n,
                    mix, withDensity)));
            }
        }
        return tests.stream();
    }

    private static void split(final Supplier<Accelerator> accelerators, final Planner planner,
        final MsmCurve curve, final int n, final Mix mix, final boolean withDensity)
    {
        final long seed = SEED + 19L * n + mix.ordinal() + (withDensity ? 7 : 0);
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(seed);
            final BitSet density = withDensity ? MsmInputs.bitmap(n, 60, rng) : null;
            final int selected = withDensity ? density.cardinality() : n;
            final Bases bases = MsmInputs.bases(arena, curve, selected, rng);
            final FrVector scalars = MsmInputs.scalars(arena, n, mix, rng);
            final MsmPlan plan = planner.plan(selected, curve, accelerator);
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, curve, bases.segment(), plan);
                 GpuMsm msm = new GpuMsm(prepared);
                 GpuBatchAdd batchAdd = new GpuBatchAdd(accelerator, curve, prepared.bases(), selected);
                 GpuScalarSplit split = new GpuScalarSplit(accelerator, n, selected);
                 DeviceMemory device = accelerator.allocate(Math.max(1, n * 32L));
                 DeviceMemory bits = GpuScalarSplit.upload(accelerator, density, n))
            {
                if (n > 0)
                {
                    device.copyFrom(scalars.segment(), null);
                }
                split.queue(device, n, withDensity ? bits : null, true, null);
                batchAdd.queue(split.ones(), null);
                final long[] ones = batchAdd.result(null);
                msm.queueIndexed(split.tailScalars(), split.tailBases(), split.meta(), selected, null);
                final long[] tail = msm.result(null);
                if (withDensity)
                {
                    split.checkBaseCount(null);
                }
                final String what = curve + " split of " + n + " " + mix + " scalars (seed " + seed + ")";
                assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, density), add(curve, ones, tail), what);
                assertArrayEquals(expectedOnes(bases, scalars, density), ones, what + ": the ones");
                if (selected > 0)
                {
                    assertArrayEquals(tail, narrowedTail(accelerator, curve, bases, split), what
                        + ": the tail launched for its count read back, over the bases alone");
                }
            }
        }
    }

    /**
     * The split's tail MSM again, as the prover runs it: launched for the count read back to the host, over a table
     * of the bases alone with a window too wide for a tail, which the MSM narrows to suit its length.
     */
    private static long[] narrowedTail(final Accelerator accelerator, final MsmCurve curve, final Bases bases,
        final GpuScalarSplit split)
    {
        final long tail = split.counts(null)[0];
        final MsmPlan wide = MsmPlan.of(bases.count(), WIDE_WINDOW_BITS, 1);
        try (PreparedBases alone = PreparedBases.prepare(accelerator, curve, bases.segment(), wide);
             GpuMsm msm = new GpuMsm(alone))
        {
            msm.queueIndexedKnown(split.tailScalars(), split.tailBases(), split.meta(), tail, null);
            return msm.result(null);
        }
    }

    /** The CPU batch-add of the bases whose scalar is one. */
    private static long[] expectedOnes(final Bases bases, final FrVector scalars, final BitSet density)
    {
        final BitSet ones = new BitSet();
        final long[] one = io.jprove.field.Fr.one();
        final long[] s = new long[4];
        int base = 0;
        for (int i = 0; i < scalars.size(); i++)
        {
            if (density != null && !density.get(i))
            {
                continue;
            }
            scalars.get(i, s, 0);
            if (java.util.Arrays.equals(s, one))
            {
                ones.set(base);
            }
            base++;
        }
        return MsmInputs.cpuBatchAdd(bases, ones);
    }

    /** @return a + b of two affine points. */
    static long[] add(final MsmCurve curve, final long[] a, final long[] b)
    {
        final long[] r = new long[curve.affineLimbs()];
        if (curve == MsmCurve.G1)
        {
            final long[] p = new long[G1.JACOBIAN_LIMBS];
            G1.toJacobian(p, 0, a, 0);
            G1.addMixed(p, 0, p, 0, b, 0);
            G1.toAffine(r, 0, p, 0);
        }
        else
        {
            final long[] p = new long[G2.JACOBIAN_LIMBS];
            G2.toJacobian(p, 0, a, 0);
            G2.addMixed(p, 0, p, 0, b, 0);
            G2.toAffine(r, 0, p, 0);
        }
        return r;
    }

    /** Batch-adds with random, all-ones and empty bitmaps. */
    static Stream<DynamicTest> batchAdd(final Supplier<Accelerator> accelerators, final MsmCurve curve,
        final int[] sizes)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final int n : sizes)
        {
            for (final int percent : new int[] {50, 100, 0})
            {
                tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuBatchAddWhenBitsSelectBases " + curve + " n=" + n
                    + " " + percent + "%", () -> batchAdd(accelerators, curve, n, percent)));
            }
        }
        return tests.stream();
    }

    private static void batchAdd(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n,
        final int percent)
    {
        final long seed = SEED + 23L * n + percent;
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(seed);
            final Bases bases = MsmInputs.bases(arena, curve, n, rng);
            final BitSet select = MsmInputs.bitmap(n, percent, rng);
            try (DeviceMemory device = accelerator.allocate(Math.max(1, n * curve.affineBytes()));
                 GpuBatchAdd gpu = new GpuBatchAdd(accelerator, curve, device, n))
            {
                if (n > 0)
                {
                    device.copyFrom(bases.segment(), null);
                }
                assertArrayEquals(MsmInputs.cpuBatchAdd(bases, select), gpu.sum(select), curve + " batch-add of "
                    + select.cardinality() + " of " + n + " (seed " + seed + ")");
                final BitSet past = new BitSet();
                past.set(n);
                assertThrows(IllegalArgumentException.class, () -> gpu.sum(past), "a bit past the bases");
            }
        }
    }

    /** Copy j of the prepared table is 2^(c·j) times the bases, and MSM input errors are refused. */
    static Stream<DynamicTest> preparation(final Supplier<Accelerator> accelerators, final MsmCurve curve)
    {
        return Stream.of(DynamicTest.dynamicTest("shouldHoldDoubledCopiesWhenPrepared " + curve,
            () -> copies(accelerators, curve)), DynamicTest.dynamicTest("shouldRefuseBadInputWhenQueued " + curve,
            () -> errors(accelerators, curve)));
    }

    private static void copies(final Supplier<Accelerator> accelerators, final MsmCurve curve)
    {
        final int n = 30;
        final int c = 5;
        final MsmPlan plan = MsmPlan.of(n, c, 4);
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final Bases bases = MsmInputs.bases(arena, curve, n, new SplittableRandom(SEED));
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, curve, bases.segment(), plan))
            {
                final MemorySegment table = arena.allocate(plan.tableBytes(curve), 8);
                prepared.table().copyTo(table, null);
                final long[] point = new long[curve.affineLimbs()];
                for (int j = 0; j < plan.copies(); j++)
                {
                    for (int i = 0; i < n; i++)
                    {
                        MemorySegment.copy(bases.segment(), ValueLayout.JAVA_LONG, i * curve.affineBytes(), point, 0,
                            curve.affineLimbs());
                        final long[] expected = times(curve, point, BigInteger.ONE.shiftLeft(c * j));
                        final long[] actual = new long[curve.affineLimbs()];
                        MemorySegment.copy(table, ValueLayout.JAVA_LONG, (j * (long)n + i) * curve.affineBytes(),
                            actual, 0, curve.affineLimbs());
                        assertArrayEquals(expected, actual, "copy " + j + " of base " + i);
                    }
                }
            }
        }
    }

    /** {@code k·a} by the CPU curve code (infinity stays all-zero). */
    private static long[] times(final MsmCurve curve, final long[] a, final BigInteger k)
    {
        final long[] r = new long[curve.affineLimbs()];
        if (curve == MsmCurve.G1)
        {
            final long[] jac = new long[G1.JACOBIAN_LIMBS];
            G1.mul(jac, 0, a, 0, k);
            G1.toAffine(r, 0, jac, 0);
        }
        else
        {
            final long[] jac = new long[G2.JACOBIAN_LIMBS];
            G2.mul(jac, 0, a, 0, k);
            G2.toAffine(r, 0, jac, 0);
        }
        return r;
    }

    private static void errors(final Supplier<Accelerator> accelerators, final MsmCurve curve)
    {
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(SEED + 5);
            final Bases bases = MsmInputs.bases(arena, curve, 10, rng);
            assertThrows(IllegalArgumentException.class, () -> PreparedBases.prepare(accelerator, curve,
                bases.segment(), MsmPlan.of(11, 4, 2)), "a plan for another number of bases");
            assertThrows(IllegalArgumentException.class, () -> MsmPlan.of(10, 25, 1), "a window past the widest");
            assertThrows(IllegalArgumentException.class, () -> MsmPlan.of(1L << 30, 16, 2), "copies past 2^31 points");
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, curve, bases.segment(),
                MsmPlan.of(10, 4, 2)); GpuMsm gpu = new GpuMsm(prepared))
            {
                final FrVector eleven = MsmInputs.scalars(arena, 11, Mix.UNIFORM, rng);
                assertThrows(IllegalArgumentException.class, () -> gpu.msm(eleven), "more scalars than bases");
            }
        }
    }
}
