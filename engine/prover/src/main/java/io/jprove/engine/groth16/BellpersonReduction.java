package io.jprove.engine.groth16;

import io.jprove.field.ntt.EvaluationDomain;

/**
 * bellperson's reduction: the quotient H = (A·B − C)/Z, Z(X) = X^m − 1, computed on the coset 7·⟨ω⟩ where Z is the
 * constant 7^m − 1, then interpolated back: h = its first m − 1 coefficients (deg H ≤ m − 2), which pair with the
 * key's [τ^i·Z(τ)/δ]₁. Seven NTTs.
 */
public final class BellpersonReduction implements QapReduction
{
    /** The one instance: the reduction has no state. */
    public static final BellpersonReduction INSTANCE = new BellpersonReduction();

    private BellpersonReduction()
    {
    }

    @Override
    public String name()
    {
        return "bellperson";
    }

    @Override
    public HChainSpec hChain(final EvaluationDomain domain)
    {
        return new HChainSpec(domain, domain.cosetGenerator(), domain.vanishingInverseOnCoset(),
            HChainSpec.Output.COEFFICIENTS, domain.size() - 1);
    }

    @Override
    public long domainSizeOf(final long hQueryPoints)
    {
        return hQueryPoints + 1;
    }

    @Override
    public String toString()
    {
        return name();
    }
}
