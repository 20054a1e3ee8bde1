package io.jprove.field;

/**
 * Inversion in {@link Fq} for the tower's inverses (and so the pairing's final exponentiation), with the contract
 * those callers rely on: nothing is allocated, zero maps to zero, and {@code r} may alias {@code a}. It is
 * {@link Fq#inverse} (variable-time binary GCD, {@link SafeGcd}) with its state in per-thread scratch; the caller's
 * scratch range is no longer needed and is left untouched.
 */
final class FqInversion
{
    /** Scratch limbs used by {@link #inverse}: none (kept for callers that size their scratch with it). */
    static final int SCRATCH = 0;

    private FqInversion()
    {
    }

    /**
     * {@code r = a⁻¹} for non-zero {@code a}, and zero for zero. {@code r} may alias {@code a}; {@code s, so} is not
     * used.
     */
    static void inverse(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        if (Fq.isZero(a, ao))
        {
            java.util.Arrays.fill(r, ro, ro + Fq.LIMBS, 0L);
            return;
        }
        Fq.inverse(r, ro, a, ao);
    }
}
