package io.jprove.field.ntt;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * The forward NTT over Fr on the CPU, natural order, on every processor; the vector is refilled from a fixed random
 * input before each invocation so every run transforms the same data. {@code single} is the one-thread reference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class NttBenchmark
{
    @Param({"16", "20"})
    public int logSize;

    private Arena arena;
    private MemorySegment input;
    private FrVector vector;
    private Ntt parallel;
    private Ntt single;

    @Setup(Level.Trial)
    public void setUp()
    {
        arena = Arena.ofShared();
        final long size = 1L << logSize;
        final FrVector source = FrVector.allocate(arena, size);
        final SplittableRandom rng = new SplittableRandom(logSize);
        for (long i = 0; i < size; i++)
        {
            source.set(i, Fr.random(rng), 0);
        }
        input = source.segment();
        vector = FrVector.allocate(arena, size);
        parallel = new Ntt();
        single = new Ntt(1);
    }

    @Setup(Level.Invocation)
    public void refill()
    {
        vector.segment().copyFrom(input);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        parallel.close();
        single.close();
        arena.close();
    }

    @Benchmark
    public FrVector forward()
    {
        parallel.forward(vector);
        return vector;
    }

    @Benchmark
    public FrVector forwardSingleThread()
    {
        single.forward(vector);
        return vector;
    }
}
