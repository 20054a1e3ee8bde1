package io.jprove.field;

import java.math.BigInteger;

/**
 * The constants of the tower's Frobenius maps, computed at class initialisation from p: for a power k and an
 * exponent j of w, {@code γ(k, j) = ξ^(j·(p^k − 1)/6)} with ξ = u + 1, so that {@code (w^j)^(p^k) = γ(k, j)·w^j}
 * (because w⁶ = ξ). The v-constants of Fq6 are the even j: {@code v^(p^k) = γ(k, 2)·v},
 * {@code (v²)^(p^k) = γ(k, 4)·v²}.
 * Valid because p ≡ 1 (mod 6), which {@code FrobeniusCoefficientsTest} checks.
 */
final class FrobeniusCoefficients
{
    /** Highest power of p with a table. */
    static final int MAX_POWER = 3;

    /** {@code TABLE[k]} holds γ(k, 0..5) back to back, 6 × 12 limbs. */
    private static final long[][] TABLE = table();

    private FrobeniusCoefficients()
    {
    }

    private static long[][] table()
    {
        final long[] xi = Fq2.of(BigInteger.ONE, BigInteger.ONE);
        final long[][] out = new long[MAX_POWER + 1][];
        for (int k = 0; k <= MAX_POWER; k++)
        {
            final BigInteger sixth = Fq.MODULUS.pow(k).subtract(BigInteger.ONE).divide(BigInteger.valueOf(6));
            out[k] = new long[6 * Fq2.LIMBS];
            for (int j = 0; j < 6; j++)
            {
                Fq2.pow(out[k], j * Fq2.LIMBS, xi, 0, sixth.multiply(BigInteger.valueOf(j)));
            }
        }
        return out;
    }

    /** @return the array holding γ(k, ·); γ(k, j) starts at {@link #offset(int)}. */
    static long[] of(final int power)
    {
        return TABLE[power];
    }

    /** @return the offset of γ(k, j) in {@link #of(int)}. */
    static int offset(final int j)
    {
        return j * Fq2.LIMBS;
    }
}
