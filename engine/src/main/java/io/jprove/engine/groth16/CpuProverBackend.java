package io.jprove.engine.groth16;

import java.util.BitSet;

import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.BatchAdd;
import io.jprove.field.msm.Msm;
import io.jprove.field.ntt.Ntt;

/**
 * The CPU backend: the four-step {@link Ntt}, Pippenger's {@link Msm} and the inversion-sharing {@link BatchAdd},
 * each on a fixed number of threads.
 */
public final class CpuProverBackend implements ProverBackend
{
    private final int threads;
    private final Ntt ntt;

    /** A backend on every available processor. */
    public CpuProverBackend()
    {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** @param threads worker threads for NTTs and MSMs, at least 1. */
    public CpuProverBackend(final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.ntt = new Ntt(threads);
    }

    @Override
    public String name()
    {
        return "cpu(" + threads + " threads)";
    }

    @Override
    public void forwardNtt(final FrVector vector)
    {
        ntt.forward(vector);
    }

    @Override
    public void inverseNtt(final FrVector vector)
    {
        ntt.inverse(vector);
    }

    @Override
    public void cosetForwardNtt(final FrVector vector)
    {
        ntt.cosetForward(vector);
    }

    @Override
    public void cosetInverseNtt(final FrVector vector)
    {
        ntt.cosetInverse(vector);
    }

    @Override
    public long[] msmG1(final G1AffineVector bases, final FrVector scalars, final BitSet density)
    {
        return Msm.g1(bases, scalars, density, threads);
    }

    @Override
    public long[] msmG2(final G2AffineVector bases, final FrVector scalars, final BitSet density)
    {
        return Msm.g2(bases, scalars, density, threads);
    }

    @Override
    public long[] batchAddG1(final G1AffineVector points, final BitSet select)
    {
        return BatchAdd.g1(points, select, threads);
    }

    @Override
    public long[] batchAddG2(final G2AffineVector points, final BitSet select)
    {
        return BatchAdd.g2(points, select, threads);
    }

    @Override
    public void close()
    {
        ntt.close();
    }
}
