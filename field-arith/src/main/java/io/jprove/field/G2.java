package io.jprove.field;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The group G2 of BLS12-381: points of the M-twist y² = x³ + 4(u + 1) over Fq2 in the subgroup of order r.
 * <p>
 * Layouts as in {@link G1} with Fq2 coordinates (12 limbs each, c0 then c1): affine x ‖ y ({@value #AFFINE_LIMBS}
 * limbs, the design's 192-byte x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1), Jacobian ({@value #JACOBIAN_LIMBS}), XYZZ
 * ({@value #XYZZ_LIMBS}); infinity is all-zero limbs. The subgroup test is Scott's (eprint 2021/1130):
 * P ∈ G2 iff ψ(P) = [x₀]P, with ψ the untwist-Frobenius-twist endomorphism
 * ψ(x, y) = (x̄·ξ^((1−p)/3), ȳ·ξ^((1−p)/2)), ξ = u + 1, which acts on G2 as multiplication by p ≡ x₀ (mod r).
 */
public final class G2
{
    /** Limbs of an affine point. */
    public static final int AFFINE_LIMBS = 2 * Fq2.LIMBS;
    /** Limbs of a Jacobian point. */
    public static final int JACOBIAN_LIMBS = 3 * Fq2.LIMBS;
    /** Limbs of an XYZZ point. */
    public static final int XYZZ_LIMBS = 4 * Fq2.LIMBS;

    /** The generator, from the IETF pairing-friendly-curves draft and the zcash BLS12-381 specification. */
    static final BigInteger GENERATOR_X0 = new BigInteger("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647a"
        + "e3d1770bac0326a805bbefd48056c8c121bdb8", 16);
    static final BigInteger GENERATOR_X1 = new BigInteger("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc"
        + "7f5049334cf11213945d57e5ac7d055d042b7e", 16);
    static final BigInteger GENERATOR_Y0 = new BigInteger("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a6951"
        + "60d12c923ac9cc3baca289e193548608b82801", 16);
    static final BigInteger GENERATOR_Y1 = new BigInteger("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab57"
        + "2e99ab3f370d275cec1da1aaa9075ff05f79be", 16);

    static final ShortWeierstrassCurve CURVE = new ShortWeierstrassCurve(CurveField.FQ2, Fq2.of(BigInteger.valueOf(4),
        BigInteger.valueOf(4)));
    /** Limbs of scratch the operations need. */
    public static final int SCRATCH_LIMBS = CURVE.scratchLimbs();

    private static final long[] GENERATOR = affine(GENERATOR_X0, GENERATOR_X1, GENERATOR_Y0, GENERATOR_Y1);
    /** ξ^((1−p)/3) and ξ^((1−p)/2): ψ's coordinate factors. */
    private static final long[] PSI_X = psiFactor(3);
    private static final long[] PSI_Y = psiFactor(2);
    private static final ThreadLocal<long[]> SCRATCH = ThreadLocal.withInitial(G2::newScratch);
    private static final BigInteger SEED_ABS = new BigInteger(Long.toUnsignedString(G1.SEED_ABS));
    private static final int TABLE_SIZE = 1 << (ShortWeierstrassCurve.WNAF_WINDOW - 2);

    private G2()
    {
    }

    private static long[] psiFactor(final int root)
    {
        final long[] f = new long[Fq2.LIMBS];
        Fq2.pow(f, 0, Fq2.of(BigInteger.ONE, BigInteger.ONE), 0,
            Fq.MODULUS.subtract(BigInteger.ONE).divide(BigInteger.valueOf(root)));
        Fq2.inverse(f, 0, f, 0);
        return f;
    }

    /** @return a scratch array for the operations that take one. */
    public static long[] newScratch()
    {
        return new long[SCRATCH_LIMBS];
    }

    /** @return a new copy of the generator, affine. */
    public static long[] generator()
    {
        return GENERATOR.clone();
    }

    /** @return a new affine point from canonical coordinates x = x0 + x1·u, y = y0 + y1·u (not checked). */
    public static long[] affine(final BigInteger x0, final BigInteger x1, final BigInteger y0, final BigInteger y1)
    {
        final long[] a = new long[AFFINE_LIMBS];
        Fq.FIELD.fromBigInteger(x0, a, 0);
        Fq.FIELD.fromBigInteger(x1, a, Fq.LIMBS);
        Fq.FIELD.fromBigInteger(y0, a, 2 * Fq.LIMBS);
        Fq.FIELD.fromBigInteger(y1, a, 3 * Fq.LIMBS);
        return a;
    }

    // ---------------------------------------------------------------- predicates

    /** @return whether the affine point is the point at infinity (all-zero limbs). */
    public static boolean isInfinity(final long[] a, final int ao)
    {
        return CURVE.isInfinityAffine(a, ao);
    }

    /** @return whether the Jacobian point is the point at infinity (Z = 0). */
    public static boolean isInfinityJacobian(final long[] p, final int po)
    {
        return CURVE.isInfinityJacobian(p, po);
    }

    /** @return whether the affine point satisfies y² = x³ + 4(u + 1) (infinity does). */
    public static boolean isOnCurve(final long[] a, final int ao)
    {
        return CURVE.isOnCurve(a, ao, SCRATCH.get());
    }

    /**
     * Scott's test ψ(P) = [x₀]P, x₀ = −|x₀|: one multiplication by the sparse 64-bit seed.
     *
     * @param a an affine point on the curve (the test means nothing for a point off it).
     * @return whether it lies in the order-r subgroup.
     */
    public static boolean isInSubgroup(final long[] a, final int ao)
    {
        if (isInfinity(a, ao))
        {
            return true;
        }
        final long[] t = SCRATCH.get();
        final long[] p = new long[JACOBIAN_LIMBS];
        final long[] q = new long[JACOBIAN_LIMBS];
        final long[] acc = new long[JACOBIAN_LIMBS];
        CURVE.affineToJacobian(p, 0, a, ao);
        CURVE.mulBySeed(q, 0, p, 0, G1.SEED_ABS, t, acc);
        CURVE.negJacobian(q, 0, q, 0);
        psi(p, 0, a, ao);
        Fq2.setOne(p, 2 * Fq2.LIMBS);
        return CURVE.equalJacobian(p, 0, q, 0, t);
    }

    /** The reference subgroup test, [r]P = O: slow, kept to check {@link #isInSubgroup} against. */
    public static boolean isInSubgroupReference(final long[] a, final int ao)
    {
        final long[] p = new long[JACOBIAN_LIMBS];
        CURVE.affineToJacobian(p, 0, a, ao);
        CURVE.mulJacobian(p, 0, p, 0, Fr.MODULUS);
        return isInfinityJacobian(p, 0);
    }

    /** @return whether two Jacobian points are equal as points. */
    public static boolean equalJacobian(final long[] p, final int po, final long[] q, final int qo)
    {
        return CURVE.equalJacobian(p, po, q, qo, SCRATCH.get());
    }

    /** {@code r = ψ(a)}, affine: the untwist-Frobenius-twist endomorphism. */
    public static void psi(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (isInfinity(a, ao))
        {
            setInfinity(r, ro);
            return;
        }
        Fq2.conjugate(r, ro, a, ao);
        Fq2.mul(r, ro, r, ro, PSI_X, 0);
        Fq2.conjugate(r, ro + Fq2.LIMBS, a, ao + Fq2.LIMBS);
        Fq2.mul(r, ro + Fq2.LIMBS, r, ro + Fq2.LIMBS, PSI_Y, 0);
    }

    // ---------------------------------------------------------------- conversions and negation

    /** {@code r = −a}, affine. */
    public static void neg(final long[] r, final int ro, final long[] a, final int ao)
    {
        CURVE.negAffine(r, ro, a, ao);
    }

    /** {@code r = −p}, Jacobian. */
    public static void negJacobian(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.negJacobian(r, ro, p, po);
    }

    /** {@code r = −p}, XYZZ. */
    public static void negXyzz(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.negXyzz(r, ro, p, po);
    }

    /** Affine to Jacobian (Z = 1; infinity stays all-zero). */
    public static void toJacobian(final long[] r, final int ro, final long[] a, final int ao)
    {
        CURVE.affineToJacobian(r, ro, a, ao);
    }

    /** Affine to XYZZ (ZZ = ZZZ = 1; infinity stays all-zero). */
    public static void toXyzz(final long[] r, final int ro, final long[] a, final int ao)
    {
        CURVE.affineToXyzz(r, ro, a, ao);
    }

    /** Jacobian to affine, one inversion. */
    public static void toAffine(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.jacobianToAffine(r, ro, p, po, SCRATCH.get());
    }

    /** XYZZ to affine, one inversion. */
    public static void xyzzToAffine(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.xyzzToAffine(r, ro, p, po, SCRATCH.get());
    }

    /** {@code count} Jacobian points to affine with one inversion in all; {@code r} and {@code p} must not overlap. */
    public static void batchToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
    {
        CURVE.batchJacobianToAffine(r, ro, p, po, count);
    }

    /** {@code count} XYZZ points to affine with one inversion in all; {@code r} and {@code p} must not overlap. */
    public static void batchXyzzToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
    {
        CURVE.batchXyzzToAffine(r, ro, p, po, count);
    }

    /**
     * Affine sums {@code r[k] = p[k] + q[k]} of {@code count} independent pairs with one inversion in all (about 6
     * multiplications per sum): the batch-affine step of MSM bucket accumulation. All special cases are handled.
     * {@code r} may be {@code p} or {@code q} at the same offset; otherwise the ranges must not overlap.
     */
    public static void batchAddAffine(final long[] r, final int ro, final long[] p, final int po, final long[] q,
        final int qo, final int count)
    {
        CURVE.batchAddAffine(r, ro, p, po, q, qo, count);
    }

    /** Sets an affine point to infinity. */
    public static void setInfinity(final long[] r, final int ro)
    {
        Arrays.fill(r, ro, ro + AFFINE_LIMBS, 0L);
    }

    // ---------------------------------------------------------------- group law

    /** {@code r = 2p}, Jacobian. */
    public static void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        CURVE.dblJacobian(r, ro, p, po, t);
    }

    /** {@code r = 2p}, Jacobian, per-thread scratch. */
    public static void dbl(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.dblJacobian(r, ro, p, po, SCRATCH.get());
    }

    /** {@code r = p + q}, Jacobian; equal, opposite and infinite inputs handled. */
    public static void add(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
        final long[] t)
    {
        CURVE.addJacobian(r, ro, p, po, q, qo, t);
    }

    /** {@code r = p + q}, Jacobian, per-thread scratch. */
    public static void add(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo)
    {
        CURVE.addJacobian(r, ro, p, po, q, qo, SCRATCH.get());
    }

    /** {@code r = p + a}, p and r Jacobian, a affine; all special cases handled. */
    public static void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
        final int ao, final long[] t)
    {
        CURVE.addMixedJacobian(r, ro, p, po, a, ao, t);
    }

    /** {@code r = p + a}, p and r Jacobian, a affine, per-thread scratch. */
    public static void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
        final int ao)
    {
        CURVE.addMixedJacobian(r, ro, p, po, a, ao, SCRATCH.get());
    }

    /** {@code r = 2p}, XYZZ. */
    public static void xyzzDbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        CURVE.dblXyzz(r, ro, p, po, t);
    }

    /** {@code r = p + q}, XYZZ. */
    public static void xyzzAdd(final long[] r, final int ro, final long[] p, final int po, final long[] q,
        final int qo, final long[] t)
    {
        CURVE.addXyzz(r, ro, p, po, q, qo, t);
    }

    /** {@code r = p + a}, p and r XYZZ, a affine: the MSM bucket accumulation step. */
    public static void xyzzAddMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
        final int ao, final long[] t)
    {
        CURVE.addMixedXyzz(r, ro, p, po, a, ao, t);
    }

    // ---------------------------------------------------------------- scalar multiplication

    /** {@code r = [k]a}: r Jacobian, a affine, k an {@link Fr} element (Montgomery limbs). */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] k, final int ko)
    {
        final long[] canonical = new long[Fr.LIMBS];
        Fr.FIELD.toCanonical(canonical, 0, k, ko);
        mul(r, ro, a, ao, Limbs.toBigInteger(canonical, 0, Fr.LIMBS));
    }

    /**
     * {@code r = [k]a}: r Jacobian, a affine and in G2, k any integer (taken mod r). Since ψ acts on G2 as [x₀],
     * k is written in base |x₀| (four 64-bit digits, as r < x₀⁴) and [k]a = Σ d_i·(−ψ)^i(a): one chain of 64
     * doublings with four interleaved width-5 NAFs.
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final BigInteger k)
    {
        final BigInteger[] digits = new BigInteger[4];
        BigInteger rest = k.mod(Fr.MODULUS);
        for (int i = 0; i < 4; i++)
        {
            final BigInteger[] qr = rest.divideAndRemainder(SEED_ABS);
            digits[i] = qr[1];
            rest = qr[0];
        }
        final long[] t = SCRATCH.get();
        final long[][] tables = new long[4][];
        tables[0] = CURVE.affineOddMultiples(a, ao, TABLE_SIZE, t);
        for (int i = 1; i < 4; i++)
        {
            tables[i] = new long[tables[0].length];
            for (int e = 0; e < TABLE_SIZE; e++)
            {
                // (2e+1)·(−ψ)^i(a) = −ψ((2e+1)·(−ψ)^(i−1)(a))
                psi(tables[i], e * AFFINE_LIMBS, tables[i - 1], e * AFFINE_LIMBS);
                CURVE.negAffine(tables[i], e * AFFINE_LIMBS, tables[i], e * AFFINE_LIMBS);
            }
        }
        CURVE.mulInterleaved(r, ro, tables, digits, t);
    }

    /** The reference scalar multiplication: plain wNAF on [k mod r], no endomorphism; for tests. */
    static void mulReference(final long[] r, final int ro, final long[] a, final int ao, final BigInteger k)
    {
        final long[] p = new long[JACOBIAN_LIMBS];
        CURVE.affineToJacobian(p, 0, a, ao);
        CURVE.mulJacobian(r, ro, p, 0, k.mod(Fr.MODULUS));
    }
}
