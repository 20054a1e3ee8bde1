package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelSignature;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one conformance suite every accelerator runs: each {@link ConformanceKernels} kernel on random and edge inputs,
 * compared bit for bit with the kernel methods called directly, one work-item after another (or, for the
 * group-cooperative kernel, with a plain Java computation); and the failures Java would throw.
 */
final class KernelConformance
{
    static final long[] EDGES = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE,
        0xFFFF_FFFFL, 0x8000_0000L, 0x8000_0000_0000_0001L, 31, 32, 33, 63, 64, 65, -31, -32, -33, -64, 7, -7, 3, -3};

    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    private KernelConformance()
    {
    }

    /** A kernel launch: range and fresh arguments from a seed. */
    record Case(String kernel, int groups, int local, BiFunction<Arena, Random, Object[]> args)
    {
    }

    static List<Case> cases()
    {
        final List<Case> cases = new ArrayList<>();
        cases.add(new Case("intOperators", 3, 64, (arena, rnd) -> new Object[] {ints(arena, rnd, 190),
            ints(arena, rnd, 190), IntArray.allocate(arena, 16 * 190)}));
        cases.add(new Case("longOperators", 3, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 192),
            longs(arena, rnd, 192), LongArray.allocate(arena, 16 * 192)}));
        cases.add(new Case("division", 4, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 256),
            longs(arena, rnd, 256), LongArray.allocate(arena, 12 * 256)}));
        cases.add(new Case("library", 4, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 256),
            longs(arena, rnd, 256), LongArray.allocate(arena, 10 * 256)}));
        cases.add(new Case("loops", 2, 128, (arena, rnd) -> new Object[] {longs(arena, rnd, 250),
            LongArray.allocate(arena, 3 * 256)}));
        cases.add(new Case("localArrays", 2, 32, (arena, rnd) -> new Object[] {longs(arena, rnd, 6 * 60),
            LongArray.allocate(arena, 7 * 64)}));
        cases.add(new Case("nesting", 2, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 4 * 128),
            LongArray.allocate(arena, 6 * 128)}));
        cases.add(new Case("loopAtStart", 2, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 128)}));
        cases.add(new Case("calls", 2, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 128),
            LongArray.allocate(arena, 3 * 128)}));
        cases.add(new Case("indices", 5, 96, (arena, rnd) -> new Object[] {IntArray.allocate(arena, 6 * 480)}));
        cases.add(new Case("atomics", 4, 128, (arena, rnd) -> new Object[] {longs(arena, rnd, 500),
            IntArray.allocate(arena, 18), longs(arena, rnd, 4), LongArray.allocate(arena, 4)}));
        cases.add(new Case("bitReversal", 2, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 128),
            LongArray.allocate(arena, 4 * 128)}));
        cases.add(new Case("fqOps", 2, 64, (arena, rnd) -> new Object[] {field(arena, rnd, 120,
            MontgomeryReference.P_MODULUS, 6), field(arena, rnd, 120, MontgomeryReference.P_MODULUS, 6),
            LongArray.allocate(arena, 30 * 120)}));
        cases.add(new Case("frOps", 2, 64, (arena, rnd) -> new Object[] {field(arena, rnd, 128,
            MontgomeryReference.R_MODULUS, 4), field(arena, rnd, 128, MontgomeryReference.R_MODULUS, 4),
            LongArray.allocate(arena, 20 * 128)}));
        cases.add(new Case("fqOffsets", 2, 32, (arena, rnd) -> new Object[] {field(arena, rnd, 128,
            MontgomeryReference.P_MODULUS, 6), LongArray.allocate(arena, 18 * 64)}));
        cases.add(new Case("moreAtomics", 4, 128, (arena, rnd) -> new Object[] {longs(arena, rnd, 500),
            ints(arena, rnd, 8), longs(arena, rnd, 8), ints(arena, rnd, 6 * 512), longs(arena, rnd, 6 * 512),
            LongArray.allocate(arena, 12 * 512)}));
        cases.add(new Case("lastItemAfterFence", 3, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 192),
            LongArray.allocate(arena, 192), IntArray.allocate(arena, 1), LongArray.allocate(arena, 2)}));
        cases.add(new Case("wideIndices", 2, 64, (arena, rnd) -> new Object[] {longs(arena, rnd, 600), 100L, 3}));
        cases.add(new Case("fqPredicates", 2, 64, (arena, rnd) -> fieldPairs(arena, rnd, 120,
            MontgomeryReference.P_MODULUS, 6, 66)));
        cases.add(new Case("frPredicates", 2, 64, (arena, rnd) -> fieldPairs(arena, rnd, 128,
            MontgomeryReference.R_MODULUS, 4, 20)));
        return cases;
    }

    /** Two field vectors of which every fourth pair is equal, and an output of {@code outPerItem} limbs per item. */
    private static Object[] fieldPairs(final Arena arena, final Random rnd, final int n, final BigInteger modulus,
        final int limbs, final int outPerItem)
    {
        final LongArray a = field(arena, rnd, n, modulus, limbs);
        final LongArray b = field(arena, rnd, n, modulus, limbs);
        for (int i = 0; i < n; i += 4)
        {
            for (int k = 0; k < limbs; k++)
            {
                b.set((long)i * limbs + k, a.get((long)i * limbs + k));
            }
        }
        return new Object[] {a, b, LongArray.allocate(arena, (long)outPerItem * n)};
    }

    /** Canonical field elements (below the modulus), a fifth of them edge values. */
    static LongArray field(final Arena arena, final Random rnd, final int n, final BigInteger modulus,
        final int limbs)
    {
        final BigInteger rMont = BigInteger.ONE.shiftLeft(64 * limbs);
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, modulus.subtract(BigInteger.ONE),
            rMont.mod(modulus), modulus.shiftRight(1), modulus.subtract(rMont.mod(modulus))};
        final LongArray a = LongArray.allocate(arena, (long)n * limbs);
        final long[] tmp = new long[limbs];
        for (int i = 0; i < n; i++)
        {
            final BigInteger v = rnd.nextInt(5) == 0 ? edges[rnd.nextInt(edges.length)]
                : new BigInteger(modulus.bitLength() + 16, rnd).mod(modulus);
            MontgomeryReference.fromBig(tmp, v);
            for (int k = 0; k < limbs; k++)
            {
                a.set((long)i * limbs + k, tmp[k]);
            }
        }
        return a;
    }

    /**
     * The suite, with the cases that must fail run in a child JVM each: on CUDA a kernel fault leaves the process's
     * device state unusable for good, so one trapping case would break every test after it.
     */
    static Stream<DynamicTest> testsWithFaultsInChildProcesses(final Supplier<Accelerator> accelerators,
        final String acceleratorName)
    {
        return tests(accelerators).map(test -> FaultCase.byTestName(test.getDisplayName()) == null ? test
            : DynamicTest.dynamicTest(test.getDisplayName(),
                () -> KernelFaultProbe.runInChildProcess(acceleratorName,
                    FaultCase.byTestName(test.getDisplayName()))));
    }

    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final Case c : cases())
        {
            tests.add(DynamicTest.dynamicTest("shouldMatchJavaWhenRunning " + c.kernel(),
                () -> matches(accelerators, c)));
        }
        tests.add(DynamicTest.dynamicTest("shouldSumGroupsWhenCooperatingThroughSharedMemory",
            () -> groupSums(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldKeepResidentArraysOnTheDeviceBetweenLaunches",
            () -> residency(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldExchangeWithinWarpsWhenShufflingAndVoting",
            () -> warpOperations(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldMaskLanesOfEqualValueWhenMatching",
            () -> matchLanes(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldShareLaunchSizedMemoryWhenUsingDynamicShared",
            () -> dynamicShared(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldIndexGroupsAlongYWhenLaunchIsTwoDimensional",
            () -> twoDimensional(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldRefuseLargerGroupsWhenKernelHasLaunchBounds",
            () -> launchBounds(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldWorkInPlaceWhenArgumentsAreDeviceMemory",
            () -> deviceMemory(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldAddressPastFourGibWhenTheDeviceHasRoom",
            () -> pastFourGib(accelerators)));
        for (final FaultCase fault : FaultCase.values())
        {
            tests.add(DynamicTest.dynamicTest(fault.testName, () -> fault.failsOn(accelerators)));
        }
        return tests.stream();
    }

    private static void matches(final Supplier<Accelerator> accelerators, final Case c) throws Exception
    {
        final Class<?> owner = c.kernel().startsWith("f") ? FieldKernels.class : ConformanceKernels.class;
        final Method method = KernelSignature.find(owner, c.kernel());
        for (int round = 0; round < 2; round++)
        {
            final long seed = SEED + 31L * round + c.kernel().hashCode();
            try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
            {
                final Object[] actual = c.args().apply(arena, new Random(seed));
                final Object[] expected = c.args().apply(arena, new Random(seed));
                accelerator.kernel(owner, c.kernel()).launch(c.groups(), c.local(), actual);
                reference(method, c.groups(), c.local(), expected);
                for (int i = 0; i < actual.length; i++)
                {
                    assertSameBits(c.kernel() + " argument " + i + " (seed " + seed + ")", expected[i], actual[i]);
                }
            }
        }
    }

    /** Runs a barrier-free kernel as plain Java calls, item after item. */
    static void reference(final Method method, final int groups, final int local, final Object[] args)
        throws IllegalAccessException
    {
        try (Arena arena = Arena.ofShared())
        {
            final KernelContext.Group group = new KernelContext.Group(groups, local, arena, false);
            final KernelContext ctx = new KernelContext(group);
            final Object[] call = new Object[args.length + 1];
            call[0] = ctx;
            System.arraycopy(args, 0, call, 1, args.length);
            for (int g = 0; g < groups; g++)
            {
                group.moveTo(g);
                for (int l = 0; l < local; l++)
                {
                    ctx.moveTo(l);
                    try
                    {
                        method.invoke(null, call);
                    }
                    catch (final InvocationTargetException ex)
                    {
                        throw new AssertionError("reference run failed", ex.getCause());
                    }
                }
            }
        }
    }

    static void assertSameBits(final String what, final Object expected, final Object actual)
    {
        final MemorySegment e = segment(expected);
        final MemorySegment a = segment(actual);
        if (e == null)
        {
            assertEquals(expected, actual, what);
            return;
        }
        final long at = e.mismatch(a);
        if (at >= 0)
        {
            final long index = at / (expected instanceof LongArray ? 8 : 4);
            final String e1 = expected instanceof LongArray el ? Long.toHexString(el.get(index))
                : Integer.toHexString(((IntArray)expected).get(index));
            final String a1 = actual instanceof LongArray al ? Long.toHexString(al.get(index))
                : Integer.toHexString(((IntArray)actual).get(index));
            throw new AssertionError(what + ": element " + index + " is 0x" + a1 + ", Java gives 0x" + e1);
        }
    }

    private static MemorySegment segment(final Object o)
    {
        return o instanceof IntArray i ? i.segment() : o instanceof LongArray l ? l.segment() : null;
    }

    private static void groupSums(final Supplier<Accelerator> accelerators)
    {
        final int groups = 6;
        for (final int local : new int[] {1, 32, 256, 1024})
        {
            try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
            {
                final LongArray a = longs(arena, new Random(SEED + local), groups * local);
                final LongArray out = LongArray.allocate(arena, 2L * groups);
                accelerator.kernel(ConformanceKernels.class, "groupSum").launch(groups, local, a, out);
                for (int g = 0; g < groups; g++)
                {
                    long sum = 0;
                    for (int l = 0; l < local; l++)
                    {
                        sum += a.get((long)g * local + l);
                    }
                    assertEquals(sum, out.get(2L * g), "group " + g + " of " + local);
                    assertEquals(local, out.get(2L * g + 1), "items counted in group " + g + " of " + local);
                }
            }
        }
    }

    private static void residency(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final LongArray a = longs(arena, new Random(SEED), 300);
            final LongArray start = LongArray.allocate(arena, 300);
            start.segment().copyFrom(a.segment());
            final KernelHandle add = accelerator.kernel(ConformanceKernels.class, "addTo");
            accelerator.upload(a);
            add.launch(3, 128, a, 5L);
            add.launch(3, 128, a, -2L);
            accelerator.download(a);
            accelerator.release(a);
            add.launch(3, 128, a, 10L);
            for (int i = 0; i < 300; i++)
            {
                assertEquals(start.get(i) + 13, a.get(i), "element " + i);
            }
        }
    }

    /** CUDA's full-mask shuffle and vote semantics, computed per warp in plain Java. */
    private static void warpOperations(final Supplier<Accelerator> accelerators)
    {
        final int groups = 3;
        final int local = 64;
        final int n = groups * local;
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final Random rnd = new Random(SEED + 77);
            final LongArray a = longs(arena, rnd, n);
            a.set(5, 42);
            for (int i = 64; i < 96; i++)
            {
                a.set(i, a.get(i) & ~1L); // a warp whose lanes are all even
            }
            final LongArray out = LongArray.allocate(arena, 12L * n);
            accelerator.kernel(ConformanceKernels.class, "warpOperations").launch(groups, local, a, out);
            for (int i = 0; i < n; i++)
            {
                final int base = i - i % 32;
                final int lane = i % 32;
                final long x = a.get(i);
                final int k = (int)(x >>> 59);
                int ballot = 0;
                boolean any42 = false;
                boolean anyOne = false;
                boolean allEven = true;
                for (int l = 0; l < 32; l++)
                {
                    final long v = a.get(base + l);
                    ballot |= (int)(v & 1) << l;
                    any42 |= v == 42;
                    anyOne |= (v & 3) == 1;
                    allEven &= (v & 1) == 0;
                }
                final long[] expected = {lane, (int)a.get(base + (lane ^ 1)), a.get(base + (lane ^ 16)),
                    a.get(base + (lane ^ (k & 31))), a.get(base + ((k + 3) & 31)),
                    (int)(a.get(base + 31 - lane) >>> 3), a.get(base + (lane >= 3 ? lane - 3 : lane)),
                    (int)a.get(base + (lane + (k & 31) <= 31 ? lane + (k & 31) : lane)),
                    a.get(base + (lane + 1 <= 31 ? lane + 1 : lane)), ballot, (any42 ? 1 : 0) + (anyOne ? 2 : 0),
                    1 + (allEven ? 2 : 0)};
                for (int j = 0; j < expected.length; j++)
                {
                    assertEquals(expected[j], out.get(12L * i + j), "item " + i + ", output " + j);
                }
            }
        }
    }

    /** CUDA's {@code match.any.sync} with a full mask, computed per warp in plain Java. */
    private static void matchLanes(final Supplier<Accelerator> accelerators)
    {
        final int n = 3 * 64;
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final LongArray a = longs(arena, new Random(SEED + 81), n);
            for (int i = 96; i < 128; i++)
            {
                a.set(i, a.get(i) & 0xFFFF_FFFFL); // a warp whose high halves all agree
            }
            final IntArray out = IntArray.allocate(arena, 3L * n);
            accelerator.kernel(ConformanceKernels.class, "matchLanes").launch(3, 64, a, out);
            for (int i = 0; i < n; i++)
            {
                final int base = i - i % 32;
                int low = 0;
                int high = 0;
                for (int l = 0; l < 32; l++)
                {
                    low |= ((a.get(base + l) & 3) == (a.get(i) & 3) ? 1 : 0) << l;
                    high |= ((int)(a.get(base + l) >>> 32) == (int)(a.get(i) >>> 32) ? 1 : 0) << l;
                }
                assertEquals(low, out.get(3L * i), "item " + i + ", low bits");
                assertEquals(high, out.get(3L * i + 1), "item " + i + ", high halves");
                assertEquals(-1, out.get(3L * i + 2), "item " + i + ", one value");
            }
        }
    }

    private static void dynamicShared(final Supplier<Accelerator> accelerators)
    {
        final int groups = 3;
        final int local = 96;
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final LongArray a = longs(arena, new Random(SEED + 78), groups * local);
            final LongArray out = LongArray.allocate(arena, 3L * groups * local);
            accelerator.kernel(ConformanceKernels.class, "dynamicShared")
                .launch(Launch.of(groups, local).withSharedBytes(16 * local), a, out);
            for (int g = 0; g < groups; g++)
            {
                for (int l = 0; l < local; l++)
                {
                    final long o = 3L * (g * local + l);
                    assertEquals(a.get(g * local + local - 1 - l), out.get(o), "value seen by item " + l);
                    assertEquals((l + 1) % local * 7, out.get(o + 1), "index seen by item " + l);
                    assertEquals(2L * local * 1000 + 4L * local, out.get(o + 2), "view lengths");
                }
            }
        }
    }

    private static void twoDimensional(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final IntArray out = IntArray.allocate(arena, 4L * 3 * 32 * 2);
            accelerator.kernel(ConformanceKernels.class, "twoDimensional")
                .launch(Launch.of(3, 32).withGroupsY(2), out);
            for (int y = 0; y < 2; y++)
            {
                for (int i = 0; i < 96; i++)
                {
                    final long at = 4L * (y * 96 + i);
                    assertEquals(i / 32, out.get(at), "group x of item " + i);
                    assertEquals(y, out.get(at + 1), "group y of item " + i);
                    assertEquals(2, out.get(at + 2), "groups along y");
                    assertEquals(i % 32, out.get(at + 3), "local id of item " + i);
                }
            }
        }
    }

    private static void launchBounds(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final IntArray out = IntArray.allocate(arena, 512);
            final KernelHandle bounded = accelerator.kernel(ConformanceKernels.class, "bounded");
            bounded.launch(4, 128, out);
            assertEquals(128, out.get(511));
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> bounded.launch(2, 256, out));
            assertTrue(ex.getMessage().contains("maxLocalSize"), ex.getMessage());
        }
    }

    /** Device memory from allocate, used in place by two launches, copied in and out, viewed at an offset. */
    private static void deviceMemory(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final LongArray host = longs(arena, new Random(SEED + 79), 384);
            final java.util.List<DeviceActivity> seen = new java.util.ArrayList<>();
            accelerator.setListener(seen::add);
            try (DeviceMemory memory = accelerator.allocate(384 * 8); DeviceStream stream =
                accelerator.createStream(); HostMemory staging = accelerator.allocateHost(384 * 8))
            {
                staging.segment().copyFrom(host.segment());
                memory.copyFrom(staging.segment(), stream);
                final KernelHandle add = accelerator.kernel(ConformanceKernels.class, "addTo");
                add.launch(Launch.of(3, 128).on(stream), memory, 5L);
                add.launch(Launch.of(1, 128).on(stream), memory.view(128 * 8, 128 * 8), 100L);
                memory.copyTo(staging.segment(), stream);
                stream.synchronize();
                for (int i = 0; i < 384; i++)
                {
                    assertEquals(host.get(i) + 5 + (i >= 128 && i < 256 ? 100 : 0),
                        staging.segment().getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, i), "element " + i);
                }
            }
            accelerator.synchronize();
            accelerator.setListener(null);
            final long kernels = seen.stream().filter(x -> x.kind() == DeviceActivity.Kind.KERNEL).count();
            final long copies = seen.stream().filter(x -> x.kind() == DeviceActivity.Kind.COPY_TO_DEVICE
                || x.kind() == DeviceActivity.Kind.COPY_TO_HOST).count();
            assertEquals(2, kernels, "kernel runs reported: " + seen);
            assertEquals(2, copies, "copies reported: " + seen);
            for (final DeviceActivity activity : seen)
            {
                assertTrue(activity.durationNs() >= 0, activity::toString);
                assertEquals(accelerator.device(), activity.device());
            }
            try (DeviceMemory memory = accelerator.allocate(64 * 8))
            {
                final IllegalArgumentException misaligned = assertThrows(IllegalArgumentException.class,
                    () -> accelerator.kernel(ConformanceKernels.class, "addTo").launch(1, 32, memory.view(8, 32 * 8),
                        1L));
                assertTrue(misaligned.getMessage().contains("16-byte aligned"), misaligned.getMessage());
            }
        }
    }

    /**
     * {@code wideIndices} on elements past byte 2^32 of a 5 GiB buffer, where a GPU has the room (32-bit address
     * arithmetic would wrap there); elsewhere on a small buffer, which still checks the long index arithmetic.
     */
    private static void pastFourGib(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final boolean large = accelerator.device().startsWith("cuda")
                && accelerator.memoryInfo()[0] > (6L << 30);
            final long bytes = large ? 5L << 30 : 1L << 16;
            final int items = 256;
            final int stride = 7;
            final long base = bytes / 8 - (long)items * stride - 8;
            final int window = items * stride + 8;
            final LongArray host = longs(arena, new Random(SEED + 80), window);
            try (DeviceMemory memory = accelerator.allocate(bytes))
            {
                final DeviceMemory tail = memory.view(base * 8, (long)window * 8);
                tail.copyFrom(host.segment(), null);
                accelerator.kernel(ConformanceKernels.class, "wideIndices").launch(2, items / 2, memory, base, stride);
                final LongArray back = LongArray.allocate(arena, window);
                tail.copyTo(back.segment(), null);
                for (int i = 0; i < items; i++)
                {
                    final int at = i * stride;
                    assertEquals(host.get(at + 1) * 5 + base + at, back.get(at), "element " + (base + at));
                    assertEquals(host.get(at + 1), back.get(at + 1), "element " + (base + at + 1));
                }
            }
        }
    }

    static LongArray longs(final Arena arena, final Random rnd, final int n)
    {
        final LongArray a = LongArray.allocate(arena, n);
        for (int i = 0; i < n; i++)
        {
            a.set(i, edgeOrRandom(rnd));
        }
        return a;
    }

    static IntArray ints(final Arena arena, final Random rnd, final int n)
    {
        final IntArray a = IntArray.allocate(arena, n);
        for (int i = 0; i < n; i++)
        {
            a.set(i, (int)(rnd.nextBoolean() ? edgeOrRandom(rnd) : edgeOrRandom(rnd) >>> 32));
        }
        return a;
    }

    private static long edgeOrRandom(final Random rnd)
    {
        return switch (rnd.nextInt(4))
        {
            case 0 -> EDGES[rnd.nextInt(EDGES.length)];
            case 1 -> rnd.nextInt(100) - 50;
            default -> rnd.nextLong();
        };
    }

    static void forEachKernel(final Consumer<Method> action)
    {
        for (final Method m : ConformanceKernels.class.getDeclaredMethods())
        {
            if (m.isAnnotationPresent(Kernel.class))
            {
                action.accept(m);
            }
        }
    }
}
