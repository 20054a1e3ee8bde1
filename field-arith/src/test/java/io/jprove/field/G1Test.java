package io.jprove.field;

import static io.jprove.field.CurveOracles.affineOf;
import static io.jprove.field.CurveOracles.fromBc;
import static io.jprove.field.CurveOracles.fromBlst;
import static io.jprove.field.CurveOracles.toBc;
import static io.jprove.field.CurveOracles.toBlst;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

import supranational.blst.P1;
import supranational.blst.Scalar;

/** G1 against Bouncy Castle's generic curve and against blst (jblst), on random points and on every special case. */
class G1Test
{
    private static final BigInteger X0 = new BigInteger("-d201000000010000", 16);

    /** Random G1 points from blst, random curve points outside G1, and the generator. */
    private static List<long[]> samplePoints(final SplittableRandom rng, final int each)
    {
        final List<long[]> points = new ArrayList<>();
        points.add(G1.generator());
        for (int i = 0; i < each; i++)
        {
            points.add(fromBlst(CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng))));
            points.add(CurveOracles.randomCurvePoint(rng));
        }
        return points;
    }

    @Test
    void shouldHaveTheSpecificationGeneratorThatBlstUses()
    {
        final long[] g = G1.generator();
        assertArrayEquals(g, fromBlst(P1.generator()));
        assertTrue(G1.isOnCurve(g, 0));
        assertTrue(G1.isInSubgroupReference(g, 0));
        assertTrue(G1.isInSubgroup(g, 0));
        assertTrue(CurveOracles.BC_G1.createPoint(CurveOracles.x(g), CurveOracles.y(g)).isValid());
    }

    @Test
    void shouldPairEachCubeRootOfUnityWithItsEigenvalue()
    {
        final BigInteger p = Fq.MODULUS;
        final BigInteger r = Fr.MODULUS;
        assertEquals(BigInteger.ONE, G1.BETA.modPow(BigInteger.valueOf(3), p));
        assertEquals(G1.BETA_SQUARED, G1.BETA.multiply(G1.BETA).mod(p));
        assertEquals(X0.pow(2).subtract(BigInteger.ONE), G1.LAMBDA);
        assertEquals(BigInteger.ZERO, G1.LAMBDA.pow(2).add(G1.LAMBDA).add(BigInteger.ONE).mod(r));
        final SplittableRandom rng = new SplittableRandom(21);
        for (int i = 0; i < 4; i++)
        {
            final long[] a = fromBlst(CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng)));
            final long[] phi = new long[G1.AFFINE_LIMBS];
            G1.endomorphism(phi, 0, a, 0);
            assertEquals(toBc(a).multiply(G1.LAMBDA).normalize(), toBc(phi), "(βx, y) = [x₀² − 1]P");
            final long[] sigma = G1.affine(CurveOracles.x(a).multiply(G1.BETA_SQUARED).mod(p), CurveOracles.y(a));
            assertEquals(toBc(a).multiply(X0.pow(2).negate().mod(r)).normalize(), toBc(sigma), "(β²x, y) = [−x₀²]P");
        }
    }

    @Test
    void shouldAddDoubleAndMixedAddLikeBouncyCastleInEveryForm()
    {
        final SplittableRandom rng = new SplittableRandom(22);
        final List<long[]> points = samplePoints(rng, 12);
        points.add(new long[G1.AFFINE_LIMBS]);
        final long[] t = G1.newScratch();
        for (final long[] a : points)
        {
            for (final long[] b : List.of(points.get(rng.nextInt(points.size())), a, negated(a),
                new long[G1.AFFINE_LIMBS]))
            {
                final long[] expectedSum = fromBc(toBc(a).add(toBc(b)));
                final long[] ja = jacobianScaled(a, rng);
                final long[] jb = jacobianScaled(b, rng);
                final long[] r = new long[G1.JACOBIAN_LIMBS];
                G1.add(r, 0, ja, 0, jb, 0, t);
                assertArrayEquals(expectedSum, affineOf(r), "Jacobian add");
                G1.addMixed(r, 0, ja, 0, b, 0, t);
                assertArrayEquals(expectedSum, affineOf(r), "Jacobian mixed add");
                final long[] xa = xyzzScaled(a, rng);
                final long[] xb = xyzzScaled(b, rng);
                final long[] rx = new long[G1.XYZZ_LIMBS];
                G1.xyzzAdd(rx, 0, xa, 0, xb, 0, t);
                assertArrayEquals(expectedSum, xyzzAffine(rx), "XYZZ add");
                G1.xyzzAddMixed(rx, 0, xa, 0, b, 0, t);
                assertArrayEquals(expectedSum, xyzzAffine(rx), "XYZZ mixed add");
                // results written over an input
                G1.addMixed(ja, 0, ja, 0, b, 0, t);
                assertArrayEquals(expectedSum, affineOf(ja), "aliased mixed add");
                G1.xyzzAdd(xa, 0, xa, 0, xb, 0, t);
                assertArrayEquals(expectedSum, xyzzAffine(xa), "aliased XYZZ add");
            }
            final long[] expectedDouble = fromBc(toBc(a).twice());
            final long[] j = jacobianScaled(a, rng);
            G1.dbl(j, 0, j, 0, t);
            assertArrayEquals(expectedDouble, affineOf(j), "Jacobian double");
            final long[] x = xyzzScaled(a, rng);
            G1.xyzzDbl(x, 0, x, 0, t);
            assertArrayEquals(expectedDouble, xyzzAffine(x), "XYZZ double");
        }
    }

    @Test
    void shouldMultiplyLikeBouncyCastleAndBlst()
    {
        final SplittableRandom rng = new SplittableRandom(23);
        final List<BigInteger> scalars = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
            Fr.MODULUS.subtract(BigInteger.ONE), G1.LAMBDA, G1.LAMBDA.subtract(BigInteger.ONE),
            G1.LAMBDA.multiply(G1.LAMBDA), BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE)));
        for (int i = 0; i < 16; i++)
        {
            scalars.add(CurveOracles.randomScalar(rng));
        }
        final long[] r = new long[G1.JACOBIAN_LIMBS];
        for (final BigInteger k : scalars)
        {
            final P1 base = CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng));
            final long[] a = fromBlst(base);
            final long[] expected = fromBlst(base.dup().mult(new Scalar(k)));
            G1.mul(r, 0, a, 0, k);
            assertArrayEquals(expected, affineOf(r), () -> "GLV [k]P, k = " + k);
            G1.mul(r, 0, a, 0, Fr.of(k), 0);
            assertArrayEquals(expected, affineOf(r), () -> "GLV [k]P from Fr limbs, k = " + k);
            G1.mulReference(r, 0, a, 0, k);
            assertArrayEquals(expected, affineOf(r), () -> "wNAF [k]P, k = " + k);
            assertArrayEquals(fromBc(toBc(a).multiply(k)), expected, "Bouncy Castle agrees with blst");
        }
        G1.mul(r, 0, new long[G1.AFFINE_LIMBS], 0, BigInteger.TEN);
        assertTrue(G1.isInfinityJacobian(r, 0), "[k]O = O");
        // outside the subgroup nothing may be reduced mod r: the plain wNAF against Bouncy Castle
        for (int i = 0; i < 6; i++)
        {
            final long[] a = CurveOracles.randomCurvePoint(rng);
            final BigInteger k = new BigInteger(300, new java.util.Random(rng.nextLong()));
            final long[] j = new long[G1.JACOBIAN_LIMBS];
            G1.toJacobian(j, 0, a, 0);
            G1.CURVE.mulJacobian(r, 0, j, 0, k);
            assertArrayEquals(fromBc(toBc(a).multiply(k)), affineOf(r));
        }
    }

    @Test
    void shouldAddAndDoubleLikeBlst()
    {
        final SplittableRandom rng = new SplittableRandom(24);
        final long[] r = new long[G1.JACOBIAN_LIMBS];
        for (int i = 0; i < 16; i++)
        {
            final P1 p = CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng));
            final P1 q = CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng));
            final long[] jp = jacobianScaled(fromBlst(p), rng);
            G1.addMixed(r, 0, jp, 0, fromBlst(q), 0);
            assertArrayEquals(fromBlst(p.dup().add(q)), affineOf(r));
            G1.add(r, 0, jp, 0, jacobianScaled(fromBlst(q), rng), 0);
            assertArrayEquals(fromBlst(p.dup().add(q)), affineOf(r));
            G1.dbl(r, 0, jp, 0);
            assertArrayEquals(fromBlst(p.dup().dbl()), affineOf(r));
            assertTrue(toBlst(affineOf(r)).is_equal(p.dup().dbl()));
        }
    }

    @Test
    void shouldConvertBatchesToAffineWithInfinitiesInside()
    {
        final SplittableRandom rng = new SplittableRandom(25);
        final int count = 9;
        final long[] jac = new long[count * G1.JACOBIAN_LIMBS];
        final long[] xyzz = new long[count * G1.XYZZ_LIMBS];
        final long[][] expected = new long[count][];
        for (int i = 0; i < count; i++)
        {
            expected[i] = i % 4 == 1 ? new long[G1.AFFINE_LIMBS] : CurveOracles.randomCurvePoint(rng);
            System.arraycopy(jacobianScaled(expected[i], rng), 0, jac, i * G1.JACOBIAN_LIMBS, G1.JACOBIAN_LIMBS);
            System.arraycopy(xyzzScaled(expected[i], rng), 0, xyzz, i * G1.XYZZ_LIMBS, G1.XYZZ_LIMBS);
        }
        final long[] out = new long[count * G1.AFFINE_LIMBS + 3];
        G1.batchToAffine(out, 3, jac, 0, count);
        for (int i = 0; i < count; i++)
        {
            assertArrayEquals(expected[i], java.util.Arrays.copyOfRange(out, 3 + i * 12, 3 + i * 12 + 12));
        }
        G1.batchXyzzToAffine(out, 3, xyzz, 0, count);
        for (int i = 0; i < count; i++)
        {
            assertArrayEquals(expected[i], java.util.Arrays.copyOfRange(out, 3 + i * 12, 3 + i * 12 + 12));
        }
    }

    @Test
    void shouldAddPairsInBatchesLikeBouncyCastleIncludingEverySpecialCase()
    {
        final SplittableRandom rng = new SplittableRandom(28);
        final int count = 24;
        final long[] p = new long[count * G1.AFFINE_LIMBS];
        final long[] q = new long[count * G1.AFFINE_LIMBS];
        final long[][] expected = new long[count][];
        for (int k = 0; k < count; k++)
        {
            final long[] a = k % 7 == 3 ? new long[G1.AFFINE_LIMBS] : CurveOracles.randomCurvePoint(rng);
            final long[] b = switch (k % 6)
            {
                case 1 -> a.clone();
                case 2 -> negated(a);
                case 4 -> new long[G1.AFFINE_LIMBS];
                default -> CurveOracles.randomCurvePoint(rng);
            };
            System.arraycopy(a, 0, p, k * 12, 12);
            System.arraycopy(b, 0, q, k * 12, 12);
            expected[k] = fromBc(toBc(a).add(toBc(b)));
        }
        final long[] out = new long[count * G1.AFFINE_LIMBS];
        G1.batchAddAffine(out, 0, p, 0, q, 0, count);
        G1.batchAddAffine(p, 0, p, 0, q, 0, count);
        for (int k = 0; k < count; k++)
        {
            assertArrayEquals(expected[k], java.util.Arrays.copyOfRange(out, k * 12, k * 12 + 12), "pair " + k);
            assertArrayEquals(expected[k], java.util.Arrays.copyOfRange(p, k * 12, k * 12 + 12), "in place " + k);
        }
    }

    @Test
    void shouldAgreeWithTheReferenceSubgroupTestInsideAndOutsideG1()
    {
        final SplittableRandom rng = new SplittableRandom(26);
        final ECPoint generator = toBc(G1.generator());
        final BigInteger order3Multiplier = Fr.MODULUS.multiply(CurveOracles.G1_COFACTOR).divide(BigInteger.valueOf(3));
        for (int i = 0; i < 12; i++)
        {
            final long[] inside = fromBc(generator.multiply(CurveOracles.randomScalar(rng)));
            assertTrue(G1.isInSubgroup(inside, 0));
            assertTrue(G1.isInSubgroupReference(inside, 0));
            final long[] outside = CurveOracles.randomCurvePoint(rng);
            assertTrue(G1.isOnCurve(outside, 0));
            assertEquals(G1.isInSubgroupReference(outside, 0), G1.isInSubgroup(outside, 0));
            assertFalse(G1.isInSubgroup(outside, 0));
            assertEquals(toBlst(outside).in_group(), G1.isInSubgroup(outside, 0));
            // a point of the cofactor part alone ([r]Q), and one of order 3, plus one of those added to G1
            final ECPoint q = toBc(outside);
            for (final ECPoint torsion : List.of(q.multiply(Fr.MODULUS), q.multiply(order3Multiplier)))
            {
                final long[] small = fromBc(torsion);
                assertEquals(G1.isInSubgroupReference(small, 0), G1.isInSubgroup(small, 0));
                final long[] mixed = fromBc(torsion.add(toBc(inside)));
                assertEquals(G1.isInSubgroupReference(mixed, 0), G1.isInSubgroup(mixed, 0));
            }
        }
        assertTrue(G1.isInSubgroup(new long[G1.AFFINE_LIMBS], 0));
    }

    @Test
    void shouldCheckTheCurveEquation()
    {
        final SplittableRandom rng = new SplittableRandom(27);
        for (int i = 0; i < 50; i++)
        {
            final long[] a = CurveOracles.randomCurvePoint(rng);
            assertTrue(G1.isOnCurve(a, 0));
            Fq.add(a, 0, a, 0, Fq.one(), 0);
            assertEquals(CurveOracles.BC_G1.createPoint(CurveOracles.x(a), CurveOracles.y(a)).isValid(),
                G1.isOnCurve(a, 0));
        }
        assertTrue(G1.isOnCurve(new long[G1.AFFINE_LIMBS], 0));
    }

    static long[] negated(final long[] a)
    {
        final long[] r = new long[G1.AFFINE_LIMBS];
        G1.neg(r, 0, a, 0);
        return r;
    }

    /** @return a Jacobian form of the affine point with a random Z (infinity: all-zero). */
    static long[] jacobianScaled(final long[] a, final SplittableRandom rng)
    {
        final long[] j = new long[G1.JACOBIAN_LIMBS];
        if (G1.isInfinity(a, 0))
        {
            return j;
        }
        final long[] z = Fq.random(rng);
        final long[] z2 = new long[6];
        Fq.square(z2, z);
        Fq.mul(j, 0, a, 0, z2, 0);
        Fq.mul(z2, z2, z);
        Fq.mul(j, 6, a, 6, z2, 0);
        Fq.copy(j, 12, z, 0);
        return j;
    }

    /** @return an XYZZ form of the affine point with a random Z (ZZ = Z², ZZZ = Z³). */
    static long[] xyzzScaled(final long[] a, final SplittableRandom rng)
    {
        final long[] x = new long[G1.XYZZ_LIMBS];
        if (G1.isInfinity(a, 0))
        {
            return x;
        }
        final long[] z = Fq.random(rng);
        final long[] zz = new long[6];
        final long[] zzz = new long[6];
        Fq.square(zz, z);
        Fq.mul(zzz, zz, z);
        Fq.mul(x, 0, a, 0, zz, 0);
        Fq.mul(x, 6, a, 6, zzz, 0);
        Fq.copy(x, 12, zz, 0);
        Fq.copy(x, 18, zzz, 0);
        return x;
    }

    static long[] xyzzAffine(final long[] x)
    {
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.xyzzToAffine(a, 0, x, 0);
        return a;
    }
}
