package io.jprove.field;

import java.math.BigInteger;

/**
 * Inversion in {@link Fq} by Fermat's little theorem, {@code a⁻¹ = a^(p−2)}, written against caller scratch so that
 * the tower's inverses (and so the pairing's final exponentiation) allocate nothing. {@link Fq#inverse} is faster but
 * allocates through {@link BigInteger}; this one runs a fixed sequence of operations whatever the input.
 */
final class FqInversion
{
    /** Scratch limbs used by {@link #inverse}. */
    static final int SCRATCH = 2 * Fq.LIMBS + FqWide.LIMBS;

    /** p − 2, limb by limb (least significant first). */
    private static final long[] EXPONENT = exponent();
    private static final long[] ONE = Fq.one();

    private FqInversion()
    {
    }

    private static long[] exponent()
    {
        final long[] e = new long[Fq.LIMBS];
        Limbs.fromBigInteger(Fq.MODULUS.subtract(BigInteger.TWO), e, 0, Fq.LIMBS);
        return e;
    }

    /**
     * {@code r = a^(p−2)}, which is {@code a⁻¹} for non-zero {@code a} (and zero for zero: callers check).
     * Uses {@link #SCRATCH} limbs of {@code s} at {@code so}; {@code r} may alias {@code a}.
     */
    static void inverse(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int base = so;
        final int acc = so + Fq.LIMBS;
        final int wide = so + 2 * Fq.LIMBS;
        Fq.copy(s, base, a, ao);
        Fq.copy(s, acc, ONE, 0);
        for (int i = Fq.MODULUS.bitLength() - 1; i >= 0; i--)
        {
            FqWide.mulReduce(s, acc, s, acc, s, acc, s, wide);
            if (((EXPONENT[i >>> 6] >>> (i & 63)) & 1) != 0)
            {
                FqWide.mulReduce(s, acc, s, acc, s, base, s, wide);
            }
        }
        Fq.copy(r, ro, s, acc);
    }
}
