package io.jprove.field;

/**
 * The coordinate field of a curve, as {@link ShortWeierstrassCurve} and the MSM drive it: Fq for G1, Fq2 for G2. Same
 * calling convention as the fields (limb runs at offsets, destination may alias inputs).
 */
public interface CurveField
{
    /** @return limbs per element. */
    int limbs();

    void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void square(long[] r, int ro, long[] a, int ao);

    void add(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void neg(long[] r, int ro, long[] a, int ao);

    void setOne(long[] r, int ro);

    /** {@code r = a⁻¹}; a must be non-zero. */
    void inverse(long[] r, int ro, long[] a, int ao);

    /** @return whether the element is zero. */
    default boolean isZero(final long[] a, final int ao)
    {
        return Limbs.isZero(a, ao, limbs());
    }

    /** @return whether two elements are equal (both reduced). */
    default boolean equal(final long[] a, final int ao, final long[] b, final int bo)
    {
        return Limbs.equal(a, ao, b, bo, limbs());
    }

    /** The base field Fq. */
    CurveField FQ = new CurveField()
    {
        @Override
        public int limbs()
        {
            return Fq.LIMBS;
        }

        @Override
        public void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq.mul(r, ro, a, ao, b, bo);
        }

        @Override
        public void square(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq.square(r, ro, a, ao);
        }

        @Override
        public void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq.add(r, ro, a, ao, b, bo);
        }

        @Override
        public void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq.sub(r, ro, a, ao, b, bo);
        }

        @Override
        public void neg(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq.neg(r, ro, a, ao);
        }

        @Override
        public void setOne(final long[] r, final int ro)
        {
            Fq.setOne(r, ro);
        }

        @Override
        public void inverse(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq.inverse(r, ro, a, ao);
        }

        @Override
        public String toString()
        {
            return "Fq";
        }
    };

    /** The quadratic extension Fq2, for G2 (its per-thread-scratch forms: G2 is not on the prover's CPU hot path). */
    CurveField FQ2 = new CurveField()
    {
        @Override
        public int limbs()
        {
            return Fq2.LIMBS;
        }

        @Override
        public void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq2.mul(r, ro, a, ao, b, bo);
        }

        @Override
        public void square(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq2.square(r, ro, a, ao);
        }

        @Override
        public void add(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq2.add(r, ro, a, ao, b, bo);
        }

        @Override
        public void sub(final long[] r, final int ro, final long[] a, final int ao, final long[] b, final int bo)
        {
            Fq2.sub(r, ro, a, ao, b, bo);
        }

        @Override
        public void neg(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq2.neg(r, ro, a, ao);
        }

        @Override
        public void setOne(final long[] r, final int ro)
        {
            Fq2.setOne(r, ro);
        }

        @Override
        public void inverse(final long[] r, final int ro, final long[] a, final int ao)
        {
            Fq2.inverse(r, ro, a, ao);
        }

        @Override
        public String toString()
        {
            return "Fq2";
        }
    };
}
