package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.BatchAdd;
import io.jprove.field.msm.Msm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Inputs for the device MSM tests and the CPU answers they are checked against: bases that are multiples of the
 * generator with infinities, repeats and negations among them (so buckets meet equal and opposite points), scalar
 * mixes with Groth16's and PoRep's edge values, and bitmaps.
 */
final class MsmInputs
{
    static final BigInteger R = Fr.MODULUS;
    private static final int CPU_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());

    /** Scalar mixes. */
    enum Mix
    {
        /** Uniform in [0, r). */
        UNIFORM,
        /** 0, 1, r − 1, r − 2, 2, 2^254, 2^128 − 1, (r − 1)/2, 0x7fff, 0x8000 and window-edge values. */
        EDGES,
        /** 98 % zeros and ones, the rest uniform (a PoRep witness). */
        POREP,
        /** Every scalar the same: one bucket per window holds every point. */
        EQUAL
    }

    private MsmInputs()
    {
    }

    /** Bases of one group in their vector layout, with the handle the CPU MSM takes. */
    record Bases(MsmCurve curve, MemorySegment segment, Object vector, long count)
    {
    }

    /**
     * @return {@code n} bases: k·G for random k, every 13th infinity, every 7th a repeat of the one before and every
     *         11th its negation.
     */
    static Bases bases(final Arena arena, final MsmCurve curve, final int n, final SplittableRandom rng)
    {
        final int al = curve.affineLimbs();
        final long[] previous = new long[al];
        final long[] point = new long[al];
        final Object vector = curve == MsmCurve.G1 ? G1AffineVector.allocate(arena, n)
            : G2AffineVector.allocate(arena, n);
        final MemorySegment segment = curve == MsmCurve.G1 ? ((G1AffineVector)vector).segment()
            : ((G2AffineVector)vector).segment();
        for (int i = 0; i < n; i++)
        {
            if (i % 13 == 12)
            {
                java.util.Arrays.fill(point, 0L);
            }
            else if (i % 7 == 6 && i > 0)
            {
                System.arraycopy(previous, 0, point, 0, al);
            }
            else if (i % 11 == 10 && i > 0)
            {
                negate(curve, point, previous);
            }
            else
            {
                multiple(curve, point, uniform(rng));
            }
            MemorySegment.copy(point, 0, segment, java.lang.foreign.ValueLayout.JAVA_LONG, (long)i * al * 8, al);
            System.arraycopy(point, 0, previous, 0, al);
        }
        return new Bases(curve, segment, vector, n);
    }

    private static void negate(final MsmCurve curve, final long[] r, final long[] a)
    {
        if (curve == MsmCurve.G1)
        {
            G1.neg(r, 0, a, 0);
        }
        else
        {
            G2.neg(r, 0, a, 0);
        }
    }

    /** {@code r = [k]G}, affine. */
    static void multiple(final MsmCurve curve, final long[] r, final BigInteger k)
    {
        if (curve == MsmCurve.G1)
        {
            final long[] jac = new long[G1.JACOBIAN_LIMBS];
            G1.mul(jac, 0, G1.generator(), 0, k);
            G1.toAffine(r, 0, jac, 0);
        }
        else
        {
            final long[] jac = new long[G2.JACOBIAN_LIMBS];
            G2.mul(jac, 0, G2.generator(), 0, k);
            G2.toAffine(r, 0, jac, 0);
        }
    }

    static BigInteger uniform(final SplittableRandom rng)
    {
        final byte[] b = new byte[40];
        rng.nextBytes(b);
        return new BigInteger(1, b).mod(R);
    }

    /** @return {@code n} scalars of the mix, Montgomery form. */
    static FrVector scalars(final Arena arena, final int n, final Mix mix, final SplittableRandom rng)
    {
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, R.subtract(BigInteger.ONE),
            R.subtract(BigInteger.TWO), BigInteger.TWO, BigInteger.ONE.shiftLeft(254),
            BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE), R.shiftRight(1), BigInteger.valueOf(0x7fff),
            BigInteger.valueOf(0x8000), BigInteger.ONE.shiftLeft(21).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(22), R.subtract(BigInteger.ONE.shiftLeft(100))};
        final BigInteger same = uniform(rng);
        final FrVector v = FrVector.allocate(arena, n);
        for (int i = 0; i < n; i++)
        {
            final BigInteger s = switch (mix)
            {
                case UNIFORM -> uniform(rng);
                case EDGES -> edges[rng.nextInt(edges.length)];
                case POREP -> rng.nextInt(100) < 98 ? BigInteger.valueOf(rng.nextInt(2)) : uniform(rng);
                case EQUAL -> same;
            };
            v.set(i, Fr.of(s), 0);
        }
        return v;
    }

    /** @return a bitmap of {@code n} bits, each set with probability {@code percent}/100. */
    static BitSet bitmap(final int n, final int percent, final SplittableRandom rng)
    {
        final BitSet b = new BitSet(n);
        for (int i = 0; i < n; i++)
        {
            if (rng.nextInt(100) < percent)
            {
                b.set(i);
            }
        }
        return b;
    }

    /** @return the CPU MSM of the bases and scalars (density as bellperson's). */
    static long[] cpuMsm(final Bases bases, final FrVector scalars, final BitSet density)
    {
        return bases.curve() == MsmCurve.G1
            ? Msm.g1((G1AffineVector)bases.vector(), scalars, density, CPU_THREADS)
            : Msm.g2((G2AffineVector)bases.vector(), scalars, density, CPU_THREADS);
    }

    /** @return the CPU batch-add of the selected bases. */
    static long[] cpuBatchAdd(final Bases bases, final BitSet select)
    {
        return bases.curve() == MsmCurve.G1 ? BatchAdd.g1((G1AffineVector)bases.vector(), select, CPU_THREADS)
            : BatchAdd.g2((G2AffineVector)bases.vector(), select, CPU_THREADS);
    }
}
