package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

import java.lang.foreign.Arena;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Random Fr vectors for benchmarks and large checks, filled on every core (2^27 elements take seconds, not minutes):
 * chunk k of 2^16 elements draws from a {@link SplittableRandom} seeded with (seed, k), so a vector depends on its seed
 * and size only.
 */
public final class RandomVectors
{
    private static final int CHUNK_BITS = 16;

    private RandomVectors()
    {
    }

    /**
     * @param v    filled with uniformly random elements below r.
     * @param seed the seed.
     * @return {@code v}.
     */
    public static FrVector fill(final FrVector v, final long seed)
    {
        final long n = v.size();
        final int chunks = (int)((n + (1L << CHUNK_BITS) - 1) >>> CHUNK_BITS);
        IntStream.range(0, chunks).parallel().forEach(k ->
        {
            final SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + k);
            final long[] x = new long[Fr.LIMBS];
            final long end = Math.min(n, (long)(k + 1) << CHUNK_BITS);
            for (long i = (long)k << CHUNK_BITS; i < end; i++)
            {
                Fr.FIELD.random(rnd, x, 0);
                v.set(i, x, 0);
            }
        });
        return v;
    }

    /**
     * @param arena owns the vectors.
     * @param m     their size.
     * @param seed  the seed.
     * @return a, b random and c = a·b elementwise: the evaluations of a satisfied witness.
     */
    public static FrVector[] satisfied(final Arena arena, final long m, final long seed)
    {
        final FrVector a = fill(FrVector.allocate(arena, m), seed);
        final FrVector b = fill(FrVector.allocate(arena, m), seed + 1);
        final FrVector c = FrVector.allocate(arena, m);
        final int chunks = (int)((m + (1L << CHUNK_BITS) - 1) >>> CHUNK_BITS);
        IntStream.range(0, chunks).parallel().forEach(k ->
        {
            final long[] x = new long[Fr.LIMBS];
            final long[] y = new long[Fr.LIMBS];
            final long end = Math.min(m, (long)(k + 1) << CHUNK_BITS);
            for (long i = (long)k << CHUNK_BITS; i < end; i++)
            {
                a.get(i, x, 0);
                b.get(i, y, 0);
                Fr.mul(x, 0, x, 0, y, 0);
                c.set(i, x, 0);
            }
        });
        return new FrVector[] {a, b, c};
    }
}
