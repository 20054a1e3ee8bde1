package io.jprove.field;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * BLS12-381 arithmetic on the CPU, jprove against blst (through jblst) where blst exposes the same operation.
 * Methods {@code x} and {@code xBlst} measure the same operation on equivalent inputs; {@link VersusBlst} prints
 * their ratio. Field multiplications have no blst counterpart in jblst's API.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ArithmeticBenchmark
{
    private final long[] fqA = new long[Fq.LIMBS];
    private final long[] fqB = new long[Fq.LIMBS];
    private final long[] fqR = new long[Fq.LIMBS];
    private final long[] frA = new long[Fr.LIMBS];
    private final long[] frB = new long[Fr.LIMBS];
    private final long[] frR = new long[Fr.LIMBS];

    @Setup
    public void setUp()
    {
        final SplittableRandom rng = new SplittableRandom(42);
        Fq.FIELD.random(rng, fqA, 0);
        Fq.FIELD.random(rng, fqB, 0);
        Fr.FIELD.random(rng, frA, 0);
        Fr.FIELD.random(rng, frB, 0);
    }

    @Benchmark
    public long[] fqMul()
    {
        Fq.mul(fqR, 0, fqA, 0, fqB, 0);
        return fqR;
    }

    @Benchmark
    public long[] frMul()
    {
        Fr.mul(frR, 0, frA, 0, frB, 0);
        return frR;
    }
}
