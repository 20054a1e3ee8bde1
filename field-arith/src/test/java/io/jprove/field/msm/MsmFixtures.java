package io.jprove.field.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.SplittableRandom;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G1Encoding;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.G2Encoding;
import supranational.blst.P1;
import supranational.blst.P2;

/**
 * Inputs with closed-form answers for the MSM and batch-add tests: bases are known multiples mᵢ·G (mᵢ = 0 stands
 * for an infinity sprinkled in), so Σ sᵢ·Pᵢ = (Σ sᵢmᵢ mod r)·G, which blst computes independently; results are
 * compared as uncompressed zcash bytes.
 */
final class MsmFixtures
{
    static final BigInteger R = Fr.MODULUS;

    /** Scalar mixes: uniform, edge values, and PoRep's witness (mostly 0 and 1, a few uniform). */
    enum Mix
    {
        UNIFORM, EDGES, POREP
    }

    private MsmFixtures()
    {
    }

    /** @return multipliers 1, 2, …, n (the iG bases) with every {@code infinityEvery}-th replaced by 0. */
    static BigInteger[] iG(final int n, final int infinityEvery)
    {
        final BigInteger[] m = new BigInteger[n];
        for (int i = 0; i < n; i++)
        {
            m[i] = infinityEvery > 0 && i % infinityEvery == infinityEvery - 1 ? BigInteger.ZERO
                : BigInteger.valueOf(i + 1);
        }
        return m;
    }

    /** @return n uniform multipliers, a few of them 0 (infinity). */
    static BigInteger[] randomMultipliers(final SplittableRandom rng, final int n)
    {
        final BigInteger[] m = new BigInteger[n];
        for (int i = 0; i < n; i++)
        {
            m[i] = rng.nextInt(17) == 0 ? BigInteger.ZERO : uniform(rng);
        }
        return m;
    }

    static BigInteger uniform(final SplittableRandom rng)
    {
        final byte[] b = new byte[40];
        rng.nextBytes(b);
        return new BigInteger(1, b).mod(R);
    }

    /** @return n scalars of the given mix. */
    static BigInteger[] scalars(final SplittableRandom rng, final int n, final Mix mix)
    {
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, R.subtract(BigInteger.ONE),
            R.subtract(BigInteger.TWO), BigInteger.TWO, BigInteger.ONE.shiftLeft(254), BigInteger.ONE.shiftLeft(128)
            .subtract(BigInteger.ONE), R.shiftRight(1), BigInteger.valueOf(0x7fff), BigInteger.valueOf(0x8000)};
        final BigInteger[] s = new BigInteger[n];
        for (int i = 0; i < n; i++)
        {
            s[i] = switch (mix)
            {
                case UNIFORM -> uniform(rng);
                case EDGES -> edges[rng.nextInt(edges.length)];
                case POREP -> rng.nextInt(100) < 98 ? BigInteger.valueOf(rng.nextInt(2)) : uniform(rng);
            };
        }
        return s;
    }

    static FrVector frVector(final Arena arena, final BigInteger[] s)
    {
        final FrVector v = FrVector.allocate(arena, s.length);
        for (int i = 0; i < s.length; i++)
        {
            v.set(i, Fr.of(s[i]), 0);
        }
        return v;
    }

    /** @return the G1 points mᵢ·G (iG bases by repeated addition when mᵢ = i + 1, which is fast). */
    static G1AffineVector g1Bases(final Arena arena, final BigInteger[] m)
    {
        final G1AffineVector v = G1AffineVector.allocate(arena, m.length);
        final long[] g = G1.generator();
        final long[] running = new long[G1.JACOBIAN_LIMBS];
        final long[] jac = new long[G1.JACOBIAN_LIMBS];
        final long[] affine = new long[G1.AFFINE_LIMBS];
        for (int i = 0; i < m.length; i++)
        {
            G1.addMixed(running, 0, running, 0, g, 0);
            if (m[i].signum() == 0)
            {
                continue;
            }
            if (m[i].equals(BigInteger.valueOf(i + 1)))
            {
                G1.toAffine(affine, 0, running, 0);
            }
            else
            {
                G1.mul(jac, 0, g, 0, m[i]);
                G1.toAffine(affine, 0, jac, 0);
            }
            v.set(i, affine, 0);
        }
        return v;
    }

    /** @return the G2 points mᵢ·G2. */
    static G2AffineVector g2Bases(final Arena arena, final BigInteger[] m)
    {
        final G2AffineVector v = G2AffineVector.allocate(arena, m.length);
        final long[] g = G2.generator();
        final long[] running = new long[G2.JACOBIAN_LIMBS];
        final long[] jac = new long[G2.JACOBIAN_LIMBS];
        final long[] affine = new long[G2.AFFINE_LIMBS];
        for (int i = 0; i < m.length; i++)
        {
            G2.addMixed(running, 0, running, 0, g, 0);
            if (m[i].signum() == 0)
            {
                continue;
            }
            if (m[i].equals(BigInteger.valueOf(i + 1)))
            {
                G2.toAffine(affine, 0, running, 0);
            }
            else
            {
                G2.mul(jac, 0, g, 0, m[i]);
                G2.toAffine(affine, 0, jac, 0);
            }
            v.set(i, affine, 0);
        }
        return v;
    }

    /** @return Σ sᵢmᵢ mod r over the pairs (i, baseOf[i]) with baseOf[i] ≥ 0 (null: baseOf[i] = i). */
    static BigInteger combination(final BigInteger[] s, final BigInteger[] m, final int[] baseOf)
    {
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < s.length; i++)
        {
            final int b = baseOf == null ? i : baseOf[i];
            if (b >= 0)
            {
                sum = sum.add(s[i].multiply(m[b]));
            }
        }
        return sum.mod(R);
    }

    /** Asserts that the affine G1 limbs equal k·G as blst computes it. */
    static void assertG1Equals(final BigInteger k, final long[] actual, final String what)
    {
        final byte[] expected = P1.generator().mult(k).serialize();
        assertArrayEquals(expected, G1Encoding.serialize(actual, 0), what);
    }

    /** Asserts that the affine G2 limbs equal k·G2 as blst computes it. */
    static void assertG2Equals(final BigInteger k, final long[] actual, final String what)
    {
        final byte[] expected = P2.generator().mult(k).serialize();
        assertArrayEquals(expected, G2Encoding.serialize(actual, 0), what);
    }
}
