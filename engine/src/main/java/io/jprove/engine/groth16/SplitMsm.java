package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.util.BitSet;

import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.ScalarSplit;

/**
 * Σ sᵢ·Pᵢ with the scalars split ({@link ScalarSplit}): zeros dropped, the bases of the ones summed by the backend's
 * batch-add, the rest by a tail MSM over their gathered bases. Density as {@link ProverBackend}'s MSMs.
 */
public final class SplitMsm
{
    private SplitMsm()
    {
    }

    /** @return Σ sᵢ·Pᵢ over G1, affine; the tail's scratch lives in {@code arena}. */
    public static long[] g1(final ProverBackend backend, final G1AffineVector bases, final FrVector scalars,
        final BitSet density, final Arena arena)
    {
        return g1(backend, bases, ScalarSplit.of(scalars, density, bases.size(), arena), arena);
    }

    /** @return Σ sᵢ·Pᵢ over G2, affine. */
    public static long[] g2(final ProverBackend backend, final G2AffineVector bases, final FrVector scalars,
        final BitSet density, final Arena arena)
    {
        return g2(backend, bases, ScalarSplit.of(scalars, density, bases.size(), arena), arena);
    }

    /** @return Σ sᵢ·Pᵢ over G2 for a split already made (one split serves B in G1 and in G2). */
    public static long[] g2(final ProverBackend backend, final G2AffineVector bases, final ScalarSplit split,
        final Arena arena)
    {
        final long[] ones = backend.batchAddG2(bases, split.ones());
        final long[] tail = backend.msmG2(split.tailBases(bases, arena), split.tailScalars(), null);
        final long[] sum = new long[G2.JACOBIAN_LIMBS];
        G2.toJacobian(sum, 0, ones, 0);
        G2.addMixed(sum, 0, sum, 0, tail, 0);
        final long[] a = new long[G2.AFFINE_LIMBS];
        G2.toAffine(a, 0, sum, 0);
        return a;
    }

    /** @return Σ sᵢ·Pᵢ over G1 for a split already made. */
    public static long[] g1(final ProverBackend backend, final G1AffineVector bases, final ScalarSplit split,
        final Arena arena)
    {
        final long[] ones = backend.batchAddG1(bases, split.ones());
        final long[] tail = backend.msmG1(split.tailBases(bases, arena), split.tailScalars(), null);
        final long[] sum = new long[G1.JACOBIAN_LIMBS];
        G1.toJacobian(sum, 0, ones, 0);
        G1.addMixed(sum, 0, sum, 0, tail, 0);
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.toAffine(a, 0, sum, 0);
        return a;
    }
}
