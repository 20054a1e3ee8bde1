package io.jprove.field.msm;

import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;

/**
 * G1 MSM on every core at 2^16 and 2^20 points ({@link PointProgression} bases, uniform scalars), the PoRep-shaped
 * split (98 % of scalars 0 or 1: batch-add plus tail MSM), and {@code msmReference}: the plain MSM of the same
 * inputs on one thread, the per-core figure. Setup checks every benchmarked result against the closed form once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(value = 1)
public class MsmBenchmark
{
    @Param({"16", "20"})
    public int logSize;

    private Arena arena;
    private G1AffineVector bases;
    private FrVector scalars;
    private FrVector porepScalars;
    private int threads;

    @Setup(Level.Trial)
    public void setUp()
    {
        threads = Runtime.getRuntime().availableProcessors();
        arena = Arena.ofShared();
        final int n = 1 << logSize;
        final PointProgression progression = PointProgression.random(PointProgression.Curve.G1, 11);
        bases = G1AffineVector.allocate(arena, n);
        progression.fill(bases.segment(), threads);
        final SplittableRandom rng = new SplittableRandom(12);
        scalars = FrVector.allocate(arena, n);
        porepScalars = FrVector.allocate(arena, n);
        final long[] k = new long[Fr.LIMBS];
        for (int i = 0; i < n; i++)
        {
            Fr.FIELD.random(rng, k, 0);
            scalars.set(i, k, 0);
            final int kind = rng.nextInt(100);
            porepScalars.set(i, kind < 49 ? Fr.zero() : kind < 98 ? Fr.one() : k, 0);
        }
        check(progression.expectedMsm(scalars), msm(), "msm");
        check(progression.expectedMsm(porepScalars), msmPorepSplit(), "msmPorepSplit");
    }

    private static void check(final long[] expected, final long[] actual, final String what)
    {
        if (!Arrays.equals(expected, actual))
        {
            throw new IllegalStateException(what + " gave a wrong result: nothing to benchmark");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        arena.close();
    }

    @Benchmark
    public long[] msm()
    {
        return Msm.g1(bases, scalars, null, threads);
    }

    /** A PoRep-like scalar vector through the prover's path: split, batch-add the ones, MSM the tail. */
    @Benchmark
    public long[] msmPorepSplit()
    {
        try (Arena scratch = Arena.ofShared())
        {
            final ScalarSplit split = ScalarSplit.of(porepScalars, null, bases.size(), scratch);
            final long[] ones = BatchAdd.g1(bases, split.ones(), threads);
            final long[] tail = Msm.g1(split.tailBases(bases, scratch), split.tailScalars(), null, threads);
            final long[] sum = new long[io.jprove.field.G1.JACOBIAN_LIMBS];
            io.jprove.field.G1.toJacobian(sum, 0, ones, 0);
            io.jprove.field.G1.addMixed(sum, 0, sum, 0, tail, 0);
            final long[] r = new long[io.jprove.field.G1.AFFINE_LIMBS];
            io.jprove.field.G1.toAffine(r, 0, sum, 0);
            return r;
        }
    }

    @Benchmark
    public long[] msmReference()
    {
        return Msm.g1(bases, scalars, null, 1);
    }
}
