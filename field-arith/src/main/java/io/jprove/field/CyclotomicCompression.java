package io.jprove.field;

import java.math.BigInteger;

/**
 * Karabina's compressed squaring in the cyclotomic subgroup of {@link Fq12} (Karabina, "Squaring in cyclotomic
 * subgroups", Math. Comp. 82 (2013), eprint 2010/542). Write an element as {@code a = A + B·w + C·w²} over
 * Fq4 = Fq2[W]/(W² − ξ), W = w³, with {@code A = g0 + g1·W}, {@code B = g2 + g3·W}, {@code C = g4 + g5·W} (the
 * z0..z5 of {@link Fq12#cyclotomicSquare}); in memory order the g's sit at positions 0, 4, 3, 2, 1, 5. Granger and
 * Scott's square {@code B' = 3W·C² + 2B̄}, {@code C' = 3B² − 2C̄} involves B and C only, so the four coefficients
 * g2..g5 square on their own at six Fq2 squarings instead of nine:
 * <pre>
 *   g2' = 2(g2 + 3ξ·g4g5)        g3' = 3(g4² + ξg5²) − 2g3
 *   g4' = 3(g2² + ξg3²) − 2g4    g5' = 2(g5 + 3·g2g3)
 * </pre>
 * and the element is recovered from them (on the subgroup the map is one to one):
 * <pre>
 *   g1 = (ξg5² + 3g4² − 2g3) / 4g2    when g2 ≠ 0
 *   g1 = 2g4g5 / g3                 when g2 = 0 and g3 ≠ 0
 *   g0 = ξ(2g1² + g2g5 − 3g3g4) + 1
 * </pre>
 * When g2 = g3 = 0 (B = 0) the element is one: the w-coefficient of {@code a·ā = 1} (ā = a^(p⁶)) is
 * {@code BĀ − AB̄ + W·CC̄}, so B = 0 forces C = 0, and the only element of Fq4 in the subgroup is one since
 * {@code gcd(p⁴ − 1, p⁴ − p² + 1) = 1}. The formulas are wrong off the subgroup.
 * <p>
 * A compressed element is held in the {@link Fq12} layout: the squaring reads and writes the positions of g2..g5
 * only, and decompression fills in g1 and g0 in place. Calling convention as in {@link Fq12}.
 */
final class CyclotomicCompression
{
    private static final int E = Fq2.LIMBS;
    private static final int G0 = 0;
    private static final int G4 = E;
    private static final int G3 = 2 * E;
    private static final int G2 = 3 * E;
    private static final int G1 = 4 * E;
    private static final int G5 = 5 * E;
    /** Scratch limbs needed by {@link #square}. */
    static final int SQUARE_SCRATCH = 4 * E + Fq12.FQ4_SQUARE_SCRATCH;
    private static final int N = Fq.LIMBS;
    /** k·p for k = 0..4, {@link Fq#LIMBS} limbs each, least significant first. */
    private static final long[] MULTIPLES_OF_P = multiplesOfP();
    /** k·(p₅ + 1) for k = 1..4, p₅ the top limb of p: x₅ reaches k of them exactly when ⌊x₅/(p₅ + 1)⌋ ≥ k. */
    private static final long STEP1 = Fq.Q5 + 1;
    private static final long STEP2 = 2 * STEP1;
    private static final long STEP3 = 3 * STEP1;
    private static final long STEP4 = 4 * STEP1;

    private CyclotomicCompression()
    {
    }

    private static long[] multiplesOfP()
    {
        final long[] r = new long[5 * N];
        for (int k = 0; k < 5; k++)
        {
            Limbs.fromBigInteger(Fq.MODULUS.multiply(BigInteger.valueOf(k)), r, k * N, N);
        }
        return r;
    }

    /** @return the scratch limbs {@link #decompress} needs for {@code count} elements. */
    static int decompressScratch(final int count)
    {
        return (count + 3) * E + Fq2.SCRATCH;
    }

    /**
     * Squares the compressed part g2..g5 of {@code a} into the same positions of {@code r} (which may alias
     * {@code a}); the positions of g0 and g1 are neither read nor written. Uses {@link #SQUARE_SCRATCH} limbs.
     */
    static void square(final long[] r, final int ro, final long[] a, final int ao, final long[] s, final int so)
    {
        final int c = so;
        final int b = so + 2 * E;
        final int fs = so + 4 * E;
        // C² = (g4² + ξg5²) + 2g4g5·W and B² = (g2² + ξg3²) + 2g2g3·W, lazily reduced
        Fq12.fq4Square(s, c, a, ao + G4, a, ao + G5, s, fs);
        Fq12.fq4Square(s, b, a, ao + G2, a, ao + G3, s, fs);
        Fq2.mulByNonResidue(s, c + E, s, c + E, s, fs);
        for (int k = 0; k < E; k += N)
        {
            threeTimesPlusMinusTwice(r, ro + G2 + k, s, c + E + k, a, ao + G2 + k, true);
            threeTimesPlusMinusTwice(r, ro + G3 + k, s, c + k, a, ao + G3 + k, false);
            threeTimesPlusMinusTwice(r, ro + G4 + k, s, b + k, a, ao + G4 + k, false);
            threeTimesPlusMinusTwice(r, ro + G5 + k, s, b + E + k, a, ao + G5 + k, true);
        }
    }

    /**
     * {@code r = 3t + 2z} (plus) or {@code 3t − 2z} (otherwise) in Fq, for t and z below p, in one pass: the integer
     * {@code x = t + 2(t + z')} with z' = z or p − z is below 5p < 2^384, {@code ⌊x₅/(p₅ + 1)⌋} (from the top limbs)
     * is ⌊x/p⌋ or one less, and a last conditional subtraction of p finishes the reduction. In place of three
     * modular additions it saves about 2 % of a final exponentiation. {@code r} may alias t or z.
     */
    static void threeTimesPlusMinusTwice(final long[] r, final int ro, final long[] t, final int to,
        final long[] z, final int zo, final boolean plus)
    {
        final long t0 = t[to], t1 = t[to + 1], t2 = t[to + 2], t3 = t[to + 3], t4 = t[to + 4], t5 = t[to + 5];
        long z0 = z[zo], z1 = z[zo + 1], z2 = z[zo + 2], z3 = z[zo + 3], z4 = z[zo + 4], z5 = z[zo + 5];
        long d;
        if (!plus)
        {
            // z' = p − z, in (0, p]
            final long d0 = Fq.Q0 - z0;
            long b = Limbs.borrowOut(Fq.Q0, z0, d0, 0);
            d = Fq.Q1 - z1;
            final long d1 = d - b;
            b = Limbs.borrowOut(Fq.Q1, z1, d, b);
            d = Fq.Q2 - z2;
            final long d2 = d - b;
            b = Limbs.borrowOut(Fq.Q2, z2, d, b);
            d = Fq.Q3 - z3;
            final long d3 = d - b;
            b = Limbs.borrowOut(Fq.Q3, z3, d, b);
            d = Fq.Q4 - z4;
            final long d4 = d - b;
            b = Limbs.borrowOut(Fq.Q4, z4, d, b);
            d = Fq.Q5 - z5;
            z5 = d - b;
            z0 = d0;
            z1 = d1;
            z2 = d2;
            z3 = d3;
            z4 = d4;
        }
        // u = t + z' < 2p
        final long u0 = t0 + z0;
        long c = Limbs.carry(t0, u0);
        long w;
        w = t1 + z1;
        final long u1 = w + c;
        c = Limbs.carryOut(t1, w, c);
        w = t2 + z2;
        final long u2 = w + c;
        c = Limbs.carryOut(t2, w, c);
        w = t3 + z3;
        final long u3 = w + c;
        c = Limbs.carryOut(t3, w, c);
        w = t4 + z4;
        final long u4 = w + c;
        c = Limbs.carryOut(t4, w, c);
        w = t5 + z5;
        final long u5 = w + c;
        // x = t + 2u < 5p
        final long v0 = u0 << 1;
        final long v1 = u1 << 1 | u0 >>> 63;
        final long v2 = u2 << 1 | u1 >>> 63;
        final long v3 = u3 << 1 | u2 >>> 63;
        final long v4 = u4 << 1 | u3 >>> 63;
        final long v5 = u5 << 1 | u4 >>> 63;
        final long x0 = t0 + v0;
        c = Limbs.carry(t0, x0);
        w = t1 + v1;
        final long x1 = w + c;
        c = Limbs.carryOut(t1, w, c);
        w = t2 + v2;
        final long x2 = w + c;
        c = Limbs.carryOut(t2, w, c);
        w = t3 + v3;
        final long x3 = w + c;
        c = Limbs.carryOut(t3, w, c);
        w = t4 + v4;
        final long x4 = w + c;
        c = Limbs.carryOut(t4, w, c);
        w = t5 + v5;
        final long x5 = w + c;
        // y = x − q·p < 2p
        final int q = (Long.compareUnsigned(x5, STEP1) >= 0 ? 1 : 0) + (Long.compareUnsigned(x5, STEP2) >= 0 ? 1 : 0)
            + (Long.compareUnsigned(x5, STEP3) >= 0 ? 1 : 0) + (Long.compareUnsigned(x5, STEP4) >= 0 ? 1 : 0);
        final int m = q * N;
        final long[] mp = MULTIPLES_OF_P;
        final long y0 = x0 - mp[m];
        long b = Limbs.borrowOut(x0, mp[m], y0, 0);
        d = x1 - mp[m + 1];
        final long y1 = d - b;
        b = Limbs.borrowOut(x1, mp[m + 1], d, b);
        d = x2 - mp[m + 2];
        final long y2 = d - b;
        b = Limbs.borrowOut(x2, mp[m + 2], d, b);
        d = x3 - mp[m + 3];
        final long y3 = d - b;
        b = Limbs.borrowOut(x3, mp[m + 3], d, b);
        d = x4 - mp[m + 4];
        final long y4 = d - b;
        b = Limbs.borrowOut(x4, mp[m + 4], d, b);
        d = x5 - mp[m + 5];
        final long y5 = d - b;
        // r = y − p when y ≥ p
        final long e0 = y0 - Fq.Q0;
        b = Limbs.borrowOut(y0, Fq.Q0, e0, 0);
        d = y1 - Fq.Q1;
        final long e1 = d - b;
        b = Limbs.borrowOut(y1, Fq.Q1, d, b);
        d = y2 - Fq.Q2;
        final long e2 = d - b;
        b = Limbs.borrowOut(y2, Fq.Q2, d, b);
        d = y3 - Fq.Q3;
        final long e3 = d - b;
        b = Limbs.borrowOut(y3, Fq.Q3, d, b);
        d = y4 - Fq.Q4;
        final long e4 = d - b;
        b = Limbs.borrowOut(y4, Fq.Q4, d, b);
        d = y5 - Fq.Q5;
        final long e5 = d - b;
        b = Limbs.borrowOut(y5, Fq.Q5, d, b);
        final long keep = -b;
        r[ro] = y0 & keep | e0 & ~keep;
        r[ro + 1] = y1 & keep | e1 & ~keep;
        r[ro + 2] = y2 & keep | e2 & ~keep;
        r[ro + 3] = y3 & keep | e3 & ~keep;
        r[ro + 4] = y4 & keep | e4 & ~keep;
        r[ro + 5] = y5 & keep | e5 & ~keep;
    }

    /**
     * Recovers g1 and g0, in place, of {@code count ≥ 1} compressed elements of the cyclotomic subgroup stored
     * {@link Fq12#LIMBS} apart from {@code (a, ao)}, with a single Fq2 inversion for all of them (Montgomery's
     * trick over the denominators). Uses {@link #decompressScratch}{@code (count)} limbs.
     */
    static void decompress(final long[] a, final int ao, final int count, final long[] s, final int so)
    {
        final int prefix = so;
        final int inv = so + count * E;
        final int t = inv + E;
        final int u = t + E;
        final int fs = u + E;
        for (int i = 0; i < count; i++)
        {
            final int at = ao + i * Fq12.LIMBS;
            numeratorAndDenominator(a, at, s, t, u, fs);
            final int pi = prefix + i * E;
            if (i == 0)
            {
                Fq2.copy(s, pi, a, at + G0);
            }
            else
            {
                Fq2.mul(s, pi, s, pi - E, a, at + G0, s, fs);
            }
        }
        // no denominator is zero (the branches above see to it), so neither is their product
        Fq2.inverse(s, inv, s, prefix + (count - 1) * E, s, fs);
        for (int i = count - 1; i >= 0; i--)
        {
            final int at = ao + i * Fq12.LIMBS;
            if (i > 0)
            {
                // t = 1/D_i = (D_0⋯D_i)⁻¹·(D_0⋯D_{i−1}), then inv = (D_0⋯D_{i−1})⁻¹
                Fq2.mul(s, t, s, inv, s, prefix + (i - 1) * E, s, fs);
                Fq2.mul(s, inv, s, inv, a, at + G0, s, fs);
                Fq2.mul(a, at + G1, a, at + G1, s, t, s, fs);
            }
            else
            {
                Fq2.mul(a, at + G1, a, at + G1, s, inv, s, fs);
            }
            constantCoefficient(a, at, s, t, u, fs);
        }
    }

    /** Writes g1's numerator at g1's position and its (non-zero) denominator at g0's position. */
    private static void numeratorAndDenominator(final long[] a, final int at, final long[] s, final int t,
        final int u, final int fs)
    {
        if (!Fq2.isZero(a, at + G2))
        {
            // (ξg5² + 3g4² − 2g3) / 4g2
            Fq2.square(s, t, a, at + G5, s, fs);
            Fq2.mulByNonResidue(s, t, s, t, s, fs);
            Fq2.square(s, u, a, at + G4, s, fs);
            Fq2.sub(a, at + G1, s, u, a, at + G3);
            Fq2.dbl(a, at + G1, a, at + G1);
            Fq2.add(a, at + G1, a, at + G1, s, u);
            Fq2.add(a, at + G1, a, at + G1, s, t);
            Fq2.dbl(a, at + G0, a, at + G2);
            Fq2.dbl(a, at + G0, a, at + G0);
        }
        else if (!Fq2.isZero(a, at + G3))
        {
            // 2g4g5 / g3
            Fq2.mul(a, at + G1, a, at + G4, a, at + G5, s, fs);
            Fq2.dbl(a, at + G1, a, at + G1);
            Fq2.copy(a, at + G0, a, at + G3);
        }
        else
        {
            // B = 0: the element is one, g1 = 0/1
            Fq2.setZero(a, at + G1);
            Fq2.setOne(a, at + G0);
        }
    }

    /** {@code g0 = ξ(2g1² + g2g5 − 3g3g4) + 1}, from the other five. */
    private static void constantCoefficient(final long[] a, final int at, final long[] s, final int t, final int u,
        final int fs)
    {
        Fq2.square(s, t, a, at + G1, s, fs);
        Fq2.dbl(s, t, s, t);
        Fq2.mul(s, u, a, at + G2, a, at + G5, s, fs);
        Fq2.add(s, t, s, t, s, u);
        Fq2.mul(s, u, a, at + G3, a, at + G4, s, fs);
        Fq2.sub(s, t, s, t, s, u);
        Fq2.dbl(s, u, s, u);
        Fq2.sub(s, t, s, t, s, u);
        Fq2.mulByNonResidue(s, t, s, t, s, fs);
        Fq2.setOne(a, at + G0);
        Fq2.add(a, at + G0, a, at + G0, s, t);
    }
}
