package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * Benchmark bases with a closed-form answer: Pᵢ = (a + i·b)·G for random a, b, so Σ sᵢ·Pᵢ = (a·Σsᵢ + b·Σ i·sᵢ)·G
 * and the sum of a selection is (a·|S| + b·Σ_{i∈S} i)·G — two sums and one scalar multiplication check a timed MSM
 * of any size. The points are generated as a running sum (one mixed addition each), in parallel ranges.
 */
public final class PointProgression
{
    /** The group of the points. */
    public enum Curve
    {
        G1, G2
    }

    private static final int CHUNK = 1 << 12;

    private final Curve curve;
    private final BigInteger a;
    private final BigInteger b;

    private PointProgression(final Curve curve, final BigInteger a, final BigInteger b)
    {
        this.curve = curve;
        this.a = a;
        this.b = b;
    }

    /** @return a progression with a and b drawn from {@code seed}. */
    public static PointProgression random(final Curve curve, final long seed)
    {
        final SplittableRandom rng = new SplittableRandom(seed);
        return new PointProgression(curve, scalar(rng), scalar(rng));
    }

    private static BigInteger scalar(final SplittableRandom rng)
    {
        final byte[] bytes = new byte[40];
        rng.nextBytes(bytes);
        return new BigInteger(1, bytes).mod(Fr.MODULUS);
    }

    /** Writes P₀, P₁, … into every slot of an affine vector's segment of this curve, on {@code threads} threads. */
    public void fill(final MemorySegment points, final int threads)
    {
        final MsmGroup g = group();
        final int al = g.affineLimbs();
        final long n = points.byteSize() / ((long)al * Long.BYTES);
        final int tasks = (int)((n + CHUNK - 1) / CHUNK);
        final int workers = Parallel.sharable(points) ? threads : 1;
        Parallel.run(workers, tasks, (worker, task) ->
        {
            final long lo = (long)task * CHUNK;
            final int count = (int)Math.min(CHUNK, n - lo);
            final int jl = 3 * g.fieldLimbs();
            final long[] jac = new long[count * jl];
            final long[] running = new long[jl];
            final long[] step = new long[jl];
            final long[] stepAffine = new long[al];
            multiple(running, a.add(b.multiply(BigInteger.valueOf(lo))));
            multiple(step, b);
            toAffine(stepAffine, step);
            for (int k = 0; k < count; k++)
            {
                System.arraycopy(running, 0, jac, k * jl, jl);
                addMixed(running, stepAffine);
            }
            final long[] affine = new long[count * al];
            if (curve == Curve.G1)
            {
                G1.batchToAffine(affine, 0, jac, 0, count);
            }
            else
            {
                G2.batchToAffine(affine, 0, jac, 0, count);
            }
            MemorySegment.copy(affine, 0, points, MsmGroup.LIMB, lo * al * Long.BYTES, count * al);
        });
    }

    /** @return Σ sᵢ·Pᵢ over the first {@code scalars.size()} points, affine, from the closed form. */
    public long[] expectedMsm(final FrVector scalars)
    {
        final long[] s = new long[Fr.LIMBS];
        final long[] suffix = new long[Fr.LIMBS];
        final long[] weighted = new long[Fr.LIMBS];
        for (long i = scalars.size() - 1; i >= 0; i--)
        {
            scalars.get(i, s, 0);
            Fr.add(suffix, 0, suffix, 0, s, 0);
            if (i > 0)
            {
                // Σ i·sᵢ = Σ_{j ≥ 1} Σ_{i ≥ j} sᵢ
                Fr.add(weighted, 0, weighted, 0, suffix, 0);
            }
        }
        return expected(Fr.toBigInteger(suffix, 0), Fr.toBigInteger(weighted, 0));
    }

    /** @return the sum of the selected points among the first {@code n} (null selects all), affine. */
    public long[] expectedSum(final BitSet select, final long n)
    {
        BigInteger count = BigInteger.ZERO;
        BigInteger indexSum = BigInteger.ZERO;
        if (select == null)
        {
            count = BigInteger.valueOf(n);
            indexSum = BigInteger.valueOf(n).multiply(BigInteger.valueOf(n - 1)).shiftRight(1);
        }
        else
        {
            long c = 0;
            long sum = 0;
            for (int i = select.nextSetBit(0); i >= 0 && i < n; i = select.nextSetBit(i + 1))
            {
                c++;
                sum += i;
            }
            count = BigInteger.valueOf(c);
            indexSum = BigInteger.valueOf(sum);
        }
        return expected(count, indexSum);
    }

    private long[] expected(final BigInteger sum, final BigInteger weighted)
    {
        final MsmGroup g = group();
        final long[] jac = new long[3 * g.fieldLimbs()];
        multiple(jac, a.multiply(sum).add(b.multiply(weighted)));
        final long[] r = new long[g.affineLimbs()];
        toAffine(r, jac);
        return r;
    }

    private MsmGroup group()
    {
        return curve == Curve.G1 ? MsmGroup.G1_GROUP : MsmGroup.G2_GROUP;
    }

    /** {@code r = [k]G}, Jacobian. */
    private void multiple(final long[] r, final BigInteger k)
    {
        if (curve == Curve.G1)
        {
            G1.mul(r, 0, G1.generator(), 0, k);
        }
        else
        {
            G2.mul(r, 0, G2.generator(), 0, k);
        }
    }

    private void toAffine(final long[] r, final long[] jac)
    {
        if (curve == Curve.G1)
        {
            G1.toAffine(r, 0, jac, 0);
        }
        else
        {
            G2.toAffine(r, 0, jac, 0);
        }
    }

    private void addMixed(final long[] running, final long[] affine)
    {
        if (curve == Curve.G1)
        {
            G1.addMixed(running, 0, running, 0, affine, 0);
        }
        else
        {
            G2.addMixed(running, 0, running, 0, affine, 0);
        }
    }

    @Override
    public String toString()
    {
        return curve + " progression " + Arrays.toString(new BigInteger[] {a, b});
    }
}
