package io.jprove.field.inline;

/**
 * XYZZ point arithmetic on y² = x³ + b (a = 0), the bucket arithmetic of the MSMs, over the coordinate field of
 * {@code degree} ({@link Coordinates}): madd-2008-s (8M + 2S), add-2008-s (12M + 2S), dbl-2008-s-1 (6M + 3S) and
 * mdbl-2008-s-1 (3M + 2S) of the Explicit-Formulas Database, with every special case: an infinite operand, equal
 * points (doubled) and opposite points (infinity). The curve constant b never appears, so one set of formulas serves
 * G1 and G2.
 * <p>
 * An XYZZ point X ‖ Y ‖ ZZ ‖ ZZZ ({@code 4n} limbs, n = {@link Coordinates#limbs}) stands for (X/ZZ, Y/ZZZ) and is
 * infinity exactly when ZZ is zero ({@link #setInfinity} writes all zeros); an affine point x ‖ y ({@code 2n}) is
 * infinity when both are zero. Operations update {@code p} in place; the other operand must not overlap it.
 */
public final class XyzzInline
{
    private XyzzInline()
    {
    }

    /** @return whether the XYZZ point is infinity (ZZ = 0). */
    public static boolean isInfinity(final long[] p, final int po, final int degree)
    {
        return Coordinates.isZero(p, po + 2 * Coordinates.limbs(degree), degree);
    }

    /**
     * {@code r = takeA ? a : b} for XYZZ points, branch-free in a kernel: how a kernel routes different operands
     * through one addition instead of inlining the formulas at several call sites.
     */
    public static void select(final long[] r, final int ro, final long[] a, final int ao, final long[] b,
        final int bo, final boolean takeA, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        for (int k = 0; k < 4; k++)
        {
            Coordinates.select(r, ro + k * n, a, ao + k * n, b, bo + k * n, takeA, degree);
        }
    }

    /** @return whether the affine point is infinity (x = y = 0). */
    public static boolean isInfinityAffine(final long[] a, final int ao, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        return Coordinates.isZero(a, ao, degree) & Coordinates.isZero(a, ao + n, degree);
    }

    /** Sets the XYZZ point to infinity (all-zero limbs). */
    public static void setInfinity(final long[] p, final int po, final int degree)
    {
        Coordinates.clear(p, po, 4 * Coordinates.limbs(degree));
    }

    /** {@code p = a}: XYZZ from affine (ZZ = ZZZ = 1; infinity to all zeros). */
    public static void fromAffine(final long[] p, final int po, final long[] a, final int ao, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        if (isInfinityAffine(a, ao, degree))
        {
            setInfinity(p, po, degree);
            return;
        }
        Coordinates.copy(p, po, a, ao, 2 * n);
        Coordinates.setOne(p, po + 2 * n, degree);
        Coordinates.setOne(p, po + 3 * n, degree);
    }

    /** {@code p += a}, a affine (madd-2008-s). */
    public static void addMixed(final long[] p, final int po, final long[] a, final int ao, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        if (isInfinityAffine(a, ao, degree))
        {
            return;
        }
        if (isInfinity(p, po, degree))
        {
            fromAffine(p, po, a, ao, degree);
            return;
        }
        final long[] t = new long[6 * n];
        final int u2 = 0;
        final int s2 = n;
        final int pp = 2 * n;
        final int ppp = 3 * n;
        final int q = 4 * n;
        final int rr = 5 * n;
        Coordinates.mul(t, u2, a, ao, p, po + 2 * n, degree);
        Coordinates.mul(t, s2, a, ao + n, p, po + 3 * n, degree);
        Coordinates.sub(t, u2, t, u2, p, po, degree);
        Coordinates.sub(t, rr, t, s2, p, po + n, degree);
        if (Coordinates.isZero(t, u2, degree))
        {
            if (Coordinates.isZero(t, rr, degree))
            {
                dblAffine(p, po, a, ao, degree);
            }
            else
            {
                setInfinity(p, po, degree);
            }
            return;
        }
        // ordered so that few coordinates are live at once (P dies at PPP, PP at Q): registers on a GPU
        Coordinates.square(t, pp, t, u2, degree);
        Coordinates.mul(t, ppp, t, u2, t, pp, degree);
        Coordinates.mul(p, po + 2 * n, p, po + 2 * n, t, pp, degree);
        Coordinates.mul(t, q, p, po, t, pp, degree);
        Coordinates.mul(p, po + 3 * n, p, po + 3 * n, t, ppp, degree);
        Coordinates.mul(t, s2, p, po + n, t, ppp, degree);
        finish(p, po, t, rr, ppp, q, s2, degree);
    }

    /** {@code p += q}, both XYZZ (add-2008-s). */
    public static void add(final long[] p, final int po, final long[] q, final int qo, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        if (isInfinity(q, qo, degree))
        {
            return;
        }
        if (isInfinity(p, po, degree))
        {
            Coordinates.copy(p, po, q, qo, 4 * n);
            return;
        }
        final long[] t = new long[6 * n];
        final int u1 = 0;
        final int s1 = n;
        final int pp = 2 * n;
        final int ppp = 3 * n;
        final int uq = 4 * n;
        final int rr = 5 * n;
        Coordinates.mul(t, u1, p, po, q, qo + 2 * n, degree);
        Coordinates.mul(t, pp, q, qo, p, po + 2 * n, degree);
        Coordinates.mul(t, s1, p, po + n, q, qo + 3 * n, degree);
        Coordinates.mul(t, rr, q, qo + n, p, po + 3 * n, degree);
        Coordinates.sub(t, pp, t, pp, t, u1, degree);
        Coordinates.sub(t, rr, t, rr, t, s1, degree);
        if (Coordinates.isZero(t, pp, degree))
        {
            if (Coordinates.isZero(t, rr, degree))
            {
                dbl(p, po, degree);
            }
            else
            {
                setInfinity(p, po, degree);
            }
            return;
        }
        // P = U2 − U1 sits at pp; PPP = P·P², Q = U1·P², ZZ3 = ZZ1·ZZ2·P², ZZZ3 = ZZZ1·ZZZ2·PPP
        Coordinates.square(t, ppp, t, pp, degree);
        Coordinates.mul(t, uq, t, u1, t, ppp, degree);
        Coordinates.mul(p, po + 2 * n, p, po + 2 * n, q, qo + 2 * n, degree);
        Coordinates.mul(p, po + 2 * n, p, po + 2 * n, t, ppp, degree);
        Coordinates.mul(t, ppp, t, pp, t, ppp, degree);
        Coordinates.mul(p, po + 3 * n, p, po + 3 * n, q, qo + 3 * n, degree);
        Coordinates.mul(p, po + 3 * n, p, po + 3 * n, t, ppp, degree);
        Coordinates.mul(t, s1, t, s1, t, ppp, degree);
        finish(p, po, t, rr, ppp, uq, s1, degree);
    }

    /** X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − S·PPP (S·PPP at {@code sppp}): the common tail of add and madd. */
    private static void finish(final long[] p, final int po, final long[] t, final int rr, final int ppp,
        final int q, final int sppp, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        Coordinates.square(p, po, t, rr, degree);
        Coordinates.sub(p, po, p, po, t, ppp, degree);
        Coordinates.sub(p, po, p, po, t, q, degree);
        Coordinates.sub(p, po, p, po, t, q, degree);
        Coordinates.sub(t, q, t, q, p, po, degree);
        Coordinates.mul(t, q, t, q, t, rr, degree);
        Coordinates.sub(p, po + n, t, q, t, sppp, degree);
    }

    /** {@code p = 2p} (dbl-2008-s-1); infinity, and a point with Y = 0, give infinity. */
    public static void dbl(final long[] p, final int po, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        if (isInfinity(p, po, degree))
        {
            return;
        }
        final long[] t = new long[5 * n];
        final int u = 0;
        final int v = n;
        final int w = 2 * n;
        final int s = 3 * n;
        final int m = 4 * n;
        Coordinates.dbl(t, u, p, po + n, degree);
        Coordinates.square(t, v, t, u, degree);
        Coordinates.mul(t, w, t, u, t, v, degree);
        Coordinates.mul(t, s, p, po, t, v, degree);
        Coordinates.square(t, m, p, po, degree);
        Coordinates.dbl(t, u, t, m, degree);
        Coordinates.add(t, m, t, m, t, u, degree);
        Coordinates.mul(p, po + 2 * n, p, po + 2 * n, t, v, degree);
        Coordinates.mul(p, po + 3 * n, p, po + 3 * n, t, w, degree);
        Coordinates.mul(t, w, t, w, p, po + n, degree);
        Coordinates.square(p, po, t, m, degree);
        Coordinates.sub(p, po, p, po, t, s, degree);
        Coordinates.sub(p, po, p, po, t, s, degree);
        Coordinates.sub(t, s, t, s, p, po, degree);
        Coordinates.mul(t, s, t, s, t, m, degree);
        Coordinates.sub(p, po + n, t, s, t, w, degree);
    }

    /** {@code p = 2a} for an affine, finite a (mdbl-2008-s-1: ZZ3 = V, ZZZ3 = W). */
    public static void dblAffine(final long[] p, final int po, final long[] a, final int ao, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long[] t = new long[5 * n];
        final int u = 0;
        final int v = n;
        final int w = 2 * n;
        final int s = 3 * n;
        final int m = 4 * n;
        Coordinates.dbl(t, u, a, ao + n, degree);
        Coordinates.square(t, v, t, u, degree);
        Coordinates.mul(t, w, t, u, t, v, degree);
        Coordinates.mul(t, s, a, ao, t, v, degree);
        Coordinates.square(t, m, a, ao, degree);
        Coordinates.dbl(t, u, t, m, degree);
        Coordinates.add(t, m, t, m, t, u, degree);
        Coordinates.copy(p, po + 2 * n, t, v, n);
        Coordinates.copy(p, po + 3 * n, t, w, n);
        Coordinates.mul(t, w, t, w, a, ao + n, degree);
        Coordinates.square(p, po, t, m, degree);
        Coordinates.sub(p, po, p, po, t, s, degree);
        Coordinates.sub(p, po, p, po, t, s, degree);
        Coordinates.sub(t, s, t, s, p, po, degree);
        Coordinates.mul(t, s, t, s, t, m, degree);
        Coordinates.sub(p, po + n, t, s, t, w, degree);
    }

    /**
     * Affine from XYZZ given z = 1/ZZZ: x = X·(ZZ·z)², y = Y·z (as ZZ³ = ZZZ², (ZZ/ZZZ)² = 1/ZZ). Writes
     * {@code 2n} limbs at {@code (r, ro)}, which must not overlap p.
     */
    public static void toAffine(final long[] r, final int ro, final long[] p, final int po, final long[] z,
        final int zo, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long[] t = new long[n];
        Coordinates.mul(t, 0, p, po + 2 * n, z, zo, degree);
        Coordinates.square(t, 0, t, 0, degree);
        Coordinates.mul(r, ro, p, po, t, 0, degree);
        Coordinates.mul(r, ro + n, p, po + n, z, zo, degree);
    }
}
