package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/** The pointwise phase of the Groth16 H computation, between the coset NTTs and the last inverse transform. */
public final class HChainKernels
{
    private static final int L = Fr.LIMBS;

    private HChainKernels()
    {
    }

    /**
     * a[i] ← (a[i]·b[i] − c[i])·z for i &lt; count, where z is the vanishing polynomial's inverse on the coset
     * (bellperson) when {@code divide} is 1, or a[i] ← a[i]·b[i] − c[i] (snarkjs, whose H query absorbs the
     * division) when it is 0. z's Montgomery limbs are the last four arguments.
     */
    @Kernel
    public static void combine(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray c,
        final long count, final int divide, final long z0, final long z1, final long z2, final long z3)
    {
        final long i = ctx.globalIdX();
        if (i >= count)
        {
            return;
        }
        final long[] x = new long[L];
        final long[] y = new long[L];
        for (int k = 0; k < L; k++)
        {
            x[k] = a.get(i * L + k);
            y[k] = b.get(i * L + k);
        }
        Fr.mul(x, 0, x, 0, y, 0);
        for (int k = 0; k < L; k++)
        {
            y[k] = c.get(i * L + k);
        }
        Fr.sub(x, 0, x, 0, y, 0);
        if (divide != 0)
        {
            final long[] z = {z0, z1, z2, z3};
            Fr.mul(x, 0, x, 0, z, 0);
        }
        for (int k = 0; k < L; k++)
        {
            a.set(i * L + k, x[k]);
        }
    }
}
