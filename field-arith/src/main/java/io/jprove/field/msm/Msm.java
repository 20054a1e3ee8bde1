package io.jprove.field.msm;

import java.util.BitSet;

import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/**
 * Multi-scalar multiplication Σ sᵢ·Pᵢ on the CPU for G1 and G2 (Pippenger, {@link Pippenger}), multi-threaded.
 * <p>
 * Scalars come in an {@link FrVector} (Montgomery form; converted to canonical once per call, in bulk); bases in the
 * affine vectors' off-heap layout, infinities allowed. Results are affine limbs (all-zero for infinity).
 * <p>
 * Density, as bellperson's {@code multiexp} with a {@code DensityTracker}: the scalars are all variables, the bases
 * only those whose density bit is set, in order. Scalar i pairs with the next unused base exactly when bit i is set
 * and is ignored otherwise, so the base count must equal the number of set bits below the scalar count.
 * <p>
 * Threads: vectors in a shared, global or automatic arena are read by {@code threads} workers; vectors in a confined
 * arena can only be read by their owner, so the MSM then runs on the calling thread alone.
 */
public final class Msm
{
    private Msm()
    {
    }

    /** @return Σ sᵢ·Pᵢ over G1 on every core; bases and scalars must have the same size. */
    public static long[] g1(final G1AffineVector bases, final FrVector scalars)
    {
        return g1(bases, scalars, null, Parallel.defaultThreads());
    }

    /**
     * @param density null, or the bitmap selecting which scalars have a base (see the type's description).
     * @param threads worker threads, at least 1.
     * @return Σ sᵢ·Pᵢ over G1, affine ({@link G1#AFFINE_LIMBS} limbs).
     * @throws IllegalArgumentException if the base count does not match the scalars (and density).
     */
    public static long[] g1(final G1AffineVector bases, final FrVector scalars, final BitSet density,
        final int threads)
    {
        final long[] r = new long[G1.AFFINE_LIMBS];
        Pippenger.msm(MsmGroup.G1_GROUP, bases.segment(), scalars.segment(), density, threads, r, 0);
        return r;
    }

    /** @return Σ sᵢ·Pᵢ over G2 on every core; bases and scalars must have the same size. */
    public static long[] g2(final G2AffineVector bases, final FrVector scalars)
    {
        return g2(bases, scalars, null, Parallel.defaultThreads());
    }

    /**
     * @param density null, or the bitmap selecting which scalars have a base (see the type's description).
     * @param threads worker threads, at least 1.
     * @return Σ sᵢ·Pᵢ over G2, affine ({@link G2#AFFINE_LIMBS} limbs).
     * @throws IllegalArgumentException if the base count does not match the scalars (and density).
     */
    public static long[] g2(final G2AffineVector bases, final FrVector scalars, final BitSet density,
        final int threads)
    {
        final long[] r = new long[G2.AFFINE_LIMBS];
        Pippenger.msm(MsmGroup.G2_GROUP, bases.segment(), scalars.segment(), density, threads, r, 0);
        return r;
    }
}
