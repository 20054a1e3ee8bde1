package io.jprove.field;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Point arithmetic on y² = x³ + b (a = 0) over a {@link CurveField}, written once for G1 (over Fq) and G2 (over
 * Fq2). Formulas are the Explicit-Formulas Database's: Jacobian dbl-2009-l, add-2007-bl, madd-2007-bl; XYZZ
 * dbl-2008-s-1, mdbl-2008-s-1, add-2008-s, madd-2008-s.
 * <p>
 * Layouts, with n the field's limbs: affine x ‖ y (2n), Jacobian X ‖ Y ‖ Z (3n, x = X/Z², y = Y/Z³), XYZZ
 * X ‖ Y ‖ ZZ ‖ ZZZ (4n, x = X/ZZ, y = Y/ZZZ, ZZ³ = ZZZ²). The point at infinity is all-zero limbs in every form
 * (a projective point is infinity exactly when its Z or ZZ is zero). Every operation writes into {@code (r, ro)},
 * which may alias an input, and uses the caller's scratch array {@code t} of at least {@link #scratchLimbs()} limbs,
 * so the add, double and mixed-add paths allocate nothing.
 */
final class ShortWeierstrassCurve
{
    private static final int SCRATCH_SLOTS = 14;

    private final CurveField f;
    private final int n;
    private final long[] b;

    /**
     * @param field the coordinate field.
     * @param b     the curve constant b, Montgomery form.
     */
    ShortWeierstrassCurve(final CurveField field, final long[] b)
    {
        this.f = field;
        this.n = field.limbs();
        this.b = b.clone();
    }

    CurveField field()
    {
        return f;
    }

    /** @return limbs of scratch every operation needs. */
    int scratchLimbs()
    {
        return SCRATCH_SLOTS * n;
    }

    // ---------------------------------------------------------------- affine

    boolean isInfinityAffine(final long[] a, final int ao)
    {
        return Limbs.isZero(a, ao, 2 * n);
    }

    /** @return whether the affine point satisfies the curve equation; infinity counts as on the curve. */
    boolean isOnCurve(final long[] a, final int ao, final long[] t)
    {
        if (isInfinityAffine(a, ao))
        {
            return true;
        }
        f.square(t, 0, a, ao);
        f.mul(t, 0, t, 0, a, ao);
        f.add(t, 0, t, 0, b, 0);
        f.square(t, n, a, ao + n);
        return f.equal(t, 0, t, n);
    }

    /** Writes {@code x³ + b}, the right-hand side of the curve equation. */
    void rightHandSide(final long[] r, final int ro, final long[] x, final int xo, final long[] t)
    {
        f.square(t, 0, x, xo);
        f.mul(t, 0, t, 0, x, xo);
        f.add(r, ro, t, 0, b, 0);
    }

    void negAffine(final long[] r, final int ro, final long[] a, final int ao)
    {
        System.arraycopy(a, ao, r, ro, n);
        f.neg(r, ro + n, a, ao + n);
    }

    void affineToJacobian(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (isInfinityAffine(a, ao))
        {
            Arrays.fill(r, ro, ro + 3 * n, 0L);
            return;
        }
        System.arraycopy(a, ao, r, ro, 2 * n);
        f.setOne(r, ro + 2 * n);
    }

    void affineToXyzz(final long[] r, final int ro, final long[] a, final int ao)
    {
        if (isInfinityAffine(a, ao))
        {
            Arrays.fill(r, ro, ro + 4 * n, 0L);
            return;
        }
        System.arraycopy(a, ao, r, ro, 2 * n);
        f.setOne(r, ro + 2 * n);
        f.setOne(r, ro + 3 * n);
    }

    // ---------------------------------------------------------------- Jacobian

    boolean isInfinityJacobian(final long[] p, final int po)
    {
        return f.isZero(p, po + 2 * n);
    }

    void negJacobian(final long[] r, final int ro, final long[] p, final int po)
    {
        System.arraycopy(p, po, r, ro, n);
        f.neg(r, ro + n, p, po + n);
        System.arraycopy(p, po + 2 * n, r, ro + 2 * n, n);
    }

    /** {@code r = 2p} (dbl-2009-l, 2M + 5S). */
    void dblJacobian(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        if (isInfinityJacobian(p, po))
        {
            Arrays.fill(r, ro, ro + 3 * n, 0L);
            return;
        }
        final int x = po;
        final int y = po + n;
        final int z = po + 2 * n;
        final int a = 0;
        final int bb = n;
        final int c = 2 * n;
        final int d = 3 * n;
        final int e = 4 * n;
        final int z3 = 5 * n;
        f.square(t, a, p, x);
        f.square(t, bb, p, y);
        f.square(t, c, t, bb);
        f.add(t, d, p, x, t, bb);
        f.square(t, d, t, d);
        f.sub(t, d, t, d, t, a);
        f.sub(t, d, t, d, t, c);
        f.add(t, d, t, d, t, d);
        f.add(t, e, t, a, t, a);
        f.add(t, e, t, e, t, a);
        f.mul(t, z3, p, y, p, z);
        f.add(t, z3, t, z3, t, z3);
        // p is no longer read below, so r may alias it
        f.square(r, ro, t, e);
        f.sub(r, ro, r, ro, t, d);
        f.sub(r, ro, r, ro, t, d);
        f.add(t, c, t, c, t, c);
        f.add(t, c, t, c, t, c);
        f.add(t, c, t, c, t, c);
        f.sub(t, d, t, d, r, ro);
        f.mul(r, ro + n, t, e, t, d);
        f.sub(r, ro + n, r, ro + n, t, c);
        System.arraycopy(t, z3, r, ro + 2 * n, n);
    }

    /** {@code r = p + q}, both Jacobian (add-2007-bl, 11M + 5S), any inputs including equal or opposite points. */
    void addJacobian(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
        final long[] t)
    {
        if (isInfinityJacobian(p, po))
        {
            System.arraycopy(q, qo, r, ro, 3 * n);
            return;
        }
        if (isInfinityJacobian(q, qo))
        {
            System.arraycopy(p, po, r, ro, 3 * n);
            return;
        }
        final int z1z1 = 0;
        final int z2z2 = n;
        final int u1 = 2 * n;
        final int u2 = 3 * n;
        final int s1 = 4 * n;
        final int s2 = 5 * n;
        final int h = 6 * n;
        final int rr = 7 * n;
        final int i = 8 * n;
        final int j = 9 * n;
        final int v = 10 * n;
        final int z3 = 11 * n;
        f.square(t, z1z1, p, po + 2 * n);
        f.square(t, z2z2, q, qo + 2 * n);
        f.mul(t, u1, p, po, t, z2z2);
        f.mul(t, u2, q, qo, t, z1z1);
        f.mul(t, s1, p, po + n, q, qo + 2 * n);
        f.mul(t, s1, t, s1, t, z2z2);
        f.mul(t, s2, q, qo + n, p, po + 2 * n);
        f.mul(t, s2, t, s2, t, z1z1);
        f.sub(t, h, t, u2, t, u1);
        f.sub(t, rr, t, s2, t, s1);
        if (f.isZero(t, h))
        {
            if (f.isZero(t, rr))
            {
                dblJacobian(r, ro, p, po, t);
            }
            else
            {
                Arrays.fill(r, ro, ro + 3 * n, 0L);
            }
            return;
        }
        f.add(t, z3, p, po + 2 * n, q, qo + 2 * n);
        f.square(t, z3, t, z3);
        f.sub(t, z3, t, z3, t, z1z1);
        f.sub(t, z3, t, z3, t, z2z2);
        f.mul(t, z3, t, z3, t, h);
        f.add(t, i, t, h, t, h);
        f.square(t, i, t, i);
        f.mul(t, j, t, h, t, i);
        f.add(t, rr, t, rr, t, rr);
        f.mul(t, v, t, u1, t, i);
        finishAdd(r, ro, t, rr, j, v, s1, z3);
    }

    /** X3 = rr² − J − 2V, Y3 = rr(V − X3) − 2·S·J, Z3 from scratch: the shared tail of add and madd. */
    private void finishAdd(final long[] r, final int ro, final long[] t, final int rr, final int j, final int v,
        final int s, final int z3)
    {
        f.square(r, ro, t, rr);
        f.sub(r, ro, r, ro, t, j);
        f.sub(r, ro, r, ro, t, v);
        f.sub(r, ro, r, ro, t, v);
        f.sub(t, v, t, v, r, ro);
        f.mul(t, v, t, v, t, rr);
        f.mul(t, s, t, s, t, j);
        f.add(t, s, t, s, t, s);
        f.sub(r, ro + n, t, v, t, s);
        System.arraycopy(t, z3, r, ro + 2 * n, n);
    }

    /** {@code r = p + a}, p Jacobian, a affine (madd-2007-bl, 7M + 4S), any inputs. */
    void addMixedJacobian(final long[] r, final int ro, final long[] p, final int po, final long[] a, final int ao,
        final long[] t)
    {
        if (isInfinityAffine(a, ao))
        {
            System.arraycopy(p, po, r, ro, 3 * n);
            return;
        }
        if (isInfinityJacobian(p, po))
        {
            affineToJacobian(r, ro, a, ao);
            return;
        }
        final int z1z1 = 0;
        final int u2 = n;
        final int s2 = 2 * n;
        final int h = 3 * n;
        final int hh = 4 * n;
        final int i = 5 * n;
        final int j = 6 * n;
        final int rr = 7 * n;
        final int v = 8 * n;
        final int z3 = 9 * n;
        final int y1 = 10 * n;
        f.square(t, z1z1, p, po + 2 * n);
        f.mul(t, u2, a, ao, t, z1z1);
        f.mul(t, s2, a, ao + n, p, po + 2 * n);
        f.mul(t, s2, t, s2, t, z1z1);
        f.sub(t, h, t, u2, p, po);
        f.sub(t, rr, t, s2, p, po + n);
        if (f.isZero(t, h))
        {
            if (f.isZero(t, rr))
            {
                dblJacobian(r, ro, p, po, t);
            }
            else
            {
                Arrays.fill(r, ro, ro + 3 * n, 0L);
            }
            return;
        }
        f.square(t, hh, t, h);
        f.add(t, i, t, hh, t, hh);
        f.add(t, i, t, i, t, i);
        f.mul(t, j, t, h, t, i);
        f.add(t, rr, t, rr, t, rr);
        f.mul(t, v, p, po, t, i);
        f.add(t, z3, p, po + 2 * n, t, h);
        f.square(t, z3, t, z3);
        f.sub(t, z3, t, z3, t, z1z1);
        f.sub(t, z3, t, z3, t, hh);
        System.arraycopy(p, po + n, t, y1, n);
        finishAdd(r, ro, t, rr, j, v, y1, z3);
    }

    /** Writes the affine form of a Jacobian point (one inversion). */
    void jacobianToAffine(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        if (isInfinityJacobian(p, po))
        {
            Arrays.fill(r, ro, ro + 2 * n, 0L);
            return;
        }
        f.inverse(t, 0, p, po + 2 * n);
        scaleJacobian(r, ro, p, po, t, 0, t);
    }

    /** Affine from Jacobian given zInv = 1/Z at {@code t[zo]}: x = X·zInv², y = Y·zInv³. */
    private void scaleJacobian(final long[] r, final int ro, final long[] p, final int po, final long[] z,
        final int zo, final long[] t)
    {
        f.square(t, n, z, zo);
        f.mul(t, 2 * n, t, n, z, zo);
        f.mul(r, ro, p, po, t, n);
        f.mul(r, ro + n, p, po + n, t, 2 * n);
    }

    /**
     * Converts {@code count} Jacobian points (3n limbs each, from {@code po}) to affine (2n limbs each, from
     * {@code ro}) with one inversion (Montgomery's trick); infinities become all-zero. {@code r} and {@code p} must
     * not overlap.
     */
    void batchJacobianToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
    {
        final long[] inv = new long[count * n];
        for (int k = 0; k < count; k++)
        {
            System.arraycopy(p, po + k * 3 * n + 2 * n, inv, k * n, n);
        }
        batchInverse(inv, count);
        final long[] t = new long[scratchLimbs()];
        for (int k = 0; k < count; k++)
        {
            if (f.isZero(inv, k * n))
            {
                Arrays.fill(r, ro + k * 2 * n, ro + (k + 1) * 2 * n, 0L);
            }
            else
            {
                scaleJacobian(r, ro + k * 2 * n, p, po + k * 3 * n, inv, k * n, t);
            }
        }
    }

    /** Inverts {@code count} elements of {@code a} in place with one inversion; zeros stay zero. */
    void batchInverse(final long[] a, final int count)
    {
        final long[] prefix = new long[count * n];
        final long[] acc = new long[2 * n];
        f.setOne(acc, 0);
        for (int k = 0; k < count; k++)
        {
            System.arraycopy(acc, 0, prefix, k * n, n);
            if (!f.isZero(a, k * n))
            {
                f.mul(acc, 0, acc, 0, a, k * n);
            }
        }
        f.inverse(acc, 0, acc, 0);
        for (int k = count - 1; k >= 0; k--)
        {
            if (f.isZero(a, k * n))
            {
                continue;
            }
            f.mul(acc, n, acc, 0, prefix, k * n);
            f.mul(acc, 0, acc, 0, a, k * n);
            System.arraycopy(acc, n, a, k * n, n);
        }
    }

    /**
     * Affine sums {@code r[k] = p[k] + q[k]} for {@code count} independent pairs (2n limbs each), sharing one
     * inversion among all the slopes (Montgomery's trick): about 6 multiplications per sum where a projective mixed
     * add needs 10, the batch-affine step of bucket accumulation. Every case is handled: infinities, equal points
     * (slope 3x²/2y), opposite points. {@code r} may be {@code p} or {@code q} at the same offset (in-place
     * accumulation); otherwise the ranges must not overlap.
     */
    void batchAddAffine(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
        final int count)
    {
        final long[] den = new long[count * n];
        final long[] t = new long[6 * n];
        for (int k = 0; k < count; k++)
        {
            final int pk = po + k * 2 * n;
            final int qk = qo + k * 2 * n;
            if (isInfinityAffine(p, pk) || isInfinityAffine(q, qk))
            {
                continue;
            }
            if (!f.equal(p, pk, q, qk))
            {
                f.sub(den, k * n, q, qk, p, pk);
            }
            else if (f.equal(p, pk + n, q, qk + n))
            {
                f.add(den, k * n, p, pk + n, p, pk + n);
            }
            // else: x equal, y opposite: the sum is infinity and the slot stays zero
        }
        batchInverse(den, count);
        final int lambda = 0;
        final int x3 = n;
        for (int k = 0; k < count; k++)
        {
            final int pk = po + k * 2 * n;
            final int qk = qo + k * 2 * n;
            final int rk = ro + k * 2 * n;
            if (isInfinityAffine(p, pk))
            {
                System.arraycopy(q, qk, r, rk, 2 * n);
                continue;
            }
            if (isInfinityAffine(q, qk))
            {
                System.arraycopy(p, pk, r, rk, 2 * n);
                continue;
            }
            if (f.isZero(den, k * n))
            {
                Arrays.fill(r, rk, rk + 2 * n, 0L);
                continue;
            }
            if (f.equal(p, pk, q, qk))
            {
                f.square(t, lambda, p, pk);
                f.add(t, 2 * n, t, lambda, t, lambda);
                f.add(t, lambda, t, lambda, t, 2 * n);
            }
            else
            {
                f.sub(t, lambda, q, qk + n, p, pk + n);
            }
            f.mul(t, lambda, t, lambda, den, k * n);
            f.square(t, x3, t, lambda);
            f.sub(t, x3, t, x3, p, pk);
            f.sub(t, x3, t, x3, q, qk);
            f.sub(t, 2 * n, p, pk, t, x3);
            f.mul(t, 2 * n, t, 2 * n, t, lambda);
            f.sub(r, rk + n, t, 2 * n, p, pk + n);
            System.arraycopy(t, x3, r, rk, n);
        }
    }

    // ---------------------------------------------------------------- XYZZ

    boolean isInfinityXyzz(final long[] p, final int po)
    {
        return f.isZero(p, po + 2 * n);
    }

    void negXyzz(final long[] r, final int ro, final long[] p, final int po)
    {
        System.arraycopy(p, po, r, ro, n);
        f.neg(r, ro + n, p, po + n);
        System.arraycopy(p, po + 2 * n, r, ro + 2 * n, 2 * n);
    }

    /** {@code r = 2p}, XYZZ (dbl-2008-s-1, 6M + 3S). */
    void dblXyzz(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        if (isInfinityXyzz(p, po))
        {
            Arrays.fill(r, ro, ro + 4 * n, 0L);
            return;
        }
        final int u = 0;
        final int v = n;
        final int w = 2 * n;
        final int s = 3 * n;
        final int m = 4 * n;
        f.add(t, u, p, po + n, p, po + n);
        f.square(t, v, t, u);
        f.mul(t, w, t, u, t, v);
        f.mul(t, s, p, po, t, v);
        f.square(t, m, p, po);
        f.add(t, u, t, m, t, m);
        f.add(t, m, t, m, t, u);
        f.mul(r, ro + 2 * n, p, po + 2 * n, t, v);
        f.mul(r, ro + 3 * n, p, po + 3 * n, t, w);
        f.mul(t, w, t, w, p, po + n);
        f.square(r, ro, t, m);
        f.sub(r, ro, r, ro, t, s);
        f.sub(r, ro, r, ro, t, s);
        f.sub(t, s, t, s, r, ro);
        f.mul(t, s, t, s, t, m);
        f.sub(r, ro + n, t, s, t, w);
    }

    /** {@code r = 2a} for affine a, into XYZZ (mdbl-2008-s-1, 3M + 2S: ZZ3 = V, ZZZ3 = W). */
    void dblAffineToXyzz(final long[] r, final int ro, final long[] a, final int ao, final long[] t)
    {
        if (isInfinityAffine(a, ao))
        {
            Arrays.fill(r, ro, ro + 4 * n, 0L);
            return;
        }
        final int u = 0;
        final int v = n;
        final int w = 2 * n;
        final int s = 3 * n;
        final int m = 4 * n;
        final int y = 5 * n;
        System.arraycopy(a, ao + n, t, y, n);
        f.add(t, u, a, ao + n, a, ao + n);
        f.square(t, v, t, u);
        f.mul(t, w, t, u, t, v);
        f.mul(t, s, a, ao, t, v);
        f.square(t, m, a, ao);
        f.add(t, u, t, m, t, m);
        f.add(t, m, t, m, t, u);
        System.arraycopy(t, v, r, ro + 2 * n, n);
        System.arraycopy(t, w, r, ro + 3 * n, n);
        f.mul(t, w, t, w, t, y);
        f.square(r, ro, t, m);
        f.sub(r, ro, r, ro, t, s);
        f.sub(r, ro, r, ro, t, s);
        f.sub(t, s, t, s, r, ro);
        f.mul(t, s, t, s, t, m);
        f.sub(r, ro + n, t, s, t, w);
    }

    /** {@code r = p + a}, p XYZZ, a affine (madd-2008-s, 8M + 2S), any inputs. */
    void addMixedXyzz(final long[] r, final int ro, final long[] p, final int po, final long[] a, final int ao,
        final long[] t)
    {
        if (isInfinityAffine(a, ao))
        {
            System.arraycopy(p, po, r, ro, 4 * n);
            return;
        }
        if (isInfinityXyzz(p, po))
        {
            affineToXyzz(r, ro, a, ao);
            return;
        }
        final int u2 = 0;
        final int s2 = n;
        final int pp = 2 * n;
        final int ppp = 3 * n;
        final int q = 4 * n;
        final int rr = 5 * n;
        f.mul(t, u2, a, ao, p, po + 2 * n);
        f.mul(t, s2, a, ao + n, p, po + 3 * n);
        f.sub(t, u2, t, u2, p, po);
        f.sub(t, rr, t, s2, p, po + n);
        if (f.isZero(t, u2))
        {
            if (f.isZero(t, rr))
            {
                dblAffineToXyzz(r, ro, a, ao, t);
            }
            else
            {
                Arrays.fill(r, ro, ro + 4 * n, 0L);
            }
            return;
        }
        f.square(t, pp, t, u2);
        f.mul(t, ppp, t, u2, t, pp);
        f.mul(t, q, p, po, t, pp);
        f.mul(t, s2, p, po + n, t, ppp);
        f.mul(r, ro + 2 * n, p, po + 2 * n, t, pp);
        f.mul(r, ro + 3 * n, p, po + 3 * n, t, ppp);
        finishXyzz(r, ro, t, rr, ppp, q, s2);
    }

    /** X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − S·PPP (S·PPP already at {@code sppp}): the tail of add and madd. */
    private void finishXyzz(final long[] r, final int ro, final long[] t, final int rr, final int ppp, final int q,
        final int sppp)
    {
        f.square(r, ro, t, rr);
        f.sub(r, ro, r, ro, t, ppp);
        f.sub(r, ro, r, ro, t, q);
        f.sub(r, ro, r, ro, t, q);
        f.sub(t, q, t, q, r, ro);
        f.mul(t, q, t, q, t, rr);
        f.sub(r, ro + n, t, q, t, sppp);
    }

    /** {@code r = p + q}, both XYZZ (add-2008-s, 12M + 2S), any inputs. */
    void addXyzz(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
        final long[] t)
    {
        if (isInfinityXyzz(p, po))
        {
            System.arraycopy(q, qo, r, ro, 4 * n);
            return;
        }
        if (isInfinityXyzz(q, qo))
        {
            System.arraycopy(p, po, r, ro, 4 * n);
            return;
        }
        final int u1 = 0;
        final int u2 = n;
        final int s1 = 2 * n;
        final int s2 = 3 * n;
        final int pp = 4 * n;
        final int ppp = 5 * n;
        final int qq = 6 * n;
        final int rr = 7 * n;
        f.mul(t, u1, p, po, q, qo + 2 * n);
        f.mul(t, u2, q, qo, p, po + 2 * n);
        f.mul(t, s1, p, po + n, q, qo + 3 * n);
        f.mul(t, s2, q, qo + n, p, po + 3 * n);
        f.sub(t, u2, t, u2, t, u1);
        f.sub(t, rr, t, s2, t, s1);
        if (f.isZero(t, u2))
        {
            if (f.isZero(t, rr))
            {
                dblXyzz(r, ro, p, po, t);
            }
            else
            {
                Arrays.fill(r, ro, ro + 4 * n, 0L);
            }
            return;
        }
        f.square(t, pp, t, u2);
        f.mul(t, ppp, t, u2, t, pp);
        f.mul(t, qq, t, u1, t, pp);
        f.mul(t, s1, t, s1, t, ppp);
        f.mul(t, s2, p, po + 2 * n, q, qo + 2 * n);
        f.mul(r, ro + 2 * n, t, s2, t, pp);
        f.mul(t, s2, p, po + 3 * n, q, qo + 3 * n);
        f.mul(r, ro + 3 * n, t, s2, t, ppp);
        finishXyzz(r, ro, t, rr, ppp, qq, s1);
    }

    /** Writes the affine form of an XYZZ point (one inversion of ZZZ). */
    void xyzzToAffine(final long[] r, final int ro, final long[] p, final int po, final long[] t)
    {
        if (isInfinityXyzz(p, po))
        {
            Arrays.fill(r, ro, ro + 2 * n, 0L);
            return;
        }
        f.inverse(t, 0, p, po + 3 * n);
        scaleXyzz(r, ro, p, po, t, 0, t);
    }

    /** Affine from XYZZ given 1/ZZZ at {@code z[zo]}: 1/ZZ = (ZZ/ZZZ)², as ZZ³ = ZZZ². */
    private void scaleXyzz(final long[] r, final int ro, final long[] p, final int po, final long[] z, final int zo,
        final long[] t)
    {
        f.mul(t, n, p, po + 2 * n, z, zo);
        f.square(t, n, t, n);
        f.mul(r, ro + n, p, po + n, z, zo);
        f.mul(r, ro, p, po, t, n);
    }

    /** Converts {@code count} XYZZ points (4n limbs each) to affine (2n each) with one inversion; distinct arrays. */
    void batchXyzzToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
    {
        final long[] inv = new long[count * n];
        for (int k = 0; k < count; k++)
        {
            System.arraycopy(p, po + k * 4 * n + 3 * n, inv, k * n, n);
        }
        batchInverse(inv, count);
        final long[] t = new long[scratchLimbs()];
        for (int k = 0; k < count; k++)
        {
            if (f.isZero(inv, k * n))
            {
                Arrays.fill(r, ro + k * 2 * n, ro + (k + 1) * 2 * n, 0L);
            }
            else
            {
                scaleXyzz(r, ro + k * 2 * n, p, po + k * 4 * n, inv, k * n, t);
            }
        }
    }

    // ---------------------------------------------------------------- scalar multiplication

    /** Window of the signed-digit (wNAF) scalar multiplication: 2^(W−2) = 8 precomputed odd multiples. */
    static final int WNAF_WINDOW = 5;

    /**
     * Width-w NAF of a non-negative integer: digits least significant first, each zero or odd in
     * (−2^(w−1), 2^(w−1)); at most one of any w consecutive digits is non-zero.
     *
     * @return the number of digits written into {@code digits} (sized at least bitLength + 1).
     */
    static int wnaf(final BigInteger k, final int w, final byte[] digits)
    {
        BigInteger rest = k;
        int length = 0;
        final int full = 1 << w;
        final int half = 1 << (w - 1);
        while (rest.signum() > 0)
        {
            int digit = 0;
            if (rest.testBit(0))
            {
                digit = rest.intValue() & (full - 1);
                if (digit >= half)
                {
                    digit -= full;
                }
                rest = rest.subtract(BigInteger.valueOf(digit));
            }
            digits[length++] = (byte)digit;
            rest = rest.shiftRight(1);
        }
        return length;
    }

    /**
     * Width-w NAF of the unsigned 128-bit integer {@code hi·2^64 + lo}, digit for digit the same as
     * {@link #wnaf(BigInteger, int, byte[])} but on two words: the endomorphism-split scalars are at most 128 bits, and
     * recoding them through BigInteger allocated on every bit.
     *
     * @return the number of digits written into {@code digits} (sized at least 129).
     */
    static int wnaf(final long lo, final long hi, final int w, final byte[] digits)
    {
        long low = lo;
        long high = hi;
        // bit 128: a negative digit adds up to 2^(w−1) − 1, which can carry out of a value just below 2^128
        long top = 0;
        int length = 0;
        final int full = 1 << w;
        final int half = 1 << (w - 1);
        while ((low | high | top) != 0)
        {
            int digit = 0;
            if ((low & 1) != 0)
            {
                digit = (int)low & (full - 1);
                if (digit >= half)
                {
                    digit -= full;
                    // subtracting a negative digit adds |digit|, which may carry out of the low word
                    final long sum = low - digit;
                    if (Long.compareUnsigned(sum, low) < 0)
                    {
                        high++;
                        top += high == 0 ? 1 : 0;
                    }
                    low = sum;
                }
                else
                {
                    // the low w bits are exactly the digit: clearing them borrows nothing
                    low -= digit;
                }
            }
            digits[length++] = (byte)digit;
            low = (low >>> 1) | (high << 63);
            high = (high >>> 1) | (top << 63);
            top = 0;
        }
        return length;
    }

    /** Writes p, 3p, 5p, … (count odd multiples, Jacobian) into {@code table}. */
    void oddMultiples(final long[] table, final long[] p, final int po, final int count, final long[] t)
    {
        final int size = 3 * n;
        System.arraycopy(p, po, table, 0, size);
        final long[] twice = new long[size];
        dblJacobian(twice, 0, p, po, t);
        for (int k = 1; k < count; k++)
        {
            addJacobian(table, k * size, table, (k - 1) * size, twice, 0, t);
        }
    }

    /** Adds (digit > 0) or subtracts table[|digit|/2] into the Jacobian accumulator at {@code acc[0]}. */
    void addDigit(final long[] acc, final long[] table, final int digit, final long[] neg, final long[] t)
    {
        final int size = 3 * n;
        final int at = ((digit < 0 ? -digit : digit) >> 1) * size;
        if (digit > 0)
        {
            addJacobian(acc, 0, acc, 0, table, at, t);
        }
        else
        {
            negJacobian(neg, 0, table, at);
            addJacobian(acc, 0, acc, 0, neg, 0, t);
        }
    }

    /** Adds (digit > 0) or subtracts affine table[|digit|/2] into the Jacobian accumulator at {@code acc[0]}. */
    void addDigitMixed(final long[] acc, final long[] table, final int digit, final long[] neg, final long[] t)
    {
        final int size = 2 * n;
        final int at = ((digit < 0 ? -digit : digit) >> 1) * size;
        if (digit > 0)
        {
            addMixedJacobian(acc, 0, acc, 0, table, at, t);
        }
        else
        {
            negAffine(neg, 0, table, at);
            addMixedJacobian(acc, 0, acc, 0, neg, 0, t);
        }
    }

    /**
     * @return the affine odd multiples a, 3a, …, (2·count − 1)a of an affine point (2n limbs each), converted from
     * Jacobian with one inversion so the scalar multiplication's loop can use mixed additions.
     * <p>
     * The chain a, 3a, 5a, … adds 2a = (X, Y, Z) each time. Seen on the isomorphic curve y² = x³ + b·Z⁶ through
     * (x, y) → (x·Z², y·Z³), 2a is the affine point (X, Y), so every step is a mixed addition instead of a full one
     * (the a = 0 formulas never read b). A Jacobian point (X', Y', Z') there is (X', Y', Z'·Z) back on this curve.
     */
    long[] affineOddMultiples(final long[] a, final int ao, final int count, final long[] t)
    {
        final int size = 3 * n;
        final long[] twice = new long[size];
        affineToJacobian(twice, 0, a, ao);
        dblJacobian(twice, 0, twice, 0, t);
        final long[] table = new long[count * 2 * n];
        if (count == 1 || isInfinityJacobian(twice, 0))
        {
            // a is infinity or of order two (never in the prime-order subgroups): plain Jacobian chain
            final long[] start = new long[size];
            affineToJacobian(start, 0, a, ao);
            final long[] jacobian = new long[count * size];
            oddMultiples(jacobian, start, 0, count, t);
            batchJacobianToAffine(table, 0, jacobian, 0, count);
            return table;
        }
        final long[] z2 = new long[n];
        final long[] z3 = new long[n];
        f.square(z2, 0, twice, 2 * n);
        f.mul(z3, 0, z2, 0, twice, 2 * n);
        final long[] jacobian = new long[count * size];
        // a on the isomorphic curve, Z = 1
        f.mul(jacobian, 0, a, ao, z2, 0);
        f.mul(jacobian, n, a, ao + n, z3, 0);
        f.setOne(jacobian, 2 * n);
        for (int k = 1; k < count; k++)
        {
            addMixedJacobian(jacobian, k * size, jacobian, (k - 1) * size, twice, 0, t);
        }
        for (int k = 0; k < count; k++)
        {
            f.mul(jacobian, k * size + 2 * n, jacobian, k * size + 2 * n, twice, 2 * n);
        }
        batchJacobianToAffine(table, 0, jacobian, 0, count);
        return table;
    }

    /**
     * {@code r = Σ [k_j]P_j} (Jacobian) by interleaved width-{@value #WNAF_WINDOW} NAFs sharing one chain of
     * doublings: {@code tables[j]} holds the affine odd multiples of P_j, {@code scalars[j] ≥ 0}.
     */
    void mulInterleaved(final long[] r, final int ro, final long[][] tables, final BigInteger[] scalars,
        final long[] t)
    {
        final int m = scalars.length;
        final byte[][] digits = new byte[m][];
        final int[] lengths = new int[m];
        int longest = 0;
        for (int j = 0; j < m; j++)
        {
            final BigInteger k = scalars[j];
            if (k.bitLength() <= 128)
            {
                digits[j] = new byte[130];
                lengths[j] = wnaf(k.longValue(), k.shiftRight(64).longValue(), WNAF_WINDOW, digits[j]);
            }
            else
            {
                digits[j] = new byte[k.bitLength() + 1];
                lengths[j] = wnaf(k, WNAF_WINDOW, digits[j]);
            }
            longest = Math.max(longest, lengths[j]);
        }
        final long[] acc = new long[3 * n];
        final long[] neg = new long[2 * n];
        for (int i = longest - 1; i >= 0; i--)
        {
            dblJacobian(acc, 0, acc, 0, t);
            for (int j = 0; j < m; j++)
            {
                if (i < lengths[j] && digits[j][i] != 0)
                {
                    addDigitMixed(acc, tables[j], digits[j][i], neg, t);
                }
            }
        }
        System.arraycopy(acc, 0, r, ro, 3 * n);
    }

    /** {@code r = [k]p} for Jacobian p and any integer k (reduced by nothing: the caller passes what it means). */
    void mulJacobian(final long[] r, final int ro, final long[] p, final int po, final BigInteger k)
    {
        final int size = 3 * n;
        final long[] t = new long[scratchLimbs()];
        final long[] start = new long[size];
        if (k.signum() < 0)
        {
            negJacobian(start, 0, p, po);
        }
        else
        {
            System.arraycopy(p, po, start, 0, size);
        }
        final BigInteger e = k.abs();
        final byte[] digits = new byte[e.bitLength() + 1];
        final int length = wnaf(e, WNAF_WINDOW, digits);
        final int count = 1 << (WNAF_WINDOW - 2);
        final long[] table = new long[count * size];
        oddMultiples(table, start, 0, count, t);
        final long[] acc = new long[size];
        final long[] neg = new long[size];
        for (int i = length - 1; i >= 0; i--)
        {
            dblJacobian(acc, 0, acc, 0, t);
            if (digits[i] != 0)
            {
                addDigit(acc, table, digits[i], neg, t);
            }
        }
        System.arraycopy(acc, 0, r, ro, size);
    }

    /** Plain double-and-add by a non-negative 64-bit unsigned k (few bits set: the curve seed), Jacobian in/out. */
    void mulBySeed(final long[] r, final int ro, final long[] p, final int po, final long k, final long[] t,
        final long[] acc)
    {
        final int size = 3 * n;
        System.arraycopy(p, po, acc, 0, size);
        for (int i = 62 - Long.numberOfLeadingZeros(k); i >= 0; i--)
        {
            dblJacobian(acc, 0, acc, 0, t);
            if (((k >>> i) & 1) != 0)
            {
                addJacobian(acc, 0, acc, 0, p, po, t);
            }
        }
        System.arraycopy(acc, 0, r, ro, size);
    }

    /** @return whether two Jacobian points are the same point (cross-multiplied, no inversion). */
    boolean equalJacobian(final long[] p, final int po, final long[] q, final int qo, final long[] t)
    {
        final boolean pInf = isInfinityJacobian(p, po);
        final boolean qInf = isInfinityJacobian(q, qo);
        if (pInf || qInf)
        {
            return pInf == qInf;
        }
        f.square(t, 0, p, po + 2 * n);
        f.square(t, n, q, qo + 2 * n);
        f.mul(t, 2 * n, p, po, t, n);
        f.mul(t, 3 * n, q, qo, t, 0);
        if (!f.equal(t, 2 * n, t, 3 * n))
        {
            return false;
        }
        f.mul(t, 0, t, 0, p, po + 2 * n);
        f.mul(t, n, t, n, q, qo + 2 * n);
        f.mul(t, 2 * n, p, po + n, t, n);
        f.mul(t, 3 * n, q, qo + n, t, 0);
        return f.equal(t, 2 * n, t, 3 * n);
    }
}
