package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;

/**
 * The two groups the device MSM serves, by their coordinate field: G1 over Fq (degree 1) and G2 over Fq2 (degree 2).
 * Each kernel that does point arithmetic exists once per field, named with the field ({@code accumulateFq},
 * {@code accumulateFq2}); this picks the name and the sizes.
 */
public enum MsmCurve
{
    /** G1, coordinates in Fq. */
    G1(1),
    /** G2, coordinates in Fq2. */
    G2(2);

    private final int degree;

    MsmCurve(final int degree)
    {
        this.degree = degree;
    }

    /** @return the coordinate field's degree over Fq. */
    public int degree()
    {
        return degree;
    }

    /** @return limbs of an affine point (x ‖ y). */
    public int affineLimbs()
    {
        return 2 * Coordinates.limbs(degree);
    }

    /** @return limbs of an XYZZ point. */
    public int xyzzLimbs()
    {
        return 4 * Coordinates.limbs(degree);
    }

    /** @return bytes of an affine point, as the vectors store them. */
    public long affineBytes()
    {
        return affineLimbs() * (long)Long.BYTES;
    }

    /** @return bytes of an XYZZ point. */
    public long xyzzBytes()
    {
        return xyzzLimbs() * (long)Long.BYTES;
    }

    /** @return the kernel {@code prefix} of this group's field, e.g. {@code accumulateFq2}. */
    String kernel(final String prefix)
    {
        return prefix + (degree == 1 ? "Fq" : "Fq2");
    }

    /** @return the affine form of an XYZZ point read back from the device (all-zero for infinity). */
    public long[] toAffine(final long[] xyzz)
    {
        final long[] r = new long[affineLimbs()];
        if (degree == 1)
        {
            io.jprove.field.G1.xyzzToAffine(r, 0, xyzz, 0);
        }
        else
        {
            io.jprove.field.G2.xyzzToAffine(r, 0, xyzz, 0);
        }
        return r;
    }
}
