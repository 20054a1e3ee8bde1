package io.jprove.field.inline;

import io.jprove.field.Fq;

/**
 * Inversion in Fq as a^(p−2) (Fermat's little theorem), by left-to-right square-and-multiply over the 381 bits of
 * p − 2: 380 squarings and 228 multiplications. Slow next to the CPU's binary GCD ({@link Fq#inverse}), but a kernel
 * can run it: its bit loop has no data-dependent branch (every item takes the same path, so a warp never diverges)
 * and the compiler keeps it a loop rather than unrolling 600 multiplications. Zero maps to zero.
 */
public final class FermatInverse
{
    /** Bits of p − 2. */
    static final int BITS = 381;
    /** p − 2, limb 0 (little-endian 64-bit limbs; a test recomputes them from the modulus). */
    static final long E0 = 0xb9feffffffffaaa9L;
    static final long E1 = 0x1eabfffeb153ffffL;
    static final long E2 = 0x6730d2a0f6b0f624L;
    static final long E3 = 0x64774b84f38512bfL;
    static final long E4 = 0x4b1ba7b6434bacd7L;
    static final long E5 = 0x1a0111ea397fe69aL;
    /** R mod p (R = 2^384): one in Montgomery form, limb 0. */
    static final long ONE0 = 0x760900000002fffdL;
    static final long ONE1 = 0xebf4000bc40c0002L;
    static final long ONE2 = 0x5f48985753c758baL;
    static final long ONE3 = 0x77ce585370525745L;
    static final long ONE4 = 0x5c071a97a256ec6dL;
    static final long ONE5 = 0x15f65ec3fa80e493L;

    private FermatInverse()
    {
    }

    /** {@code r = a^(p−2)}: a⁻¹, or 0 for a = 0. */
    public static void fq(final long[] r, final int ro, final long[] a, final int ao)
    {
        final long[] x = new long[2 * Fq.LIMBS];
        for (int k = 0; k < Fq.LIMBS; k++)
        {
            x[k] = a[ao + k];
        }
        setOne(x, Fq.LIMBS);
        for (int i = BITS - 1; i >= 0; i--)
        {
            Fq.square(x, Fq.LIMBS, x, Fq.LIMBS);
            if (((exponentLimb(i >>> 6) >>> (i & 63)) & 1) != 0)
            {
                Fq.mul(x, Fq.LIMBS, x, Fq.LIMBS, x, 0);
            }
        }
        for (int k = 0; k < Fq.LIMBS; k++)
        {
            r[ro + k] = x[Fq.LIMBS + k];
        }
    }

    /** Writes one (Montgomery form) at {@code r[ro ..)}. */
    public static void setOne(final long[] r, final int ro)
    {
        r[ro] = ONE0;
        r[ro + 1] = ONE1;
        r[ro + 2] = ONE2;
        r[ro + 3] = ONE3;
        r[ro + 4] = ONE4;
        r[ro + 5] = ONE5;
    }

    /** @return limb {@code j} of p − 2, chosen by selects rather than an array (kernels index arrays by constants). */
    static long exponentLimb(final int j)
    {
        final long low = j == 0 ? E0 : j == 1 ? E1 : E2;
        final long high = j == 3 ? E3 : j == 4 ? E4 : E5;
        return j < 3 ? low : high;
    }
}
