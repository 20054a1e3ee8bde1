package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import io.jprove.field.CurveField;
import io.jprove.field.Fq;
import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * What the MSM and batch-add need from a group, written once for G1 (over Fq) and G2 (over Fq2): point sizes, a
 * point read from an off-heap vector, the XYZZ bucket operations, and the coordinate field (a {@link CurveField}) for
 * the batch-affine additions. Same calling convention as the fields: limb runs at offsets, destinations may alias
 * inputs.
 */
interface MsmGroup
{
    /** Little-endian u64 limbs, as the off-heap vectors store them. */
    ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** @return the coordinate field's operations, for the batch-affine additions. */
    CurveField field();

    /** @return limbs of one coordinate. */
    default int fieldLimbs()
    {
        return field().limbs();
    }

    /** @return limbs of an affine point (x ‖ y). */
    default int affineLimbs()
    {
        return 2 * fieldLimbs();
    }

    /** @return limbs of an XYZZ point. */
    default int xyzzLimbs()
    {
        return 4 * fieldLimbs();
    }

    /** @return a scratch array for the XYZZ operations. */
    long[] newScratch();

    /** Copies affine point {@code index} of the vector's segment into {@code dst[off ..)}, unchecked. */
    default void load(final MemorySegment points, final long index, final long[] dst, final int off)
    {
        final int limbs = affineLimbs();
        final long at = index * limbs * Long.BYTES;
        for (int k = 0; k < limbs; k++)
        {
            dst[off + k] = points.get(LIMB, at + 8L * k);
        }
    }

    /** {@code r = p + a}, p and r XYZZ, a affine; any inputs. */
    void addMixed(long[] r, int ro, long[] p, int po, long[] a, int ao, long[] t);

    /** {@code r = p + q}, XYZZ; any inputs. */
    void add(long[] r, int ro, long[] p, int po, long[] q, int qo, long[] t);

    /** {@code r = 2p}, XYZZ. */
    void dbl(long[] r, int ro, long[] p, int po, long[] t);

    /** XYZZ to affine (infinity to all-zero). */
    void toAffine(long[] r, int ro, long[] p, int po);

    /** Affine to XYZZ. */
    void toXyzz(long[] r, int ro, long[] a, int ao);

    /**
     * @return whether {@link #endomorphism} is GLV's φ with eigenvalue {@link Glv#LAMBDA}, so that the MSM may split
     *         its scalars.
     */
    default boolean hasEndomorphism()
    {
        return false;
    }

    /** {@code a ← φ(a)} for an affine point in place (infinity stays infinity); see {@link #hasEndomorphism}. */
    default void endomorphism(final long[] a, final int ao)
    {
        throw new UnsupportedOperationException(this + " has no GLV endomorphism here");
    }

    /** @return whether the affine point is infinity (all-zero limbs). */
    default boolean isInfinity(final long[] a, final int ao)
    {
        for (int k = 0; k < affineLimbs(); k++)
        {
            if (a[ao + k] != 0)
            {
                return false;
            }
        }
        return true;
    }

    /** G1 over Fq. */
    MsmGroup G1_GROUP = new MsmGroup()
    {
        @Override
        public CurveField field()
        {
            return CurveField.FQ;
        }

        @Override
        public long[] newScratch()
        {
            return G1.newScratch();
        }

        @Override
        public void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
            final int ao, final long[] t)
        {
            G1.xyzzAddMixed(r, ro, p, po, a, ao, t);
        }

        @Override
        public void add(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
            final long[] t)
        {
            G1.xyzzAdd(r, ro, p, po, q, qo, t);
        }

        @Override
        public void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
        {
            G1.xyzzDbl(r, ro, p, po, t);
        }

        @Override
        public void toAffine(final long[] r, final int ro, final long[] p, final int po)
        {
            G1.xyzzToAffine(r, ro, p, po);
        }

        @Override
        public void toXyzz(final long[] r, final int ro, final long[] a, final int ao)
        {
            G1.toXyzz(r, ro, a, ao);
        }

        @Override
        public boolean hasEndomorphism()
        {
            return true;
        }

        @Override
        public void endomorphism(final long[] a, final int ao)
        {
            // (β·x, y); β·0 = 0 keeps infinity all-zero
            Fq.mul(a, ao, a, ao, Glv.BETA, 0);
        }

        @Override
        public String toString()
        {
            return "G1";
        }
    };

    /** G2 over Fq2. */
    MsmGroup G2_GROUP = new MsmGroup()
    {
        @Override
        public CurveField field()
        {
            return CurveField.FQ2;
        }

        @Override
        public long[] newScratch()
        {
            return G2.newScratch();
        }

        @Override
        public void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
            final int ao, final long[] t)
        {
            G2.xyzzAddMixed(r, ro, p, po, a, ao, t);
        }

        @Override
        public void add(final long[] r, final int ro, final long[] p, final int po, final long[] q, final int qo,
            final long[] t)
        {
            G2.xyzzAdd(r, ro, p, po, q, qo, t);
        }

        @Override
        public void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
        {
            G2.xyzzDbl(r, ro, p, po, t);
        }

        @Override
        public void toAffine(final long[] r, final int ro, final long[] p, final int po)
        {
            G2.xyzzToAffine(r, ro, p, po);
        }

        @Override
        public void toXyzz(final long[] r, final int ro, final long[] a, final int ao)
        {
            G2.toXyzz(r, ro, a, ao);
        }

        @Override
        public boolean hasEndomorphism()
        {
            return true;
        }

        @Override
        public void endomorphism(final long[] a, final int ao)
        {
            // (β₂·x, y) with β₂ in Fq: both components of x
            Fq.mul(a, ao, a, ao, Glv.BETA_G2, 0);
            Fq.mul(a, ao + Fq.LIMBS, a, ao + Fq.LIMBS, Glv.BETA_G2, 0);
        }

        @Override
        public String toString()
        {
            return "G2";
        }
    };
}
