package io.jprove.kernels;

/** Fr (4 × 64-bit limbs, R = 2^256) as BigInteger code: registered as the Fr intrinsics' CPU meaning in tests. */
public final class RefFr
{
    private RefFr()
    {
    }

    /** r = a·b·R⁻¹ mod r. */
    public static void mul(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.mul(MontgomeryReference.R_MODULUS, r, a, b);
    }

    /** r = a²·R⁻¹ mod r. */
    public static void square(final long[] r, final long[] a)
    {
        MontgomeryReference.mul(MontgomeryReference.R_MODULUS, r, a, a);
    }

    /** r = a + b mod r. */
    public static void add(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.add(MontgomeryReference.R_MODULUS, r, a, b);
    }

    /** r = a − b mod r. */
    public static void sub(final long[] r, final long[] a, final long[] b)
    {
        MontgomeryReference.sub(MontgomeryReference.R_MODULUS, r, a, b);
    }
}
