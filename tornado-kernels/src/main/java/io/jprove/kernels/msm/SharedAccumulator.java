package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.LongArray;

/**
 * An item's XYZZ accumulator kept in its group's shared memory ({@link Slots}: coordinate j is slot j) rather than in
 * registers, with madd-2008-s written to load each coordinate where it is used and store it where it changes. In
 * registers the four coordinates live through the whole addition beside its five temporaries; here only one loaded
 * coordinate does, which frees about 4n registers (24 over Fq, 48 over Fq2) for a shared-memory round trip per use,
 * cheap next to a multiplication. The results are those of {@link XyzzInline#addMixed}. Callers pass the slots'
 * width as a constant (the group size the launch promises), so every slot address is one register plus an immediate
 * and the bounds checks merge: with {@code ctx.localSizeX()} instead ptxas needed 168 registers and spilled, with the
 * constant 150 and none, over Fq at three groups per multiprocessor. (Reading the point's coordinates only where they
 * are used made ptxas hoist the loads and raised the count too, so the point is loaded whole.)
 */
final class SharedAccumulator
{
    private static final int X = 0;
    private static final int Y = 1;
    private static final int ZZ = 2;
    private static final int ZZZ = 3;

    private SharedAccumulator()
    {
    }

    /** Sets the item's accumulator to infinity (all zeros). */
    static void clear(final LongArray shared, final int item, final int width, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long[] zero = new long[n];
        for (int j = 0; j < 4; j++)
        {
            Slots.store(shared, j, item, width, zero, n);
        }
    }

    /** Copies the accumulator into {@code p[0 .. 4n)}. */
    static void read(final LongArray shared, final int item, final int width, final long[] p, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        final long[] c = new long[n];
        for (int j = 0; j < 4; j++)
        {
            Slots.load(shared, j, item, width, c, n);
            Coordinates.copy(p, j * n, c, 0, n);
        }
    }

    /** acc += a, a affine (madd-2008-s, every special case, as {@link XyzzInline#addMixed}). */
    static void addMixed(final LongArray shared, final int item, final int width, final long[] a, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        if (XyzzInline.isInfinityAffine(a, 0, degree))
        {
            return;
        }
        final long[] c = new long[n];
        Slots.load(shared, ZZ, item, width, c, n);
        if (Coordinates.isZero(c, 0, degree))
        {
            Slots.store(shared, X, item, width, a, n);
            Coordinates.copy(c, 0, a, n, n);
            Slots.store(shared, Y, item, width, c, n);
            Coordinates.setOne(c, 0, degree);
            Slots.store(shared, ZZ, item, width, c, n);
            Slots.store(shared, ZZZ, item, width, c, n);
            return;
        }
        // t: P, R, PP, PPP, Q, S·PPP; each dies as soon as the formula is done with it
        final long[] t = new long[6 * n];
        Coordinates.mul(t, 0, a, 0, c, 0, degree);
        load(shared, ZZZ, item, width, c, degree);
        Coordinates.mul(t, n, a, n, c, 0, degree);
        load(shared, X, item, width, c, degree);
        Coordinates.sub(t, 0, t, 0, c, 0, degree);
        load(shared, Y, item, width, c, degree);
        Coordinates.sub(t, n, t, n, c, 0, degree);
        if (Coordinates.isZero(t, 0, degree))
        {
            final long[] p = new long[4 * n];
            if (Coordinates.isZero(t, n, degree))
            {
                XyzzInline.dblAffine(p, 0, a, 0, degree);
            }
            for (int j = 0; j < 4; j++)
            {
                Coordinates.copy(c, 0, p, j * n, n);
                Slots.store(shared, j, item, width, c, n);
            }
            return;
        }
        Coordinates.square(t, 2 * n, t, 0, degree);
        Coordinates.mul(t, 3 * n, t, 0, t, 2 * n, degree);
        update(shared, ZZ, item, width, c, t, 2 * n, degree);
        load(shared, X, item, width, c, degree);
        Coordinates.mul(t, 4 * n, c, 0, t, 2 * n, degree);
        update(shared, ZZZ, item, width, c, t, 3 * n, degree);
        load(shared, Y, item, width, c, degree);
        Coordinates.mul(t, 5 * n, c, 0, t, 3 * n, degree);
        // X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y·PPP
        Coordinates.square(c, 0, t, n, degree);
        Coordinates.sub(c, 0, c, 0, t, 3 * n, degree);
        Coordinates.sub(c, 0, c, 0, t, 4 * n, degree);
        Coordinates.sub(c, 0, c, 0, t, 4 * n, degree);
        Slots.store(shared, X, item, width, c, n);
        Coordinates.sub(t, 4 * n, t, 4 * n, c, 0, degree);
        Coordinates.mul(t, 4 * n, t, 4 * n, t, n, degree);
        Coordinates.sub(c, 0, t, 4 * n, t, 5 * n, degree);
        Slots.store(shared, Y, item, width, c, n);
    }

    private static void load(final LongArray shared, final int coordinate, final int item, final int width,
        final long[] c, final int degree)
    {
        Slots.load(shared, coordinate, item, width, c, Coordinates.limbs(degree));
    }

    /** coordinate ← coordinate · t[at]. */
    private static void update(final LongArray shared, final int coordinate, final int item, final int width,
        final long[] c, final long[] t, final int at, final int degree)
    {
        final int n = Coordinates.limbs(degree);
        Slots.load(shared, coordinate, item, width, c, n);
        Coordinates.mul(c, 0, c, 0, t, at, degree);
        Slots.store(shared, coordinate, item, width, c, n);
    }
}
