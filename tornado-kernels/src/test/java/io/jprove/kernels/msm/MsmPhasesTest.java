package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.JvmAccelerator;
import io.jprove.kernels.Launch;
import io.jprove.kernels.msm.MsmInputs.Mix;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The MSM's phases one at a time on {@link JvmAccelerator}, each against a plain computation: the scan, the digits
 * (against BigInteger), the counting sort, and the Montgomery one the split compares with.
 */
final class MsmPhasesTest
{
    @Test
    void shouldMatchPrefixSumsWhenScanning()
    {
        final SplittableRandom rng = new SplittableRandom(1);
        try (Accelerator accelerator = new JvmAccelerator(2); DeviceScan scan = new DeviceScan(accelerator);
             Arena arena = Arena.ofConfined())
        {
            for (final int length : new int[] {0, 1, 5, 2047, 2048, 2049, 40_000})
            {
                final int[] data = new int[length + 1];
                for (int i = 0; i < length; i++)
                {
                    data[i] = rng.nextInt(1000);
                }
                final MemorySegment host = arena.allocate((length + 1) * 4L, 4);
                MemorySegment.copy(data, 0, host, ValueLayout.JAVA_INT, 0, length + 1);
                try (DeviceMemory device = accelerator.allocate((length + 1) * 4L))
                {
                    device.copyFrom(host, null);
                    scan.exclusive(device, length, null);
                    device.copyTo(host, null);
                }
                int sum = 0;
                for (int i = 0; i <= length; i++)
                {
                    assertEquals(sum, host.getAtIndex(ValueLayout.JAVA_INT, i), "element " + i + " of " + length);
                    if (i < length)
                    {
                        sum += data[i];
                    }
                }
            }
        }
    }

    @Test
    void shouldRecomposeTheScalarWhenDigitsAreWeighted()
    {
        final SplittableRandom rng = new SplittableRandom(2);
        try (Arena arena = Arena.ofConfined())
        {
            final FrVector scalars = MsmInputs.scalars(arena, 64, Mix.EDGES, rng);
            final FrVector uniform = MsmInputs.scalars(arena, 64, Mix.UNIFORM, rng);
            for (final FrVector v : new FrVector[] {scalars, uniform})
            {
                final io.jprove.kernels.LongArray limbs = io.jprove.kernels.LongArray.wrap(v.segment());
                for (int i = 0; i < v.size(); i++)
                {
                    final long[] k = new long[Fr.LIMBS];
                    ScalarDigits.canonical(limbs, i, k);
                    final long[] m = new long[Fr.LIMBS];
                    v.get(i, m, 0);
                    final BigInteger expected = Fr.toBigInteger(m, 0);
                    for (int c = 1; c <= MsmPlan.MAX_WINDOW_BITS; c++)
                    {
                        BigInteger sum = BigInteger.ZERO;
                        long carry = 0;
                        final int windows = ScalarDigits.windows(c);
                        for (int w = 0; w < windows; w++)
                        {
                            final long raw = ScalarDigits.bits(k[0], k[1], k[2], k[3], w * c, c) + carry;
                            final int d = ScalarDigits.digit(raw, c, w == windows - 1);
                            carry = (raw - d) >> c;
                            final int bound = 1 << (c - 1);
                            assertEquals(true, d >= -bound && d <= bound, "digit " + d + " of window " + w);
                            sum = sum.add(BigInteger.valueOf(d).shiftLeft(w * c));
                        }
                        assertEquals(expected, sum, "scalar " + i + " at c=" + c);
                    }
                }
            }
        }
    }

    @Test
    void shouldSortEveryPairByKeyWhenCountingAndScattering()
    {
        final SplittableRandom rng = new SplittableRandom(3);
        final int n = 300;
        final MsmPlan plan = MsmPlan.of(n, 7, 19);
        try (Accelerator accelerator = new JvmAccelerator(2); DeviceScan scan = new DeviceScan(accelerator);
             Arena arena = Arena.ofConfined())
        {
            final FrVector scalars = MsmInputs.scalars(arena, n, Mix.UNIFORM, rng);
            final int keys = plan.keys();
            try (DeviceMemory s = accelerator.allocate(n * 32L); DeviceMemory meta = accelerator.allocate(16);
                 DeviceMemory counts = accelerator.allocate((keys + 1) * 4L);
                 DeviceMemory cursor = accelerator.allocate(keys * 4L);
                 DeviceMemory sorted = accelerator.allocate(plan.maxPairs() * 4L);
                 DeviceMemory none = accelerator.allocate(4))
            {
                s.copyFrom(scalars.segment(), null);
                accelerator.kernel(SortKernels.class, "setCount").launch(Launch.of(1, 1), meta, (long)n);
                counts.fill((byte)0, null);
                accelerator.kernel(SortKernels.class, "countDigits").launch(Launch.of(2, 256), s, none, 0, meta,
                    plan.c(), plan.copies(), (long)n, counts);
                scan.exclusive(counts, keys, null);
                cursor.copyFrom(counts.view(0, keys * 4L), null);
                accelerator.kernel(SortKernels.class, "scatterDigits").launch(Launch.of(2, 256), s, none, 0, meta,
                    plan.c(), plan.copies(), (long)n, cursor, sorted);
                final int[] offsets = ints(arena, counts, keys + 1);
                final int[] values = ints(arena, sorted, offsets[keys]);
                final long[][] expected = new long[keys][];
                final int[] fill = new int[keys];
                final int[][] pairs = pairs(scalars, plan);
                for (final int[] p : pairs)
                {
                    fill[p[0]]++;
                }
                for (int k = 0; k < keys; k++)
                {
                    expected[k] = new long[fill[k]];
                    fill[k] = 0;
                }
                for (final int[] p : pairs)
                {
                    expected[p[0]][fill[p[0]]++] = p[1] & 0xFFFF_FFFFL;
                }
                assertEquals(pairs.length, offsets[keys], "pairs");
                for (int k = 0; k < keys; k++)
                {
                    final long[] got = new long[offsets[k + 1] - offsets[k]];
                    for (int j = 0; j < got.length; j++)
                    {
                        got[j] = values[offsets[k] + j] & 0xFFFF_FFFFL;
                    }
                    java.util.Arrays.sort(got);
                    java.util.Arrays.sort(expected[k]);
                    assertArrayEquals(expected[k], got, "key " + k);
                }
            }
        }
    }

    /** The (key, value) pairs of the scalars, from BigInteger digits. */
    private static int[][] pairs(final FrVector scalars, final MsmPlan plan)
    {
        final java.util.List<int[]> out = new java.util.ArrayList<>();
        final long[] m = new long[Fr.LIMBS];
        for (int i = 0; i < scalars.size(); i++)
        {
            scalars.get(i, m, 0);
            BigInteger k = Fr.toBigInteger(m, 0);
            final BigInteger radix = BigInteger.ONE.shiftLeft(plan.c());
            for (int w = 0; w < plan.windows(); w++)
            {
                int d = k.mod(radix).intValue();
                if (d >= 1 << (plan.c() - 1) && w < plan.windows() - 1)
                {
                    d -= 1 << plan.c();
                }
                k = k.subtract(BigInteger.valueOf(d)).shiftRight(plan.c());
                if (d != 0)
                {
                    final int key = w / plan.copies() * plan.buckets() + Math.abs(d) - 1;
                    final int value = (int)((w % plan.copies()) * plan.bases() + i) | (d < 0 ? 0x8000_0000 : 0);
                    out.add(new int[] {key, value});
                }
            }
        }
        return out.toArray(new int[0][]);
    }

    private static int[] ints(final Arena arena, final DeviceMemory memory, final int count)
    {
        final MemorySegment host = arena.allocate(Math.max(1, count) * 4L, 4);
        memory.view(0, Math.max(1, count) * 4L).copyTo(host, null);
        final int[] r = new int[count];
        MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, r, 0, count);
        return r;
    }

    @Test
    void shouldCompareWithFrOneWhenSplitting()
    {
        final long[] one = Fr.one();
        assertArrayEquals(one, new long[] {SplitKernels.ONE_0, SplitKernels.ONE_1, SplitKernels.ONE_2,
            SplitKernels.ONE_3});
    }
}
