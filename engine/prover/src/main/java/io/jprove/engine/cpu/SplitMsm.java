package io.jprove.engine.cpu;

import java.lang.foreign.Arena;
import java.util.BitSet;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.GroupOps;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.BatchAdd;
import io.jprove.field.msm.Msm;
import io.jprove.field.msm.ScalarSplit;
import io.jprove.timeline.TimelineClock;

/**
 * Σ sᵢ·Pᵢ on the CPU with the scalars split ({@link ScalarSplit}): zeros dropped, the bases of the ones summed by
 * {@link BatchAdd}, the rest by a tail {@link Msm} over their gathered bases; each step reported as a kernel. Density
 * as {@link Msm}'s.
 */
final class SplitMsm
{
    private final int threads;
    private final BackendListener listener;
    private final Arena arena;

    /**
     * @param threads  worker threads per step.
     * @param listener told of each step.
     * @param arena    owns the tails' scratch.
     */
    SplitMsm(final int threads, final BackendListener listener, final Arena arena)
    {
        this.threads = threads;
        this.listener = listener;
        this.arena = arena;
    }

    /** @return the split of {@code scalars} against {@code baseCount} bases, reported as the kernel "split NAME". */
    ScalarSplit split(final String name, final FrVector scalars, final BitSet density, final long baseCount)
    {
        final long startNs = TimelineClock.nowNs();
        final ScalarSplit split = ScalarSplit.of(scalars, density, baseCount, arena);
        listener.kernel(ProvingPhase.SPLIT, "split " + name, startNs, TimelineClock.nowNs() - startNs);
        return split;
    }

    /** @return Σ over G1, affine, for a split already made. */
    long[] g1(final String name, final G1AffineVector bases, final ScalarSplit split)
    {
        long startNs = TimelineClock.nowNs();
        final long[] ones = BatchAdd.g1(bases, split.ones(), threads);
        startNs = report("batch-add " + name, startNs);
        final long[] tail = Msm.g1(split.tailBases(bases, arena), split.tailScalars(), null, threads);
        report("msm " + name + " tail", startNs);
        return GroupOps.G1_OPS.addAffine(ones, tail);
    }

    /** @return Σ over G2, affine, for a split already made (one split serves B in G1 and in G2). */
    long[] g2(final String name, final G2AffineVector bases, final ScalarSplit split)
    {
        long startNs = TimelineClock.nowNs();
        final long[] ones = BatchAdd.g2(bases, split.ones(), threads);
        startNs = report("batch-add " + name, startNs);
        final long[] tail = Msm.g2(split.tailBases(bases, arena), split.tailScalars(), null, threads);
        report("msm " + name + " tail", startNs);
        return GroupOps.G2_OPS.addAffine(ones, tail);
    }

    /** @return Σ over G1 of a dense MSM without split (the h query: its scalars are random). */
    long[] dense(final String name, final G1AffineVector bases, final FrVector scalars)
    {
        final long startNs = TimelineClock.nowNs();
        final long[] sum = Msm.g1(bases, scalars, null, threads);
        report("msm " + name, startNs);
        return sum;
    }

    private long report(final String name, final long startNs)
    {
        final long now = TimelineClock.nowNs();
        listener.kernel(ProvingPhase.MSM, name, startNs, now - startNs);
        return now;
    }
}
