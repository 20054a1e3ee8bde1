package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.kernels.Accelerator;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device fixed-base multiplication's one suite, run by each accelerator: every product k·P compared bit for bit
 * with the field library's {@code G1.mul}/{@code G2.mul} (GLV and wNAF, an independent algorithm), for the edge
 * scalars (0, whose product must be the all-zero infinity, 1, 2, r − 1, r − 2, powers of two, small values, values
 * with all bits of a window set) and fresh random ones, over random bases as well as the generator, for every window
 * width given, with chunks far smaller than the vectors (many chunk boundaries, a last chunk that is short, both
 * slots reused by a second vector), the progress reported per chunk; and the errors bad input must raise.
 */
final class FixedBaseConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());
    private static final BigInteger R = Fr.MODULUS;

    private FixedBaseConformance()
    {
    }

    /** Vectors of each size, window {@code c}, chunks of {@code chunk} points. */
    static Stream<DynamicTest> products(final Supplier<Accelerator> accelerators, final MsmCurve curve,
        final int[] sizes, final int c, final long chunk)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final int n : sizes)
        {
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuProductsWhenChunked " + curve + " n=" + n + " c=" + c
                + " chunk=" + chunk, () -> check(accelerators, curve, n, c, chunk, n % 2 == 1)));
        }
        return tests.stream();
    }

    /** A few products for every window width from 1 to {@code maxC}, chunks of 5. */
    static Stream<DynamicTest> windows(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n,
        final int maxC)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int c = 1; c <= maxC; c++)
        {
            final int width = c;
            tests.add(DynamicTest.dynamicTest("shouldMatchTheCpuProductsWhenWindowsAre " + curve + " c=" + c,
                () -> check(accelerators, curve, n, width, 5, width % 2 == 0)));
        }
        return tests.stream();
    }

    /** The window and chunk the constructor chooses from the count and the device's memory. */
    static Stream<DynamicTest> chosen(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n)
    {
        return Stream.of(DynamicTest.dynamicTest("shouldMatchTheCpuProductsWhenTheWindowIsChosen " + curve + " n=" + n,
            () ->
            {
                final long seed = SEED + 7L * n;
                try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
                {
                    final SplittableRandom rng = new SplittableRandom(seed);
                    final long[] base = randomBase(curve, rng);
                    final FrVector scalars = scalars(arena, n, rng);
                    try (GpuFixedBase gpu = new GpuFixedBase(accelerator, curve, base, n))
                    {
                        final String what = curve + " n=" + n + " c=" + gpu.window() + " (seed " + seed + ")";
                        assertTrue(gpu.chunk() >= 1 && gpu.chunk() <= GpuFixedBase.MAX_CHUNK, what);
                        assertProducts(curve, base, scalars, multiply(gpu, arena, scalars, null), what);
                    }
                }
            }));
    }

    /** Bad input: an infinite or malformed base, a window out of range, too little output. */
    static Stream<DynamicTest> errors(final Supplier<Accelerator> accelerators, final MsmCurve curve)
    {
        return Stream.of(DynamicTest.dynamicTest("shouldRefuseWhenInputIsBad " + curve, () ->
        {
            try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
            {
                final long[] g = generator(curve);
                assertThrows(IllegalArgumentException.class, () -> new GpuFixedBase(accelerator, curve,
                    new long[curve.affineLimbs()], 4, 8), "infinity as the base");
                assertThrows(IllegalArgumentException.class, () -> new GpuFixedBase(accelerator, curve,
                    new long[curve.affineLimbs() - 1], 4, 8), "a base of the wrong length");
                assertThrows(IllegalArgumentException.class, () -> new GpuFixedBase(accelerator, curve, g, 0, 8),
                    "a window of 0 bits");
                assertThrows(IllegalArgumentException.class, () -> new GpuFixedBase(accelerator, curve, g,
                    GpuFixedBase.MAX_WINDOW_BITS + 1, 8), "a window too wide");
                try (GpuFixedBase gpu = new GpuFixedBase(accelerator, curve, g, 4, 8))
                {
                    final FrVector scalars = FrVector.allocate(arena, 3);
                    final MemorySegment small = arena.allocate(2 * curve.affineBytes(), 8);
                    final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> gpu.multiply(scalars, small, null));
                    assertTrue(e.getMessage().contains("3 " + curve + " products"), e.getMessage());
                    // nothing was queued: the next multiplication works
                    final FrVector one = FrVector.allocate(arena, 1);
                    one.set(0, Fr.one(), 0);
                    assertProducts(curve, g, one, multiply(gpu, arena, one, null), "1·G after a refusal");
                }
            }
        }));
    }

    private static void check(final Supplier<Accelerator> accelerators, final MsmCurve curve, final int n,
        final int c, final long chunk, final boolean generatorBase)
    {
        final long seed = SEED + 31L * n + 1000L * c + chunk;
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
        {
            final SplittableRandom rng = new SplittableRandom(seed);
            final long[] base = generatorBase ? generator(curve) : randomBase(curve, rng);
            final FrVector scalars = scalars(arena, n, rng);
            final String what = curve + " n=" + n + " c=" + c + " chunk=" + chunk + (generatorBase ? " generator"
                : " random base") + " (seed " + seed + ")";
            try (GpuFixedBase gpu = new GpuFixedBase(accelerator, curve, base, c, chunk))
            {
                final List<Long> reports = new ArrayList<>();
                final MemorySegment out = multiply(gpu, arena, scalars, reports::add);
                assertProducts(curve, base, scalars, out, what);
                final List<Long> expected = new ArrayList<>();
                for (long left = n; left > 0; left -= chunk)
                {
                    expected.add(Math.min(chunk, left));
                }
                assertEquals(expected, reports, what + ": one report per chunk, in order");
                // the same table and slots again, on other scalars (reversed) of another length
                final int m = Math.max(0, n - 3);
                final FrVector again = FrVector.allocate(arena, m);
                for (int i = 0; i < m; i++)
                {
                    final long[] k = new long[Fr.LIMBS];
                    scalars.get(n - 1 - i, k, 0);
                    again.set(i, k, 0);
                }
                assertProducts(curve, base, again, multiply(gpu, arena, again, null), what + ", second vector");
            }
        }
    }

    /** @return the products in a fresh segment whose bytes were not zero, so every point must be written. */
    private static MemorySegment multiply(final GpuFixedBase gpu, final Arena arena, final FrVector scalars,
        final java.util.function.LongConsumer progress)
    {
        final MemorySegment out = arena.allocate(Math.max(1, scalars.size() * gpu.curve().affineBytes()), 8);
        out.fill((byte)0x5a);
        gpu.multiply(scalars, out, progress);
        return out;
    }

    private static void assertProducts(final MsmCurve curve, final long[] base, final FrVector scalars,
        final MemorySegment out, final String what)
    {
        LongStream.range(0, scalars.size()).parallel().forEach(i -> assertProduct(curve, base, scalars, out, i, what));
    }

    private static void assertProduct(final MsmCurve curve, final long[] base, final FrVector scalars,
        final MemorySegment out, final long i, final String what)
    {
        final long[] k = new long[Fr.LIMBS];
        scalars.get(i, k, 0);
        final long[] actual = out.asSlice(i * curve.affineBytes(), curve.affineBytes()).toArray(ValueLayout.JAVA_LONG);
        final long[] expected = Fr.isZero(k, 0) ? new long[curve.affineLimbs()] : product(curve, base, k);
        assertArrayEquals(expected, actual, what + ": product " + i + " of " + Fr.toBigInteger(k));
    }

    /**
     * A vector of 2^log uniform scalars (the edges first) with the chosen window and chunk, timed, and its products
     * checked at {@code samples} random indices and at both ends of every chunk: the device's speed at the setup's
     * sizes, where checking every product on the CPU would take minutes.
     */
    static Stream<DynamicTest> throughput(final Supplier<Accelerator> accelerators, final MsmCurve curve,
        final int log, final int samples)
    {
        return Stream.of(DynamicTest.dynamicTest("shouldMatchTheCpuProductsWhenLarge " + curve + " 2^" + log, () ->
        {
            final long seed = SEED + log;
            final long n = 1L << log;
            try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared())
            {
                final SplittableRandom rng = new SplittableRandom(seed);
                final FrVector scalars = scalars(arena, 64, rng);
                final FrVector all = FrVector.allocate(arena, n);
                all.segment().asSlice(0, scalars.segment().byteSize()).copyFrom(scalars.segment());
                LongStream.range(64, n).parallel().forEach(i -> all.set(i, Fr.random(new SplittableRandom(seed
                    * 31 + i)), 0));
                final long[] base = generator(curve);
                try (GpuFixedBase gpu = new GpuFixedBase(accelerator, curve, base, n))
                {
                    final MemorySegment out = arena.allocate(n * curve.affineBytes(), 64);
                    gpu.multiply(all, out, null);
                    final long t0 = System.nanoTime();
                    gpu.multiply(all, out, null);
                    final long ns = System.nanoTime() - t0;
                    final String what = curve + " 2^" + log + " c=" + gpu.window() + " chunk=" + gpu.chunk()
                        + " (seed " + seed + ")";
                    final java.util.Set<Long> checked = new java.util.TreeSet<>();
                    for (long first = 0; first < n; first += gpu.chunk())
                    {
                        checked.add(first);
                        checked.add(Math.min(n, first + gpu.chunk()) - 1);
                    }
                    for (int s = 0; s < samples; s++)
                    {
                        checked.add(s < 64 ? s : rng.nextLong(n));
                    }
                    checked.parallelStream().forEach(i -> assertProduct(curve, base, all, out, i, what));
                    System.out.printf(java.util.Locale.ROOT, "fixed-base %s: %.1f ms, %.1f M products/s (table "
                        + "%.1f MB made in %.1f ms), %d products checked%n", what, ns / 1e6, n * 1e3 / ns,
                        gpu.tableBytes() / 1e6, gpu.tableNanos() / 1e6, checked.size());
                }
            }
        }));
    }

    /** The oracle: k·P by the field library's scalar multiplication, affine. */
    private static long[] product(final MsmCurve curve, final long[] base, final long[] k)
    {
        final long[] r = new long[curve.affineLimbs()];
        if (curve == MsmCurve.G1)
        {
            final long[] jac = new long[G1.JACOBIAN_LIMBS];
            G1.mul(jac, 0, base, 0, k, 0);
            G1.toAffine(r, 0, jac, 0);
        }
        else
        {
            final long[] jac = new long[G2.JACOBIAN_LIMBS];
            G2.mul(jac, 0, base, 0, k, 0);
            G2.toAffine(r, 0, jac, 0);
        }
        return r;
    }

    private static long[] generator(final MsmCurve curve)
    {
        return curve == MsmCurve.G1 ? G1.generator() : G2.generator();
    }

    private static long[] randomBase(final MsmCurve curve, final SplittableRandom rng)
    {
        final long[] base = new long[curve.affineLimbs()];
        MsmInputs.multiple(curve, base, MsmInputs.uniform(rng).max(BigInteger.TWO));
        return base;
    }

    /** The edge scalars first (as many as fit), then uniform ones with some small values among them. */
    private static FrVector scalars(final Arena arena, final int n, final SplittableRandom rng)
    {
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, R.subtract(BigInteger.ONE),
            R.subtract(BigInteger.TWO), BigInteger.valueOf(3), BigInteger.ZERO, BigInteger.ONE.shiftLeft(254),
            BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE), R.shiftRight(1),
            BigInteger.valueOf(0xffff), BigInteger.ONE.shiftLeft(20).subtract(BigInteger.ONE),
            R.subtract(BigInteger.ONE.shiftLeft(100)), BigInteger.valueOf(255)};
        final FrVector v = FrVector.allocate(arena, n);
        for (int i = 0; i < n; i++)
        {
            final BigInteger s;
            if (i < edges.length)
            {
                s = edges[i];
            }
            else if (rng.nextInt(8) == 0)
            {
                s = BigInteger.valueOf(rng.nextInt(1 << 12));
            }
            else
            {
                s = MsmInputs.uniform(rng);
            }
            v.set(i, Fr.of(s), 0);
        }
        return v;
    }
}
