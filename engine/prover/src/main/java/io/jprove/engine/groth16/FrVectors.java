package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.stream.LongStream;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/** Element-wise passes over {@link FrVector}s for the prover's H step, parallel in chunks, and vector slicing. */
public final class FrVectors
{
    /** Elements per parallel chunk. */
    private static final long CHUNK = 1 << 13;

    private FrVectors()
    {
    }

    /** @return a zeroed vector of {@code size} elements in {@code arena} holding {@code src}'s elements first. */
    public static FrVector copyPadded(final FrVector src, final long size, final Arena arena)
    {
        if (src.size() > size)
        {
            throw new IllegalArgumentException(src.size() + " elements do not fit a vector of " + size);
        }
        final FrVector out = FrVector.allocate(arena, size);
        MemorySegment.copy(src.segment(), 0, out.segment(), 0, src.size() * FrVector.ELEMENT_BYTES);
        return out;
    }

    /** a[i] ← (a[i]·b[i] − c[i])·factor for every i; a null factor means 1. */
    public static void mulSubScale(final FrVector a, final FrVector b, final FrVector c, final long[] factor)
    {
        final long n = a.size();
        if (b.size() != n || c.size() != n)
        {
            throw new IllegalArgumentException("vectors of " + n + ", " + b.size() + ", " + c.size() + " elements");
        }
        chunks(n).forEach(chunk ->
        {
            final long[] x = new long[Fr.LIMBS];
            final long[] y = new long[Fr.LIMBS];
            final long[] z = new long[Fr.LIMBS];
            final long end = Math.min(n, chunk + CHUNK);
            for (long i = chunk; i < end; i++)
            {
                a.get(i, x, 0);
                b.get(i, y, 0);
                c.get(i, z, 0);
                Fr.mul(x, 0, x, 0, y, 0);
                Fr.sub(x, 0, x, 0, z, 0);
                if (factor != null)
                {
                    Fr.mul(x, 0, x, 0, factor, 0);
                }
                a.set(i, x, 0);
            }
        });
    }

    /** v[i] ← v[i]·base^i for every i. */
    public static void scaleByPowers(final FrVector v, final long[] base)
    {
        final long n = v.size();
        chunks(n).forEach(chunk ->
        {
            final long[] power = new long[Fr.LIMBS];
            final long[] x = new long[Fr.LIMBS];
            Fr.pow(power, 0, base, 0, java.math.BigInteger.valueOf(chunk));
            final long end = Math.min(n, chunk + CHUNK);
            for (long i = chunk; i < end; i++)
            {
                v.get(i, x, 0);
                Fr.mul(x, 0, x, 0, power, 0);
                v.set(i, x, 0);
                Fr.mul(power, 0, power, 0, base, 0);
            }
        });
    }

    /** @return elements [first, first + count) of a vector, sharing its memory. */
    public static FrVector slice(final FrVector v, final long first, final long count)
    {
        return FrVector.wrap(v.segment().asSlice(first * FrVector.ELEMENT_BYTES, count * FrVector.ELEMENT_BYTES));
    }

    /** @return points [first, first + count) of a vector, sharing its memory. */
    public static G1AffineVector slice(final G1AffineVector v, final long first, final long count)
    {
        return G1AffineVector.wrap(v.segment().asSlice(first * G1AffineVector.ELEMENT_BYTES,
            count * G1AffineVector.ELEMENT_BYTES));
    }

    /** @return points [first, first + count) of a vector, sharing its memory. */
    public static G2AffineVector slice(final G2AffineVector v, final long first, final long count)
    {
        return G2AffineVector.wrap(v.segment().asSlice(first * G2AffineVector.ELEMENT_BYTES,
            count * G2AffineVector.ELEMENT_BYTES));
    }

    private static LongStream chunks(final long n)
    {
        return LongStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().map(k -> k * CHUNK);
    }
}
