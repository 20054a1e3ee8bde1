package io.jprove.engine.cpu;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.FrVectors;
import io.jprove.engine.groth16.HChain;
import io.jprove.engine.groth16.HChainSpec;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.Ntt;
import io.jprove.timeline.TimelineClock;

/**
 * The {@link HChain} of the CPU backend: the four-step {@link Ntt} on host vectors. For g = 7 the coset scaling rides
 * inside the NTT's passes ({@link Ntt#cosetForward}, {@link Ntt#cosetInverse}); any other g (snarkjs's) takes one
 * extra pass per vector. Each NTT and the quotient pass is reported as a kernel. Safe for several threads at once:
 * the NTT's pool is shared, each call's data is its own.
 */
final class CpuHChain implements HChain<FrVector>
{
    private static final String[] NAMES = {"a", "b", "c"};

    private final Ntt ntt;

    /** @param ntt the transform to run on (not closed here). */
    CpuHChain(final Ntt ntt)
    {
        this.ntt = ntt;
    }

    @Override
    public void compute(final FrVector a, final FrVector b, final FrVector c, final HChainSpec spec,
        final BackendListener listener)
    {
        final long m = spec.domain().size();
        if (a.size() != m || b.size() != m || c.size() != m)
        {
            throw new IllegalArgumentException("the H chain over a domain of " + m + " got vectors of " + a.size()
                + ", " + b.size() + ", " + c.size() + " elements");
        }
        final boolean seven = spec.isGeneratorSeven();
        final long[] shift = spec.cosetShift();
        final FrVector[] vectors = {a, b, c};
        for (int i = 0; i < vectors.length; i++)
        {
            final FrVector v = vectors[i];
            step(listener, "intt " + NAMES[i], () -> ntt.inverse(v));
            if (seven)
            {
                step(listener, "coset ntt " + NAMES[i], () -> ntt.cosetForward(v));
            }
            else
            {
                step(listener, "coset ntt " + NAMES[i], () ->
                {
                    FrVectors.scaleByPowers(v, shift);
                    ntt.forward(v);
                });
            }
        }
        // a factor of one (snarkjs) is skipped: a multiplication per element saved
        final long[] factor = Fr.equal(spec.quotientFactor(), 0, Fr.one(), 0) ? null : spec.quotientFactor();
        step(listener, "quotient", () -> FrVectors.mulSubScale(a, b, c, factor));
        if (spec.output() == HChainSpec.Output.COEFFICIENTS)
        {
            if (seven)
            {
                step(listener, "coset intt h", () -> ntt.cosetInverse(a));
            }
            else
            {
                final long[] inverse = spec.cosetShiftInverse();
                step(listener, "coset intt h", () ->
                {
                    ntt.inverse(a);
                    FrVectors.scaleByPowers(a, inverse);
                });
            }
        }
    }

    private static void step(final BackendListener listener, final String name, final Runnable work)
    {
        final long startNs = TimelineClock.nowNs();
        work.run();
        listener.kernel(ProvingPhase.H, name, startNs, TimelineClock.nowNs() - startNs);
    }
}
