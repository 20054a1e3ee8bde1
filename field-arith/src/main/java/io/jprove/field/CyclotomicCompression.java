package io.jprove.field;

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

    private CyclotomicCompression()
    {
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
        Fq12.timesThreeMinusTwice(r, ro + G2, s, c + E, a, ao + G2, true);
        Fq12.timesThreeMinusTwice(r, ro + G3, s, c, a, ao + G3, false);
        Fq12.timesThreeMinusTwice(r, ro + G4, s, b, a, ao + G4, false);
        Fq12.timesThreeMinusTwice(r, ro + G5, s, b + E, a, ao + G5, true);
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
