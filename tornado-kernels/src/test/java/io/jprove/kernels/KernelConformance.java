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
        cases.add(new Case("fqOps", 2, 64, (arena, rnd) -> new Object[] {field(arena, rnd, 120,
            MontgomeryReference.P_MODULUS, 6), field(arena, rnd, 120, MontgomeryReference.P_MODULUS, 6),
            LongArray.allocate(arena, 30 * 120)}));
        cases.add(new Case("frOps", 2, 64, (arena, rnd) -> new Object[] {field(arena, rnd, 128,
            MontgomeryReference.R_MODULUS, 4), field(arena, rnd, 128, MontgomeryReference.R_MODULUS, 4),
            LongArray.allocate(arena, 20 * 128)}));
        cases.add(new Case("fqOffsets", 2, 32, (arena, rnd) -> new Object[] {field(arena, rnd, 128,
            MontgomeryReference.P_MODULUS, 6), LongArray.allocate(arena, 18 * 64)}));
        return cases;
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
                () -> KernelFaultProbe.runInChildProcess(acceleratorName, FaultCase.byTestName(test.getDisplayName()))));
    }

    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final Case c : cases())
        {
            tests.add(DynamicTest.dynamicTest("shouldMatchJavaWhenRunning " + c.kernel(), () -> matches(accelerators, c)));
        }
        tests.add(DynamicTest.dynamicTest("shouldSumGroupsWhenCooperatingThroughSharedMemory",
            () -> groupSums(accelerators)));
        tests.add(DynamicTest.dynamicTest("shouldKeepResidentArraysOnTheDeviceBetweenLaunches",
            () -> residency(accelerators)));
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
