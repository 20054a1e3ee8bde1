package io.jprove.kernels;

/** Fq (6 × 64-bit limbs, R = 2^384) as BigInteger code: registered as the Fq intrinsics' CPU meaning in tests. */
public final class RefFq
{
    private RefFq()
    {
    }

    /** r = a·b·R⁻¹ mod p. */
    public static void mul(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.mul(MontgomeryReference.P_MODULUS, r, a, b);
    }

    /** r = a²·R⁻¹ mod p. */
    public static void square(final long[] r, final long[] a)
    {
        MontgomeryReference.mul(MontgomeryReference.P_MODULUS, r, a, a);
    }

    /** r = a + b mod p. */
    public static void add(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.add(MontgomeryReference.P_MODULUS, r, a, b);
    }

    /** r = a − b mod p. */
    public static void sub(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.sub(MontgomeryReference.P_MODULUS, r, a, b);
    }
}
