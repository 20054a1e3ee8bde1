package io.jprove.field;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The group G1 of BLS12-381: points of y² = x³ + 4 over Fq in the subgroup of prime order r.
 * <p>
 * Layouts (limbs of {@code long[]} at an offset, coordinates in Montgomery form): affine x ‖ y ({@value
 * #AFFINE_LIMBS}), Jacobian X ‖ Y ‖ Z ({@value #JACOBIAN_LIMBS}, x = X/Z², y = Y/Z³), XYZZ X ‖ Y ‖ ZZ ‖ ZZZ
 * ({@value #XYZZ_LIMBS}, x = X/ZZ, y = Y/ZZZ). Infinity is all-zero limbs in every form. Results go to a
 * caller-given {@code (r, ro)} that may alias an input. The add, double and mixed-add operations take a scratch array
 * of {@link #SCRATCH_LIMBS} limbs ({@link #newScratch()}) and allocate nothing; the overloads without one use a
 * per-thread scratch.
 * <p>
 * Scalar multiplication uses the GLV endomorphism φ(x, y) = (βx, y), which acts on G1 as multiplication by
 * λ = x₀² − 1 (β a cube root of unity in Fq): k = k₁ + k₂λ with k₁, k₂ below 2^128, then an interleaved width-5 NAF.
 * The subgroup test is Scott's (eprint 2021/1130): P ∈ G1 iff σ(P) = [−x₀²]P, where σ uses the other cube root.
 */
public final class G1
{
    /** Limbs of an affine point. */
    public static final int AFFINE_LIMBS = 2 * Fq.LIMBS;
    /** Limbs of a Jacobian point. */
    public static final int JACOBIAN_LIMBS = 3 * Fq.LIMBS;
    /** Limbs of an XYZZ point. */
    public static final int XYZZ_LIMBS = 4 * Fq.LIMBS;

    /** The curve seed's absolute value |x₀| (x₀ is negative). */
    static final long SEED_ABS = 0xd201000000010000L;
    /** λ = x₀² − 1, a root of λ² + λ + 1 mod r: the eigenvalue of {@link #endomorphism}. */
    static final BigInteger LAMBDA = new BigInteger("ac45a4010001a40200000000ffffffff", 16);
    /** β with (βx, y) = [λ](x, y) on G1: a primitive cube root of unity in Fq. */
    static final BigInteger BETA = new BigInteger("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b"
        + "409427eb4f49fffd8bfd00000000aaac", 16);
    /** β² = the other cube root: (β²x, y) = [λ²](x, y) = [−x₀²](x, y) on G1, the map σ of the subgroup test. */
    static final BigInteger BETA_SQUARED = new BigInteger("5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d81362"
        + "0a00022e01fffffffefffe", 16);
    /** The generator, from the IETF pairing-friendly-curves draft and the zcash BLS12-381 specification. */
    static final BigInteger GENERATOR_X = new BigInteger("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171"
        + "bac586c55e83ff97a1aeffb3af00adb22c6bb", 16);
    static final BigInteger GENERATOR_Y = new BigInteger("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c0"
        + "4b3edd03cc744a2888ae40caa232946c5e7e1", 16);

    static final ShortWeierstrassCurve CURVE = new ShortWeierstrassCurve(CurveField.FQ, Fq.of(4));
    /** Limbs of scratch the operations need. */
    public static final int SCRATCH_LIMBS = CURVE.scratchLimbs();

    private static final long[] GENERATOR = generatorLimbs();
    private static final long[] BETA_LIMBS = Fq.of(BETA);
    private static final long[] BETA_SQUARED_LIMBS = Fq.of(BETA_SQUARED);
    private static final int TABLE_SIZE = 1 << (ShortWeierstrassCurve.WNAF_WINDOW - 2);
    private static final ThreadLocal<long[]> SCRATCH = ThreadLocal.withInitial(G1::newScratch);

    private G1()
    {
    }

    private static long[] generatorLimbs()
    {
        final long[] g = new long[AFFINE_LIMBS];
        Fq.FIELD.fromBigInteger(GENERATOR_X, g, 0);
        Fq.FIELD.fromBigInteger(GENERATOR_Y, g, Fq.LIMBS);
        return g;
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

    /** @return a new affine point from canonical coordinates (not checked: see {@link #isOnCurve}). */
    public static long[] affine(final BigInteger x, final BigInteger y)
    {
        final long[] a = new long[AFFINE_LIMBS];
        Fq.FIELD.fromBigInteger(x, a, 0);
        Fq.FIELD.fromBigInteger(y, a, Fq.LIMBS);
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

    /** @return whether the affine point satisfies y² = x³ + 4 (infinity does). */
    public static boolean isOnCurve(final long[] a, final int ao)
    {
        return CURVE.isOnCurve(a, ao, SCRATCH.get());
    }

    /**
     * Scott's test: σ(P) = [−x₀²]P, computed as [x₀²]P = −σ(P) with two multiplications by the sparse |x₀|.
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
        CURVE.mulBySeed(q, 0, p, 0, SEED_ABS, t, acc);
        CURVE.mulBySeed(q, 0, q, 0, SEED_ABS, t, acc);
        Fq.mul(p, 0, p, 0, BETA_SQUARED_LIMBS, 0);
        Fq.neg(p, Fq.LIMBS, p, Fq.LIMBS);
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

    /** {@code r = φ(a) = (βx, y) = [λ]a}, affine. */
    public static void endomorphism(final long[] r, final int ro, final long[] a, final int ao)
    {
        Fq.mul(r, ro, a, ao, BETA_LIMBS, 0);
        Fq.copy(r, ro + Fq.LIMBS, a, ao + Fq.LIMBS);
    }

    // ---------------------------------------------------------------- group law

    /** {@code r = 2p}, Jacobian (2M + 5S). */
    public static void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        CURVE.dblJacobian(r, ro, p, po, t);
    }

    /** {@code r = 2p}, Jacobian, per-thread scratch. */
    public static void dbl(final long[] r, final int ro, final long[] p, final int po)
    {
        CURVE.dblJacobian(r, ro, p, po, SCRATCH.get());
    }

    /** {@code r = p + q}, Jacobian (11M + 5S); equal, opposite and infinite inputs handled. */
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

    /** {@code r = p + a}, p and r Jacobian, a affine (7M + 4S); all special cases handled. */
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

    /** {@code r = 2p}, XYZZ (6M + 3S). */
    public static void xyzzDbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        CURVE.dblXyzz(r, ro, p, po, t);
    }

    /** {@code r = p + q}, XYZZ (12M + 2S). */
    public static void xyzzAdd(final long[] r, final int ro, final long[] p, final int po, final long[] q,
        final int qo, final long[] t)
    {
        CURVE.addXyzz(r, ro, p, po, q, qo, t);
    }

    /** {@code r = p + a}, p and r XYZZ, a affine (8M + 2S): the MSM bucket accumulation step. */
    public static void xyzzAddMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
        final int ao, final long[] t)
    {
        CURVE.addMixedXyzz(r, ro, p, po, a, ao, t);
    }

    // ---------------------------------------------------------------- scalar multiplication

    /**
     * {@code r = [k]a}: r Jacobian, a affine and in G1, k an {@link Fr} element (Montgomery limbs, as stored in an
     * {@link FrVector}).
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] k, final int ko)
    {
        final long[] canonical = new long[Fr.LIMBS];
        Fr.FIELD.toCanonical(canonical, 0, k, ko);
        mul(r, ro, a, ao, Limbs.toBigInteger(canonical, 0, Fr.LIMBS));
    }

    /**
     * {@code r = [k]a}: r Jacobian, a affine and in G1 (the endomorphism split assumes order r), k any integer
     * (taken mod r). For points outside G1 multiply with the plain {@link ShortWeierstrassCurve#mulJacobian}.
     */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final BigInteger k)
    {
        final BigInteger[] split = k.mod(Fr.MODULUS).divideAndRemainder(LAMBDA);
        final BigInteger k1 = split[1];
        final BigInteger k2 = split[0];
        final long[] t = SCRATCH.get();
        final long[] table = CURVE.affineOddMultiples(a, ao, TABLE_SIZE, t);
        final long[] phiTable = table.clone();
        for (int i = 0; i < TABLE_SIZE; i++)
        {
            Fq.mul(phiTable, i * AFFINE_LIMBS, phiTable, i * AFFINE_LIMBS, BETA_LIMBS, 0);
        }
        CURVE.mulInterleaved(r, ro, new long[][] {table, phiTable}, new BigInteger[] {k1, k2}, t);
    }

    /** The reference scalar multiplication: plain wNAF on [k mod r], no endomorphism; for tests. */
    static void mulReference(final long[] r, final int ro, final long[] a, final int ao, final BigInteger k)
    {
        final long[] p = new long[JACOBIAN_LIMBS];
        CURVE.affineToJacobian(p, 0, a, ao);
        CURVE.mulJacobian(r, ro, p, 0, k.mod(Fr.MODULUS));
    }

    /** Sets an affine point to infinity. */
    public static void setInfinity(final long[] r, final int ro)
    {
        Arrays.fill(r, ro, ro + AFFINE_LIMBS, 0L);
    }
}
