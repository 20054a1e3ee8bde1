package io.jprove.engine.groth16;

import io.jprove.field.Fq12;
import io.jprove.field.G2;
import io.jprove.field.Pairing;

/**
 * A verifying key made ready for the check e(A, B)·e(acc, −γ₂)·e(C, −δ₂) = e(α₁, β₂): the negated G2 points and the
 * target e(α₁, β₂), computed once. Immutable.
 */
public final class PreparedVerifyingKey
{
    private final VerifyingKey vk;
    private final long[] negGammaG2;
    private final long[] negDeltaG2;
    private final long[] alphaBeta;

    /** Prepares a key: two negations and one pairing. */
    public PreparedVerifyingKey(final VerifyingKey vk)
    {
        this.vk = vk;
        negGammaG2 = new long[G2.AFFINE_LIMBS];
        G2.neg(negGammaG2, 0, vk.gammaG2(), 0);
        negDeltaG2 = new long[G2.AFFINE_LIMBS];
        G2.neg(negDeltaG2, 0, vk.deltaG2(), 0);
        alphaBeta = Pairing.pair(vk.alphaG1(), vk.betaG2());
    }

    /** @return the key it was prepared from. */
    public VerifyingKey vk()
    {
        return vk;
    }

    long[] negGammaG2()
    {
        return negGammaG2;
    }

    long[] negDeltaG2()
    {
        return negDeltaG2;
    }

    /** @return e(α₁, β₂) (a copy, {@link Fq12#LIMBS} limbs). */
    public long[] alphaBeta()
    {
        return alphaBeta.clone();
    }

    long[] alphaBetaShared()
    {
        return alphaBeta;
    }
}
