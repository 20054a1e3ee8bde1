package io.jprove.field;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

import supranational.blst.P1;
import supranational.blst.P2;
import supranational.blst.PT;

/**
 * jblst (blst over JNI) as an independent oracle for the pairing tests: random points from blst's own scalar
 * multiplication, their coordinates decoded from blst's uncompressed encoding, and GT values compared through blst's
 * 576-byte big-endian form of Fq12.
 */
final class BlstOracle
{
    /** The group order r. */
    static final BigInteger R = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    /** blst writes Fq12 as the coefficients of w⁰, w¹, …, w⁵, each Fq2 as c0 then c1; their positions here. */
    private static final int[] POSITION_OF_W_POWER = {0, 3, 1, 4, 2, 5};

    private BlstOracle()
    {
    }

    static BigInteger randomScalar(final RandomGenerator rng)
    {
        BigInteger k;
        do
        {
            final byte[] b = new byte[40];
            rng.nextBytes(b);
            k = new BigInteger(1, b).mod(R);
        }
        while (k.signum() == 0);
        return k;
    }

    static P1 g1(final BigInteger k)
    {
        return P1.generator().mult(k);
    }

    static P2 g2(final BigInteger k)
    {
        return P2.generator().mult(k);
    }

    /** @return the affine limbs x‖y of a G1 point (all zero at infinity), decoded from blst's uncompressed bytes. */
    static long[] limbs(final P1 p)
    {
        final long[] r = new long[Pairing.G1_LIMBS];
        if (p.is_inf())
        {
            return r;
        }
        final byte[] b = p.serialize();
        if (!Fq.fromBytes(b, 0, 0x1f, r, 0) || !Fq.fromBytes(b, Fq.BYTES, 0xff, r, Fq.LIMBS))
        {
            throw new IllegalStateException("blst gave a non-canonical G1 coordinate");
        }
        return r;
    }

    /** @return the affine limbs x‖y of a G2 point (all zero at infinity), decoded from blst's uncompressed bytes. */
    static long[] limbs(final P2 q)
    {
        final long[] r = new long[Pairing.G2_LIMBS];
        if (q.is_inf())
        {
            return r;
        }
        final byte[] b = q.serialize();
        if (!Fq2.fromBytes(b, 0, 0x1f, r, 0) || !Fq2.fromBytes(b, Fq2.BYTES, 0xff, r, Fq2.LIMBS))
        {
            throw new IllegalStateException("blst gave a non-canonical G2 coordinate");
        }
        return r;
    }

    /** @return blst's e(P, Q) as its 576 big-endian bytes. */
    static byte[] pairing(final P1 p, final P2 q)
    {
        return new PT(p.to_affine(), q.to_affine()).final_exp().to_bendian();
    }

    /** @return an Fq12 element in blst's 576-byte big-endian order. */
    static byte[] bytes(final long[] f, final int fo)
    {
        final byte[] out = new byte[12 * Fq.BYTES];
        for (int j = 0; j < 6; j++)
        {
            final int at = fo + POSITION_OF_W_POWER[j] * Fq2.LIMBS;
            Fq.toBytes(f, at, out, 2 * j * Fq.BYTES);
            Fq.toBytes(f, at + Fq.LIMBS, out, (2 * j + 1) * Fq.BYTES);
        }
        return out;
    }
}
