package io.jprove.engine.groth16;

import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * The few group operations fixed-base multiplication and the provers' sums need, for G1 and for G2, in the
 * field-arith layout.
 */
public interface GroupOps
{
    /** G1. */
    GroupOps G1_OPS = new GroupOps()
    {
        @Override
        public int affineLimbs()
        {
            return G1.AFFINE_LIMBS;
        }

        @Override
        public int jacobianLimbs()
        {
            return G1.JACOBIAN_LIMBS;
        }

        @Override
        public long[] newScratch()
        {
            return G1.newScratch();
        }

        @Override
        public void toJacobian(final long[] r, final int ro, final long[] a, final int ao)
        {
            G1.toJacobian(r, ro, a, ao);
        }

        @Override
        public void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
        {
            G1.dbl(r, ro, p, po, t);
        }

        @Override
        public void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
            final int ao, final long[] t)
        {
            G1.addMixed(r, ro, p, po, a, ao, t);
        }

        @Override
        public void batchToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
        {
            G1.batchToAffine(r, ro, p, po, count);
        }

        @Override
        public void toAffine(final long[] r, final int ro, final long[] p, final int po)
        {
            G1.toAffine(r, ro, p, po);
        }

        @Override
        public void batchAddAffine(final long[] r, final int ro, final long[] p, final int po, final long[] q,
            final int qo, final int count)
        {
            G1.batchAddAffine(r, ro, p, po, q, qo, count);
        }
    };

    /** G2. */
    GroupOps G2_OPS = new GroupOps()
    {
        @Override
        public int affineLimbs()
        {
            return G2.AFFINE_LIMBS;
        }

        @Override
        public int jacobianLimbs()
        {
            return G2.JACOBIAN_LIMBS;
        }

        @Override
        public long[] newScratch()
        {
            return G2.newScratch();
        }

        @Override
        public void toJacobian(final long[] r, final int ro, final long[] a, final int ao)
        {
            G2.toJacobian(r, ro, a, ao);
        }

        @Override
        public void dbl(final long[] r, final int ro, final long[] p, final int po, final long[] t)
        {
            G2.dbl(r, ro, p, po, t);
        }

        @Override
        public void addMixed(final long[] r, final int ro, final long[] p, final int po, final long[] a,
            final int ao, final long[] t)
        {
            G2.addMixed(r, ro, p, po, a, ao, t);
        }

        @Override
        public void batchToAffine(final long[] r, final int ro, final long[] p, final int po, final int count)
        {
            G2.batchToAffine(r, ro, p, po, count);
        }

        @Override
        public void toAffine(final long[] r, final int ro, final long[] p, final int po)
        {
            G2.toAffine(r, ro, p, po);
        }

        @Override
        public void batchAddAffine(final long[] r, final int ro, final long[] p, final int po, final long[] q,
            final int qo, final int count)
        {
            G2.batchAddAffine(r, ro, p, po, q, qo, count);
        }
    };

    int affineLimbs();

    int jacobianLimbs();

    long[] newScratch();

    void toJacobian(long[] r, int ro, long[] a, int ao);

    void dbl(long[] r, int ro, long[] p, int po, long[] t);

    void addMixed(long[] r, int ro, long[] p, int po, long[] a, int ao, long[] t);

    void batchToAffine(long[] r, int ro, long[] p, int po, int count);

    void toAffine(long[] r, int ro, long[] p, int po);

    /** {@code r[k] = p[k] + q[k]} for {@code count} affine pairs with one shared inversion; any inputs. */
    void batchAddAffine(long[] r, int ro, long[] p, int po, long[] q, int qo, int count);

    /**
     * One sum of two affine points, as a split MSM joins its batch-add of the ones and its tail.
     *
     * @return p + q, affine (all-zero for infinity); either may be infinity.
     */
    default long[] addAffine(final long[] p, final long[] q)
    {
        final long[] sum = new long[jacobianLimbs()];
        toJacobian(sum, 0, p, 0);
        addMixed(sum, 0, sum, 0, q, 0, newScratch());
        final long[] affine = new long[affineLimbs()];
        toAffine(affine, 0, sum, 0);
        return affine;
    }
}
