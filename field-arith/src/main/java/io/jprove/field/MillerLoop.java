package io.jprove.field;

/**
 * The Miller loop of the optimal ate pairing on BLS12-381, for several pairs at once: one Fq12 accumulator is
 * squared once per bit of |x| and multiplied by every pair's line, so a product of pairings costs one loop's
 * squarings. The result is then conjugated because x is negative.
 * <p>
 * G2 points run in homogeneous projective coordinates on the M-twist y² = x³ + 4ξ. The steps are the formulas of
 * Costello, Lange and Naehrig (eprint 2010/354) as arranged by Aranha et al. (eprint 2010/526, section 4), with the
 * line through the untwisted points scaled into the sparse form {@code l0 + l1·v + l4·vw}: at P = (xP, yP),
 * doubling gives {@code (3b'Z² − Y²) + 3X²xP·v − 2YZ·yP·vw}, addition of an affine Q = (xQ, yQ) gives
 * {@code (λyQ − θxQ) + θxP·v − λyP·vw} with {@code θ = Y − yQ·Z}, {@code λ = X − xQ·Z}; factors in Fq2 are dropped,
 * as the final exponentiation removes them.
 * <p>
 * An instance holds its scratch and is used by one thread at a time; nothing is allocated per call except when the
 * number of pairs grows past what the instance has seen.
 */
final class MillerLoop
{
    private static final int N = Fq.LIMBS;
    private static final int E = Fq2.LIMBS;
    /** Limbs kept per pair: T (projective, X‖Y‖Z), then xP, 3xP and −yP. */
    private static final int PAIR = 3 * E + 3 * N;
    private static final int XP = 3 * E;
    private static final int THREE_XP = XP + N;
    private static final int NEG_YP = THREE_XP + N;

    private final long[] t = new long[8 * E + Fq2.SCRATCH];
    private final long[] line = new long[3 * E];
    private final long[] s = new long[Fq12.SCRATCH];
    private final long[] f = new long[Fq12.LIMBS];
    private long[] pairs = new long[PAIR];
    private int[] g2At = new int[1];

    /**
     * {@code r = conj(∏ f_{|x|,Qᵢ}(Pᵢ))}, skipping pairs with a point at infinity (all-zero limbs).
     *
     * @param g1s {@code count} G1 affine points x‖y (12 limbs each) from {@code g1o}.
     * @param g2s {@code count} G2 affine points x‖y over Fq2 (24 limbs each) from {@code g2o}.
     */
    void run(final long[] r, final int ro, final long[] g1s, final int g1o, final long[] g2s, final int g2o,
        final int count)
    {
        final int active = prepare(g1s, g1o, g2s, g2o, count);
        Fq12.setOne(f, 0);
        final long seed = Fq12.SEED_ABS;
        boolean first = true;
        for (int bit = 62 - Long.numberOfLeadingZeros(seed); bit >= 0; bit--)
        {
            if (!first)
            {
                Fq12.square(f, 0, f, 0, s, 0);
            }
            for (int i = 0; i < active; i++)
            {
                doubling(i * PAIR);
                if (first && i == 0)
                {
                    // f = 1, so f times the first line is the line itself, placed at 1, v and vw
                    Fq12.setZero(f, 0);
                    Fq2.copy(f, 0, line, 0);
                    Fq2.copy(f, E, line, E);
                    Fq2.copy(f, 4 * E, line, 2 * E);
                }
                else
                {
                    Fq12.mulBy014(f, 0, f, 0, line, 0, line, E, line, 2 * E, s, 0);
                }
            }
            first = false;
            if (((seed >>> bit) & 1) != 0)
            {
                for (int i = 0; i < active; i++)
                {
                    addition(i * PAIR, g2s, g2At[i]);
                    Fq12.mulBy014(f, 0, f, 0, line, 0, line, E, line, 2 * E, s, 0);
                }
            }
        }
        Fq12.conjugate(r, ro, f, 0);
    }

    /** Copies the finite pairs' Q into T (Z = 1), xP, 3xP and −yP; @return how many pairs take part. */
    private int prepare(final long[] g1s, final int g1o, final long[] g2s, final int g2o, final int count)
    {
        if (pairs.length < count * PAIR)
        {
            pairs = new long[count * PAIR];
            g2At = new int[count];
        }
        int active = 0;
        for (int i = 0; i < count; i++)
        {
            final int p = g1o + i * 2 * N;
            final int q = g2o + i * 2 * E;
            if (Limbs.isZero(g1s, p, 2 * N) || Limbs.isZero(g2s, q, 2 * E))
            {
                continue;
            }
            final int at = active * PAIR;
            System.arraycopy(g2s, q, pairs, at, 2 * E);
            Fq2.setOne(pairs, at + 2 * E);
            System.arraycopy(g1s, p, pairs, at + XP, N);
            Fq.add(pairs, at + THREE_XP, g1s, p, g1s, p);
            Fq.add(pairs, at + THREE_XP, pairs, at + THREE_XP, g1s, p);
            Fq2.negFq(pairs, at + NEG_YP, g1s, p + N);
            g2At[active] = q;
            active++;
        }
        return active;
    }

    /** T ← 2T and the tangent line at P into {@link #line}. */
    private void doubling(final int at)
    {
        final long[] pt = pairs;
        final int x = at;
        final int y = at + E;
        final int z = at + 2 * E;
        final int threeXp = at + THREE_XP;
        final int negYp = at + NEG_YP;
        final int a = 0;
        final int b = E;
        final int c = 2 * E;
        final int e = 3 * E;
        final int ff = 4 * E;
        final int g = 5 * E;
        final int h = 6 * E;
        final int xx = 7 * E;
        final int fs = 8 * E;
        Fq2.mul(t, a, pt, x, pt, y, t, fs);
        Fq.halve(t, a);
        Fq.halve(t, a + N);
        Fq2.square(t, b, pt, y, t, fs);
        Fq2.square(t, c, pt, z, t, fs);
        Fq2.square(t, xx, pt, x, t, fs);
        Fq2.add(t, h, pt, y, pt, z);
        Fq2.square(t, h, t, h, t, fs);
        Fq2.sub(t, h, t, h, t, b);
        Fq2.sub(t, h, t, h, t, c);
        // E = 3b'·Z² = 12ξ·C, F = 3E
        Fq2.mulByNonResidue(t, e, t, c, t, fs);
        Fq2.dbl(t, e, t, e);
        Fq2.dbl(t, e, t, e);
        Fq2.dbl(t, g, t, e);
        Fq2.add(t, e, t, e, t, g);
        Fq2.dbl(t, ff, t, e);
        Fq2.add(t, ff, t, ff, t, e);
        // line: (E − B) + 3X²·xP·v − H·yP·vw
        Fq2.sub(line, 0, t, e, t, b);
        Fq2.mulByFq(line, E, t, xx, pt, threeXp, t, fs);
        Fq2.mulByFq(line, 2 * E, t, h, pt, negYp, t, fs);
        // X3 = A(B − F), Y3 = ((B + F)/2)² − 3E², Z3 = B·H
        Fq2.sub(t, g, t, b, t, ff);
        Fq2.mul(pt, x, t, a, t, g, t, fs);
        Fq2.add(t, g, t, b, t, ff);
        Fq.halve(t, g);
        Fq.halve(t, g + N);
        Fq2.square(t, g, t, g, t, fs);
        Fq2.square(t, a, t, e, t, fs);
        Fq2.dbl(t, c, t, a);
        Fq2.add(t, c, t, c, t, a);
        Fq2.sub(pt, y, t, g, t, c);
        Fq2.mul(pt, z, t, b, t, h, t, fs);
    }

    /** T ← T + Q (Q affine) and the line through them at P into {@link #line}. */
    private void addition(final int at, final long[] g2s, final int q)
    {
        final long[] pt = pairs;
        final int x = at;
        final int y = at + E;
        final int z = at + 2 * E;
        final int negYp = at + NEG_YP;
        final int xq = q;
        final int yq = q + E;
        final int theta = 0;
        final int lambda = E;
        final int c = 2 * E;
        final int d = 3 * E;
        final int ee = 4 * E;
        final int ff = 5 * E;
        final int g = 6 * E;
        final int h = 7 * E;
        final int fs = 8 * E;
        Fq2.mul(t, theta, g2s, yq, pt, z, t, fs);
        Fq2.sub(t, theta, pt, y, t, theta);
        Fq2.mul(t, lambda, g2s, xq, pt, z, t, fs);
        Fq2.sub(t, lambda, pt, x, t, lambda);
        Fq2.square(t, c, t, theta, t, fs);
        Fq2.square(t, d, t, lambda, t, fs);
        Fq2.mul(t, ee, t, lambda, t, d, t, fs);
        Fq2.mul(t, ff, pt, z, t, c, t, fs);
        Fq2.mul(t, g, pt, x, t, d, t, fs);
        Fq2.add(t, h, t, ee, t, ff);
        Fq2.sub(t, h, t, h, t, g);
        Fq2.sub(t, h, t, h, t, g);
        // X3 = λH, Y3 = θ(G − H) − λ³Y, Z3 = λ³Z
        Fq2.mul(pt, x, t, lambda, t, h, t, fs);
        Fq2.sub(t, g, t, g, t, h);
        Fq2.mul(t, g, t, theta, t, g, t, fs);
        Fq2.mul(t, c, t, ee, pt, y, t, fs);
        Fq2.sub(pt, y, t, g, t, c);
        Fq2.mul(pt, z, pt, z, t, ee, t, fs);
        // line: (λyQ − θxQ) + θxP·v − λyP·vw
        Fq2.mul(line, 0, t, lambda, g2s, yq, t, fs);
        Fq2.mul(t, c, t, theta, g2s, xq, t, fs);
        Fq2.sub(line, 0, line, 0, t, c);
        Fq2.mulByFq(line, E, t, theta, pt, at + XP, t, fs);
        Fq2.mulByFq(line, 2 * E, t, lambda, pt, negYp, t, fs);
    }
}
