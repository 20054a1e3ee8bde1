package io.jprove.kernels.msm;

import io.jprove.field.FrVector;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.InterpretingAccelerators;
import io.jprove.kernels.JvmAccelerator;
import io.jprove.kernels.Launch;
import io.jprove.kernels.msm.MsmInputs.Bases;
import io.jprove.kernels.msm.MsmInputs.Mix;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The sort in passes ({@link PassSort}) against the one-pass sort on the JVM executor and the PTX interpreter: the
 * same key offsets and, key by key, the same pairs, for one and several rounds, ranges of one key to all of a
 * round's, groups of one window to all, scalars paired by index and through a base index with fewer scalars than the
 * launch; and whole MSMs with it against the CPU.
 */
final class PassSortTest
{
    @Test
    void shouldLeaveTheOnePassSortsPairsWhenSortingInPassesOnTheJvm()
    {
        try (Accelerator accelerator = new JvmAccelerator(2))
        {
            final SplittableRandom rng = new SplittableRandom(11);
            for (final MsmPlan plan : new MsmPlan[] {MsmPlan.of(300, 7, 1), MsmPlan.of(300, 7, 19),
                MsmPlan.of(300, 7, 5), MsmPlan.of(300, 3, 86), MsmPlan.of(300, 12, 1)})
            {
                // ranges of a quarter (one key at c = 3), of a part that does not divide the buckets, all of them;
                // groups of one window, of three, of all
                final int b = plan.buckets();
                for (final PassSort sort : new PassSort[] {new PassSort(Math.max(1, b / 4), 1, 0),
                    new PassSort(b / 2 + 1, 3, 0), new PassSort(1 << 20, Integer.MAX_VALUE, 0)})
                {
                    final Mix mix = new Mix[] {Mix.UNIFORM, Mix.EDGES, Mix.EQUAL}[rng.nextInt(3)];
                    compare(accelerator, plan, sort, mix, rng.nextBoolean(), rng);
                }
            }
        }
    }

    @Test
    void shouldLeaveTheOnePassSortsPairsWhenSortingInPassesInterpreted()
    {
        try (Accelerator accelerator = InterpretingAccelerators.create())
        {
            final SplittableRandom rng = new SplittableRandom(12);
            compare(accelerator, MsmPlan.of(40, 8, 2), new PassSort(50, 5, 0), Mix.UNIFORM, true, rng);
            compare(accelerator, MsmPlan.of(40, 6, 1), new PassSort(7, 4, 0), Mix.EDGES, false, rng);
        }
    }

    @Test
    void shouldMatchTheCpuMsmWhenSortingInPasses()
    {
        try (Accelerator accelerator = new JvmAccelerator(2); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(13);
            for (final MsmPlan plan : new MsmPlan[] {MsmPlan.of(200, 9, 1), MsmPlan.of(200, 10, 13),
                MsmPlan.of(200, 8, 4)})
            {
                final Bases bases = MsmInputs.bases(arena, MsmCurve.G1, 200, rng);
                final FrVector scalars = MsmInputs.scalars(arena, 200, Mix.UNIFORM, rng);
                try (PreparedBases prepared = PreparedBases.prepare(accelerator, MsmCurve.G1, bases.segment(), plan);
                     GpuMsm gpu = new GpuMsm(prepared, new PassSort(37, 2, 0)))
                {
                    assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, null), gpu.msm(scalars), plan.toString());
                }
            }
            // bellperson's density: the scalars compacted on the device, paired through base indices
            final BitSet density = MsmInputs.bitmap(300, 40, rng);
            final Bases bases = MsmInputs.bases(arena, MsmCurve.G1, density.cardinality(), rng);
            final FrVector scalars = MsmInputs.scalars(arena, 300, Mix.EDGES, rng);
            final MsmPlan plan = MsmPlan.of(density.cardinality(), 9, 1);
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, MsmCurve.G1, bases.segment(), plan);
                 GpuMsm gpu = new GpuMsm(prepared, new PassSort(100, 3, 0)))
            {
                assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, density), gpu.msm(scalars, density),
                    "with a density");
            }
        }
    }

    @Test
    void shouldMatchTheCpuMsmWhenSortingInPassesInterpreted()
    {
        try (Accelerator accelerator = InterpretingAccelerators.create(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(14);
            final Bases bases = MsmInputs.bases(arena, MsmCurve.G1, 9, rng);
            final FrVector scalars = MsmInputs.scalars(arena, 9, Mix.UNIFORM, rng);
            try (PreparedBases prepared = PreparedBases.prepare(accelerator, MsmCurve.G1, bases.segment(),
                MsmPlan.of(9, 8, 2)); GpuMsm gpu = new GpuMsm(prepared, new PassSort(40, 5, 0)))
            {
                assertArrayEquals(MsmInputs.cpuMsm(bases, scalars, null), gpu.msm(scalars), "interpreted");
            }
        }
    }

    @Test
    void shouldChooseBySizeUnlessTold()
    {
        assertNull(PassSort.configured(PassSort.PASS_KEYS_THRESHOLD));
        final PassSort chosen = PassSort.configured(PassSort.PASS_KEYS_THRESHOLD + 1);
        assertEquals(new PassSort(PassSort.DEFAULT_KEYS_PER_PASS, Integer.MAX_VALUE, PassSort.PASS_KEYS_THRESHOLD + 1),
            chosen);
        // a tail MSM narrowed below the threshold sorts in one pass
        assertEquals(0, chosen.groupWindows(MsmPlan.of(1L << 20, 16, 1), 1L << 20, 1L << 40));
        assertEquals(12, chosen.groupWindows(MsmPlan.of(1L << 20, 22, 1), 1L << 20, 1L << 40));
        final MsmPlan plan = MsmPlan.of(1000, 8, 1);
        assertEquals(32, new PassSort(1, Integer.MAX_VALUE, 0).groupWindows(plan, 1000, 1L << 20));
        assertEquals(10, new PassSort(1, Integer.MAX_VALUE, 0).groupWindows(plan, 1000, 40_000));
        assertEquals(0, new PassSort(1, 4, 0).groupWindows(plan, 1000, 3_999));
        assertEquals(4, new PassSort(1, 4, 0).groupWindows(plan, 1000, 1L << 20));
        assertThrows(IllegalArgumentException.class, () -> new PassSort(0, 1, 0));
    }

    /**
     * Sorts the same scalars both ways and compares the offsets and each key's pairs; {@code indexed} pairs them
     * through a random base index, with seven fewer scalars than the launch.
     */
    private static void compare(final Accelerator accelerator, final MsmPlan plan, final PassSort sort, final Mix mix,
        final boolean indexed, final SplittableRandom rng)
    {
        final int n = (int)plan.bases();
        final int count = indexed ? n - 7 : n;
        final int keys = plan.keys();
        final int group = sort.groupWindows(plan, n, (long)Math.min(plan.windows(), 3) * n * Integer.BYTES);
        final String what = plan + " " + sort + " " + mix + (indexed ? " indexed" : "") + " group " + group;
        try (Arena arena = Arena.ofConfined(); DeviceScan scan = new DeviceScan(accelerator);
             DeviceMemory s = accelerator.allocate(n * 32L); DeviceMemory meta = accelerator.allocate(16);
             DeviceMemory index = accelerator.allocate(n * 4L);
             DeviceMemory counts = accelerator.allocate((keys + 1) * 4L);
             DeviceMemory cursor = accelerator.allocate(keys * 4L);
             DeviceMemory sorted = accelerator.allocate(plan.maxPairs() * 4L);
             DeviceMemory passCounts = accelerator.allocate((keys + 1) * 4L);
             DeviceMemory passSorted = accelerator.allocate(plan.maxPairs() * 4L);
             DeviceMemory digits = accelerator.allocate((long)group * n * 4L))
        {
            s.copyFrom(MsmInputs.scalars(arena, n, mix, rng).segment(), null);
            final int[] bases = new int[n];
            for (int i = 0; i < n; i++)
            {
                bases[i] = rng.nextInt(n);
            }
            final MemorySegment host = arena.allocate(n * 4L, 4);
            MemorySegment.copy(bases, 0, host, ValueLayout.JAVA_INT, 0, n);
            index.copyFrom(host, null);
            final int flag = indexed ? 1 : 0;
            accelerator.kernel(SortKernels.class, "setCount").launch(Launch.of(1, 1), meta, (long)count);
            counts.fill((byte)0, null);
            accelerator.kernel(SortKernels.class, "countDigits").launch(Launch.of((n + 255) / 256, 256), s, index,
                flag, meta, plan.c(), plan.copies(), (long)n, counts);
            scan.exclusive(counts, keys, null);
            cursor.copyFrom(counts.view(0, keys * 4L), null);
            accelerator.kernel(SortKernels.class, "scatterDigits").launch(Launch.of((n + 255) / 256, 256), s, index,
                flag, meta, plan.c(), plan.copies(), (long)n, cursor, sorted);
            // the pass sort's counts start from garbage, as the scratch it reuses does
            passCounts.fill((byte)7, null);
            digits.fill((byte)5, null);
            sort.queue(new PassSort.Kernels(accelerator), plan, group, s, index, flag, meta, n, n, 64, scan,
                passCounts, cursor, passSorted, digits, null);
            final int[] offsets = ints(arena, counts, keys + 1);
            assertArrayEquals(offsets, ints(arena, passCounts, keys + 1), "offsets, " + what);
            final int[] one = ints(arena, sorted, offsets[keys]);
            final int[] passes = ints(arena, passSorted, offsets[keys]);
            for (int k = 0; k < keys; k++)
            {
                final int[] a = Arrays.copyOfRange(one, offsets[k], offsets[k + 1]);
                final int[] b = Arrays.copyOfRange(passes, offsets[k], offsets[k + 1]);
                Arrays.sort(a);
                Arrays.sort(b);
                assertArrayEquals(a, b, "key " + k + ", " + what);
            }
        }
    }

    private static int[] ints(final Arena arena, final DeviceMemory memory, final int count)
    {
        final MemorySegment host = arena.allocate(Math.max(1, count) * 4L, 4);
        memory.view(0, Math.max(1, count) * 4L).copyTo(host, null);
        final int[] r = new int[count];
        MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, r, 0, count);
        return r;
    }
}
