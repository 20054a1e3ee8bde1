package io.jprove.field;

import static io.jprove.field.CurveOracles.fromBlst;
import static io.jprove.field.CurveOracles.toBlst2;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import supranational.blst.P2;
import supranational.blst.Scalar;

/** G2 against blst (jblst) on random points in and outside G2 and on the special cases. */
class G2Test
{
    private static final BigInteger X0 = new BigInteger("-d201000000010000", 16);

    private static long[] affineOf(final long[] jacobian)
    {
        final long[] a = new long[G2.AFFINE_LIMBS];
        G2.toAffine(a, 0, jacobian, 0);
        return a;
    }

    private static long[] xyzzAffine(final long[] x)
    {
        final long[] a = new long[G2.AFFINE_LIMBS];
        G2.xyzzToAffine(a, 0, x, 0);
        return a;
    }

    /** @return Jacobian (Z) and XYZZ (Z², Z³) forms of an affine point with a random Z, back to back. */
    private static long[][] projective(final long[] a, final SplittableRandom rng)
    {
        final int n = Fq2.LIMBS;
        final long[] j = new long[G2.JACOBIAN_LIMBS];
        final long[] x = new long[G2.XYZZ_LIMBS];
        if (G2.isInfinity(a, 0))
        {
            return new long[][] {j, x};
        }
        final long[] z = Fq2.random(rng);
        final long[] zz = new long[n];
        final long[] zzz = new long[n];
        Fq2.square(zz, 0, z, 0);
        Fq2.mul(zzz, 0, zz, 0, z, 0);
        Fq2.mul(j, 0, a, 0, zz, 0);
        Fq2.mul(j, n, a, n, zzz, 0);
        Fq2.copy(j, 2 * n, z, 0);
        Fq2.mul(x, 0, a, 0, zz, 0);
        Fq2.mul(x, n, a, n, zzz, 0);
        Fq2.copy(x, 2 * n, zz, 0);
        Fq2.copy(x, 3 * n, zzz, 0);
        return new long[][] {j, x};
    }

    @Test
    void shouldHaveTheSpecificationGeneratorThatBlstUses()
    {
        final long[] g = G2.generator();
        assertArrayEquals(g, fromBlst(P2.generator()));
        assertTrue(G2.isOnCurve(g, 0));
        assertTrue(G2.isInSubgroup(g, 0));
        assertTrue(G2.isInSubgroupReference(g, 0));
    }

    @Test
    void shouldActOnG2AsMultiplicationByTheSeedThroughPsi()
    {
        final SplittableRandom rng = new SplittableRandom(51);
        assertEquals(X0.mod(Fr.MODULUS), Fq.MODULUS.mod(Fr.MODULUS), "p ≡ x₀ (mod r)");
        final long[] psi = new long[G2.AFFINE_LIMBS];
        for (int i = 0; i < 4; i++)
        {
            final P2 p = CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng));
            G2.psi(psi, 0, fromBlst(p), 0);
            assertArrayEquals(fromBlst(p.dup().mult(new Scalar(X0.mod(Fr.MODULUS)))), psi);
            final long[] outside = CurveOracles.randomG2CurvePoint(rng);
            G2.psi(psi, 0, outside, 0);
            assertTrue(G2.isOnCurve(psi, 0), "ψ maps the twist to itself");
            assertTrue(toBlst2(psi).on_curve());
        }
    }

    @Test
    void shouldAddDoubleAndMixedAddLikeBlstInEveryForm()
    {
        final SplittableRandom rng = new SplittableRandom(52);
        final List<long[]> points = new ArrayList<>();
        points.add(G2.generator());
        points.add(new long[G2.AFFINE_LIMBS]);
        for (int i = 0; i < 5; i++)
        {
            points.add(fromBlst(CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng))));
            points.add(CurveOracles.randomG2CurvePoint(rng));
        }
        final long[] t = G2.newScratch();
        final long[] r = new long[G2.JACOBIAN_LIMBS];
        final long[] rx = new long[G2.XYZZ_LIMBS];
        for (final long[] a : points)
        {
            final long[] negA = new long[G2.AFFINE_LIMBS];
            G2.neg(negA, 0, a, 0);
            for (final long[] b : List.of(points.get(rng.nextInt(points.size())), a, negA))
            {
                final long[] expected = fromBlst(toBlst2(a).add(toBlst2(b)));
                final long[][] pa = projective(a, rng);
                final long[][] pb = projective(b, rng);
                G2.add(r, 0, pa[0], 0, pb[0], 0, t);
                assertArrayEquals(expected, affineOf(r), "Jacobian add");
                G2.addMixed(r, 0, pa[0], 0, b, 0, t);
                assertArrayEquals(expected, affineOf(r), "Jacobian mixed add");
                G2.xyzzAdd(rx, 0, pa[1], 0, pb[1], 0, t);
                assertArrayEquals(expected, xyzzAffine(rx), "XYZZ add");
                G2.xyzzAddMixed(rx, 0, pa[1], 0, b, 0, t);
                assertArrayEquals(expected, xyzzAffine(rx), "XYZZ mixed add");
            }
            final long[] expectedDouble = fromBlst(toBlst2(a).dbl());
            final long[][] pa = projective(a, rng);
            G2.dbl(r, 0, pa[0], 0, t);
            assertArrayEquals(expectedDouble, affineOf(r), "Jacobian double");
            G2.xyzzDbl(rx, 0, pa[1], 0, t);
            assertArrayEquals(expectedDouble, xyzzAffine(rx), "XYZZ double");
        }
    }

    @Test
    void shouldAddPairsInBatchesLikeBlstIncludingEverySpecialCase()
    {
        final SplittableRandom rng = new SplittableRandom(56);
        final int count = 8;
        final long[] p = new long[count * G2.AFFINE_LIMBS];
        final long[] q = new long[count * G2.AFFINE_LIMBS];
        final long[][] expected = new long[count][];
        for (int k = 0; k < count; k++)
        {
            final long[] a = k == 5 ? new long[G2.AFFINE_LIMBS] : CurveOracles.randomG2CurvePoint(rng);
            final long[] b = new long[G2.AFFINE_LIMBS];
            switch (k % 4)
            {
                case 1 -> System.arraycopy(a, 0, b, 0, b.length);
                case 2 -> G2.neg(b, 0, a, 0);
                case 3 -> { }
                default -> System.arraycopy(CurveOracles.randomG2CurvePoint(rng), 0, b, 0, b.length);
            }
            System.arraycopy(a, 0, p, k * 24, 24);
            System.arraycopy(b, 0, q, k * 24, 24);
            expected[k] = fromBlst(toBlst2(a).add(toBlst2(b)));
        }
        G2.batchAddAffine(q, 0, p, 0, q, 0, count);
        for (int k = 0; k < count; k++)
        {
            assertArrayEquals(expected[k], java.util.Arrays.copyOfRange(q, k * 24, k * 24 + 24), "pair " + k);
        }
    }

    @Test
    void shouldMultiplyLikeBlst()
    {
        final SplittableRandom rng = new SplittableRandom(53);
        final BigInteger seed = X0.negate();
        final List<BigInteger> scalars = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE,
            Fr.MODULUS.subtract(BigInteger.ONE), seed, seed.subtract(BigInteger.ONE), seed.pow(2), seed.pow(3),
            seed.pow(3).multiply(seed.subtract(BigInteger.ONE)),
            BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
        for (int i = 0; i < 6; i++)
        {
            scalars.add(CurveOracles.randomScalar(rng));
        }
        final long[] r = new long[G2.JACOBIAN_LIMBS];
        for (final BigInteger k : scalars)
        {
            final P2 base = CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng));
            final long[] expected = fromBlst(base.dup().mult(new Scalar(k)));
            G2.mul(r, 0, fromBlst(base), 0, k);
            assertArrayEquals(expected, affineOf(r), () -> "[k]P, k = " + k);
            G2.mul(r, 0, fromBlst(base), 0, Fr.of(k), 0);
            assertArrayEquals(expected, affineOf(r), () -> "[k]P from Fr limbs, k = " + k);
            G2.mulReference(r, 0, fromBlst(base), 0, k);
            assertArrayEquals(expected, affineOf(r), () -> "plain wNAF [k]P, k = " + k);
        }
        G2.mul(r, 0, new long[G2.AFFINE_LIMBS], 0, BigInteger.TEN);
        assertTrue(G2.isInfinityJacobian(r, 0), "[k]O = O");
    }

    @Test
    void shouldAgreeWithTheReferenceSubgroupTestAndBlst()
    {
        final SplittableRandom rng = new SplittableRandom(54);
        for (int i = 0; i < 4; i++)
        {
            final long[] inside = fromBlst(CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng)));
            assertTrue(G2.isInSubgroup(inside, 0));
            assertTrue(G2.isInSubgroupReference(inside, 0));
            final long[] outside = CurveOracles.randomG2CurvePoint(rng);
            assertFalse(G2.isInSubgroup(outside, 0));
            assertFalse(G2.isInSubgroupReference(outside, 0));
            assertFalse(toBlst2(outside).in_group());
            // the cofactor part alone, and it added to a G2 point
            final long[] torsion = new long[G2.JACOBIAN_LIMBS];
            G2.toJacobian(torsion, 0, outside, 0);
            G2.CURVE.mulJacobian(torsion, 0, torsion, 0, Fr.MODULUS);
            final long[] small = affineOf(torsion);
            assertEquals(G2.isInSubgroupReference(small, 0), G2.isInSubgroup(small, 0));
            assertEquals(toBlst2(small).in_group(), G2.isInSubgroup(small, 0));
            G2.addMixed(torsion, 0, torsion, 0, inside, 0);
            final long[] mixed = affineOf(torsion);
            assertEquals(G2.isInSubgroupReference(mixed, 0), G2.isInSubgroup(mixed, 0));
            assertEquals(toBlst2(mixed).in_group(), G2.isInSubgroup(mixed, 0));
        }
    }

    @Test
    void shouldConvertBatchesToAffineWithInfinitiesInside()
    {
        final SplittableRandom rng = new SplittableRandom(55);
        final int count = 5;
        final long[] jac = new long[count * G2.JACOBIAN_LIMBS];
        final long[] xyzz = new long[count * G2.XYZZ_LIMBS];
        final long[][] expected = new long[count][];
        for (int i = 0; i < count; i++)
        {
            expected[i] = i == 2 ? new long[G2.AFFINE_LIMBS] : CurveOracles.randomG2CurvePoint(rng);
            final long[][] p = projective(expected[i], rng);
            System.arraycopy(p[0], 0, jac, i * G2.JACOBIAN_LIMBS, G2.JACOBIAN_LIMBS);
            System.arraycopy(p[1], 0, xyzz, i * G2.XYZZ_LIMBS, G2.XYZZ_LIMBS);
        }
        final long[] out = new long[count * G2.AFFINE_LIMBS];
        G2.batchToAffine(out, 0, jac, 0, count);
        for (int i = 0; i < count; i++)
        {
            assertArrayEquals(expected[i], java.util.Arrays.copyOfRange(out, i * 24, i * 24 + 24));
        }
        G2.batchXyzzToAffine(out, 0, xyzz, 0, count);
        for (int i = 0; i < count; i++)
        {
            assertArrayEquals(expected[i], java.util.Arrays.copyOfRange(out, i * 24, i * 24 + 24));
        }
    }
}
