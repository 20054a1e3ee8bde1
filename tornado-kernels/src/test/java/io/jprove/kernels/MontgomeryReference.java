package io.jprove.kernels;

import java.math.BigInteger;

/** Montgomery arithmetic with BigInteger: the independent meaning of the field intrinsics in tests. */
final class MontgomeryReference
{
    static final BigInteger X = new BigInteger("-d201000000010000", 16);
    /** r = x⁴ − x² + 1. */
    static final BigInteger R_MODULUS = X.pow(4).subtract(X.pow(2)).add(BigInteger.ONE);
    /** p = (x − 1)²·r/3 + x. */
    static final BigInteger P_MODULUS = X.subtract(BigInteger.ONE).pow(2).multiply(R_MODULUS)
        .divide(BigInteger.valueOf(3)).add(X);

    private MontgomeryReference()
    {
    }

    static BigInteger toBig(final long[] limbs)
    {
        BigInteger v = BigInteger.ZERO;
        for (int i = limbs.length - 1; i >= 0; i--)
        {
            v = v.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(limbs[i])));
        }
        return v;
    }

    static void fromBig(final long[] out, final BigInteger v)
    {
        for (int i = 0; i < out.length; i++)
        {
            out[i] = v.shiftRight(64 * i).longValue();
        }
    }

    static void mul(final BigInteger p, final long[] r, final long[] a, final long[] b)
    {
        final BigInteger rInv = BigInteger.ONE.shiftLeft(64 * r.length).modInverse(p);
        fromBig(r, toBig(a).multiply(toBig(b)).multiply(rInv).mod(p));
    }

    static void add(final BigInteger p, final long[] r, final long[] a, final long[] b)
    {
        fromBig(r, toBig(a).add(toBig(b)).mod(p));
    }

    static void sub(final BigInteger p, final long[] r, final long[] a, final long[] b)
    {
        fromBig(r, toBig(a).subtract(toBig(b)).mod(p));
    }
}
