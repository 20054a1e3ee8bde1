package io.jprove.field;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;

import supranational.blst.P1;
import supranational.blst.P1_Affine;
import supranational.blst.Scalar;

/**
 * Bridges between jprove's limb points and the independent implementations the curve tests check against: Bouncy
 * Castle's generic prime curve (G1 only) and blst through jblst. The bridges go through BigInteger coordinates and
 * blst's own uncompressed bytes, never through jprove's encoders.
 */
final class CurveOracles
{
    static final BigInteger P = Fq.MODULUS;
    static final BigInteger R = Fr.MODULUS;
    static final BigInteger G1_COFACTOR = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);
    /** y² = x³ + 4 over Fq, as Bouncy Castle computes it. */
    static final ECCurve BC_G1 = new ECCurve.Fp(P, BigInteger.ZERO, BigInteger.valueOf(4), R, G1_COFACTOR);

    private CurveOracles()
    {
    }

    /** @return the canonical big-endian 48-byte form of a field value. */
    static byte[] be48(final BigInteger v)
    {
        final byte[] out = new byte[48];
        final byte[] raw = v.toByteArray();
        final int len = Math.min(raw.length, 48);
        System.arraycopy(raw, raw.length - len, out, 48 - len, len);
        return out;
    }

    static BigInteger x(final long[] a)
    {
        return Fq.toBigInteger(a, 0);
    }

    static BigInteger y(final long[] a)
    {
        return Fq.toBigInteger(a, Fq.LIMBS);
    }

    /** @return the affine limbs of a jprove Jacobian point. */
    static long[] affineOf(final long[] jacobian)
    {
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.toAffine(a, 0, jacobian, 0);
        return a;
    }

    // ---------------------------------------------------------------- Bouncy Castle

    static ECPoint toBc(final long[] affine)
    {
        if (G1.isInfinity(affine, 0))
        {
            return BC_G1.getInfinity();
        }
        return BC_G1.createPoint(x(affine), y(affine));
    }

    static long[] fromBc(final ECPoint point)
    {
        final ECPoint n = point.normalize();
        if (n.isInfinity())
        {
            return new long[G1.AFFINE_LIMBS];
        }
        return G1.affine(n.getAffineXCoord().toBigInteger(), n.getAffineYCoord().toBigInteger());
    }

    // ---------------------------------------------------------------- blst

    /** @return jprove's affine limbs of a blst point, read from blst's uncompressed bytes by BigInteger. */
    static long[] fromBlst(final P1 point)
    {
        final byte[] bytes = point.serialize();
        if ((bytes[0] & 0x40) != 0)
        {
            return new long[G1.AFFINE_LIMBS];
        }
        return G1.affine(new BigInteger(1, Arrays.copyOfRange(bytes, 0, 48)),
            new BigInteger(1, Arrays.copyOfRange(bytes, 48, 96)));
    }

    /** @return the blst point with jprove's affine coordinates (built from BigInteger bytes, on-curve checked). */
    static P1 toBlst(final long[] affine)
    {
        final byte[] bytes = new byte[96];
        if (G1.isInfinity(affine, 0))
        {
            bytes[0] = 0x40;
        }
        else
        {
            System.arraycopy(be48(x(affine)), 0, bytes, 0, 48);
            System.arraycopy(be48(y(affine)), 0, bytes, 48, 48);
        }
        return new P1(new P1_Affine(bytes));
    }

    static BigInteger randomScalar(final RandomGenerator rng)
    {
        return new BigInteger(R.bitLength() + 64, new java.util.Random(rng.nextLong())).mod(R);
    }

    /** @return [k]G computed by blst. */
    static P1 blstMultipleOfGenerator(final BigInteger k)
    {
        return P1.generator().mult(new Scalar(k));
    }

    /** @return a point on y² = x³ + 4 from a random x, without cofactor clearing: almost never in G1. */
    static long[] randomCurvePoint(final RandomGenerator rng)
    {
        while (true)
        {
            final BigInteger x = new BigInteger(P.bitLength() + 64, new java.util.Random(rng.nextLong())).mod(P);
            final BigInteger rhs = x.pow(3).add(BigInteger.valueOf(4)).mod(P);
            final BigInteger y = rhs.modPow(P.add(BigInteger.ONE).shiftRight(2), P);
            if (y.multiply(y).mod(P).equals(rhs))
            {
                return G1.affine(x, rng.nextBoolean() ? y : P.subtract(y).mod(P));
            }
        }
    }
}
