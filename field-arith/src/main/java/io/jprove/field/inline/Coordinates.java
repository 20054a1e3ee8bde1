package io.jprove.field.inline;

import io.jprove.field.Fq;

/**
 * A point coordinate's field chosen by {@code degree}: Fq for 1 (G1), Fq2 for 2 (G2). Callers pass the degree as a
 * constant, so a kernel compiles only one branch of each method; a coordinate is {@code 6·degree} limbs.
 */
public final class Coordinates
{
    private Coordinates()
    {
    }

    /** @return limbs of one coordinate of the given degree. */
    public static int limbs(final int degree)
    {
        return Fq.LIMBS * degree;
    }

    /** {@code r = a·b}. */
    public static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final int degree)
    {
        if (degree == 1)
        {
            Fq.mul(r, ro, a, ao, b, bo);
        }
        else
        {
            Fq2Inline.mul(r, ro, a, ao, b, bo);
        }
    }

    /** {@code r = a²}. */
    public static void square(final long[] r, final int ro, final long[] a, final int ao, final int degree)
    {
        if (degree == 1)
        {
            Fq.square(r, ro, a, ao);
        }
        else
        {
            Fq2Inline.square(r, ro, a, ao);
        }
    }

    /** {@code r = a + b}. */
    public static void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final int degree)
    {
        if (degree == 1)
        {
            Fq.add(r, ro, a, ao, b, bo);
        }
        else
        {
            Fq2Inline.add(r, ro, a, ao, b, bo);
        }
    }

    /** {@code r = a − b}. */
    public static void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo,
        final int degree)
    {
        if (degree == 1)
        {
            Fq.sub(r, ro, a, ao, b, bo);
        }
        else
        {
            Fq2Inline.sub(r, ro, a, ao, b, bo);
        }
    }

    /** {@code r = 2a}. */
    public static void dbl(final long[] r, final int ro, final long[] a, final int ao, final int degree)
    {
        if (degree == 1)
        {
            Fq.dbl(r, ro, a, ao);
        }
        else
        {
            Fq2Inline.dbl(r, ro, a, ao);
        }
    }

    /** {@code r = negate ? −a : a}, branch-free in a kernel. */
    public static void negIf(final long[] r, final int ro, final long[] a, final int ao, final boolean negate,
        final int degree)
    {
        if (degree == 1)
        {
            Fq.negIf(r, ro, a, ao, negate);
        }
        else
        {
            Fq2Inline.negIf(r, ro, a, ao, negate);
        }
    }

    /** {@code r = takeA ? a : b}, branch-free in a kernel. */
    public static void select(final long[] r, final int ro, final long[] a, final int ao, final long[] b,
        final int bo, final boolean takeA, final int degree)
    {
        if (degree == 1)
        {
            Fq.select(r, ro, a, ao, b, bo, takeA);
        }
        else
        {
            Fq2Inline.select(r, ro, a, ao, b, bo, takeA);
        }
    }

    /** @return whether {@code a} is zero. */
    public static boolean isZero(final long[] a, final int ao, final int degree)
    {
        return degree == 1 ? Fq.isZero(a, ao) : Fq2Inline.isZero(a, ao);
    }

    /** {@code r = a⁻¹} (0 for 0), by {@link FermatInverse}. */
    public static void inverse(final long[] r, final int ro, final long[] a, final int ao, final int degree)
    {
        if (degree == 1)
        {
            FermatInverse.fq(r, ro, a, ao);
        }
        else
        {
            Fq2Inline.inverse(r, ro, a, ao);
        }
    }

    /** Writes one. */
    public static void setOne(final long[] r, final int ro, final int degree)
    {
        FermatInverse.setOne(r, ro);
        for (int k = Fq.LIMBS; k < limbs(degree); k++)
        {
            r[ro + k] = 0;
        }
    }

    /** Copies {@code count} limbs (a loop a kernel unrolls into register moves). */
    public static void copy(final long[] r, final int ro, final long[] a, final int ao, final int count)
    {
        for (int k = 0; k < count; k++)
        {
            r[ro + k] = a[ao + k];
        }
    }

    /** Zeroes {@code count} limbs. */
    public static void clear(final long[] r, final int ro, final int count)
    {
        for (int k = 0; k < count; k++)
        {
            r[ro + k] = 0;
        }
    }
}
