package io.jprove.field;

/**
 * The optimal ate pairing e: G1 × G2 → GT ⊂ Fq12 of BLS12-381, as blst computes it: the Miller loop over the seed
 * x = −0xd201000000010000 ({@link MillerLoop}) followed by the final exponentiation ({@link FinalExponentiation}).
 * <p>
 * Points are affine limb runs in Montgomery form, as the curve classes store them: a G1 point is x‖y (12 limbs), a
 * G2 point x‖y with coordinates in Fq2 (24 limbs); all-zero limbs are the point at infinity, which contributes the
 * factor 1. The points must be on their curves and in the order-r subgroups (the decoders check this); the pairing
 * itself does not. Results are Fq12 elements (72 limbs). Every method is thread-safe and allocation-free once a
 * thread has used it (the scratch is per thread).
 * <p>
 * {@link #multiPair} shares one Miller loop accumulator among all pairs and runs one final exponentiation, which is
 * how a verifier checks a product of pairings; {@link #millerLoop} and {@link #finalExponentiation} are exposed so
 * that a verifier can combine Miller loop values itself.
 */
public final class Pairing
{
    /** Limbs of a G1 affine point. */
    public static final int G1_LIMBS = 2 * Fq.LIMBS;
    /** Limbs of a G2 affine point. */
    public static final int G2_LIMBS = 2 * Fq2.LIMBS;

    private static final ThreadLocal<MillerLoop> LOOP = ThreadLocal.withInitial(MillerLoop::new);
    private static final ThreadLocal<FinalExponentiation> FINAL = ThreadLocal.withInitial(FinalExponentiation::new);

    private Pairing()
    {
    }

    /** @return e(P, Q) as a new Fq12 element, for points at offset 0. */
    public static long[] pair(final long[] g1Affine, final long[] g2Affine)
    {
        final long[] r = new long[Fq12.LIMBS];
        pair(r, 0, g1Affine, 0, g2Affine, 0);
        return r;
    }

    /** {@code r = e(P, Q)}. */
    public static void pair(final long[] r, final int ro, final long[] g1, final int g1o, final long[] g2,
        final int g2o)
    {
        multiPair(r, ro, g1, g1o, g2, g2o, 1);
    }

    /**
     * {@code r = ∏ e(Pᵢ, Qᵢ)} over {@code count} pairs stored back to back, with one Miller loop accumulator and one
     * final exponentiation.
     *
     * @throws IllegalArgumentException if a range is out of its array or {@code count} is negative.
     */
    public static void multiPair(final long[] r, final int ro, final long[] g1s, final int g1o, final long[] g2s,
        final int g2o, final int count)
    {
        millerLoop(r, ro, g1s, g1o, g2s, g2o, count);
        finalExponentiation(r, ro, r, ro);
    }

    /**
     * {@code r = ∏ f(Pᵢ, Qᵢ)}: the product of the pairs' Miller loop values (conjugated for the negative seed), whose
     * final exponentiation is the product of the pairings. Pairs with a point at infinity contribute 1.
     *
     * @throws IllegalArgumentException if a range is out of its array or {@code count} is negative.
     */
    public static void millerLoop(final long[] r, final int ro, final long[] g1s, final int g1o, final long[] g2s,
        final int g2o, final int count)
    {
        if (count < 0)
        {
            throw new IllegalArgumentException("pairing: negative pair count " + count);
        }
        checkRange("G1 points", g1s, g1o, (long)count * G1_LIMBS);
        checkRange("G2 points", g2s, g2o, (long)count * G2_LIMBS);
        checkRange("result", r, ro, Fq12.LIMBS);
        LOOP.get().run(r, ro, g1s, g1o, g2s, g2o, count);
    }

    /**
     * {@code r = f^(3(p¹² − 1)/r)}, mapping a Miller loop value into GT; {@code r} may alias {@code f}.
     *
     * @throws ArithmeticException if {@code f} is zero.
     */
    public static void finalExponentiation(final long[] r, final int ro, final long[] f, final int fo)
    {
        checkRange("Miller loop value", f, fo, Fq12.LIMBS);
        checkRange("result", r, ro, Fq12.LIMBS);
        FINAL.get().apply(r, ro, f, fo);
    }

    private static void checkRange(final String what, final long[] array, final int offset, final long length)
    {
        if (offset < 0 || offset + length > array.length)
        {
            throw new IllegalArgumentException("pairing: " + what + " need limbs [" + offset + ", "
                + (offset + length) + ") but the array has " + array.length);
        }
    }
}
