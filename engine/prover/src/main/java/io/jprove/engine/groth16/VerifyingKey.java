package io.jprove.engine.groth16;

import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * A Groth16 verifying key: α₁, β₁, β₂, γ₂, δ₁, δ₂ and ic = [(β·uᵢ(τ) + α·vᵢ(τ) + wᵢ(τ))/γ]₁ for every public
 * input i (ONE first). Immutable; accessors return copies.
 */
public final class VerifyingKey
{
    private final long[] alphaG1;
    private final long[] betaG1;
    private final long[] betaG2;
    private final long[] gammaG2;
    private final long[] deltaG1;
    private final long[] deltaG2;
    private final long[] ic;

    /**
     * @param ic the ic points back to back ({@link G1#AFFINE_LIMBS} limbs each), at least one (ONE's).
     * @throws IllegalArgumentException if a point has the wrong number of limbs.
     */
    public VerifyingKey(final long[] alphaG1, final long[] betaG1, final long[] betaG2, final long[] gammaG2,
        final long[] deltaG1, final long[] deltaG2, final long[] ic)
    {
        this.alphaG1 = limbs(alphaG1, G1.AFFINE_LIMBS, "alpha_g1");
        this.betaG1 = limbs(betaG1, G1.AFFINE_LIMBS, "beta_g1");
        this.betaG2 = limbs(betaG2, G2.AFFINE_LIMBS, "beta_g2");
        this.gammaG2 = limbs(gammaG2, G2.AFFINE_LIMBS, "gamma_g2");
        this.deltaG1 = limbs(deltaG1, G1.AFFINE_LIMBS, "delta_g1");
        this.deltaG2 = limbs(deltaG2, G2.AFFINE_LIMBS, "delta_g2");
        if (ic.length == 0 || ic.length % G1.AFFINE_LIMBS != 0)
        {
            throw new IllegalArgumentException("ic holds " + ic.length + " limbs, not a positive number of G1 points");
        }
        this.ic = ic.clone();
    }

    private static long[] limbs(final long[] p, final int n, final String what)
    {
        if (p.length != n)
        {
            throw new IllegalArgumentException(what + " has " + p.length + " limbs, expected " + n);
        }
        return p.clone();
    }

    /** @return α·G1. */
    public long[] alphaG1()
    {
        return alphaG1.clone();
    }

    /** @return β·G1. */
    public long[] betaG1()
    {
        return betaG1.clone();
    }

    /** @return β·G2. */
    public long[] betaG2()
    {
        return betaG2.clone();
    }

    /** @return γ·G2. */
    public long[] gammaG2()
    {
        return gammaG2.clone();
    }

    /** @return δ·G1. */
    public long[] deltaG1()
    {
        return deltaG1.clone();
    }

    /** @return δ·G2. */
    public long[] deltaG2()
    {
        return deltaG2.clone();
    }

    /** @return all ic points back to back. */
    public long[] ic()
    {
        return ic.clone();
    }

    /** @return public inputs the key accepts, ONE included: the number of ic points. */
    public int numInputs()
    {
        return ic.length / G1.AFFINE_LIMBS;
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof final VerifyingKey k && java.util.Arrays.equals(alphaG1, k.alphaG1)
            && java.util.Arrays.equals(betaG1, k.betaG1) && java.util.Arrays.equals(betaG2, k.betaG2)
            && java.util.Arrays.equals(gammaG2, k.gammaG2) && java.util.Arrays.equals(deltaG1, k.deltaG1)
            && java.util.Arrays.equals(deltaG2, k.deltaG2) && java.util.Arrays.equals(ic, k.ic);
    }

    @Override
    public int hashCode()
    {
        return java.util.Arrays.hashCode(ic) * 31 + java.util.Arrays.hashCode(alphaG1);
    }
}
