package io.jprove.field;

/**
 * The final exponentiation of the BLS12-381 pairing, {@code f ↦ f^(3(p¹² − 1)/r)}: the easy part
 * {@code (p⁶ − 1)(p² + 1)} by a conjugation, one inversion and a Frobenius map, then the hard part through the
 * decomposition {@code 3(p⁴ − p² + 1)/r = (x − 1)²(x + p)(x² + p² − 1) + 3} of Hayashida, Hayasaka and Teruya
 * (eprint 2020/875): five exponentiations by the seed x in the cyclotomic subgroup, Frobenius maps and a few
 * products. The factor 3 is the one blst's pairing has too (checked against it in the tests); it is prime to r, so
 * the map stays a non-degenerate bilinear pairing.
 * <p>
 * An instance holds its scratch and is used by one thread at a time; it allocates nothing.
 */
final class FinalExponentiation
{
    private static final int L = Fq12.LIMBS;

    private final long[] m = new long[L];
    private final long[] a = new long[L];
    private final long[] b = new long[L];
    private final long[] c = new long[L];
    private final long[] s = new long[Fq12.SCRATCH];

    /**
     * {@code r = f^(3(p¹² − 1)/r)}.
     *
     * @throws ArithmeticException if {@code f} is zero (no Miller loop yields zero).
     */
    void apply(final long[] r, final int ro, final long[] f, final int fo)
    {
        if (Fq12.isZero(f, fo))
        {
            throw new ArithmeticException("final exponentiation of zero: the input is not a Miller loop value");
        }
        // easy part: m = f^((p⁶ − 1)(p² + 1)), which lands in the cyclotomic subgroup
        Fq12.inverse(a, 0, f, fo, s, 0);
        Fq12.conjugate(m, 0, f, fo);
        Fq12.mul(m, 0, m, 0, a, 0, s, 0);
        Fq12.frobenius(a, 0, m, 0, 2, s, 0);
        Fq12.mul(m, 0, m, 0, a, 0, s, 0);
        // hard part: a = m^(x − 1), then m^((x − 1)²), then m^((x − 1)²(x + p)), then ·(x² + p² − 1)
        Fq12.cyclotomicExpBySeed(a, 0, m, 0, s, 0);
        Fq12.conjugate(b, 0, m, 0);
        Fq12.mul(a, 0, a, 0, b, 0, s, 0);
        Fq12.cyclotomicExpBySeed(b, 0, a, 0, s, 0);
        Fq12.conjugate(a, 0, a, 0);
        Fq12.mul(a, 0, a, 0, b, 0, s, 0);
        Fq12.cyclotomicExpBySeed(b, 0, a, 0, s, 0);
        Fq12.frobenius(c, 0, a, 0, 1, s, 0);
        Fq12.mul(a, 0, b, 0, c, 0, s, 0);
        Fq12.cyclotomicExpBySeed(b, 0, a, 0, s, 0);
        Fq12.cyclotomicExpBySeed(b, 0, b, 0, s, 0);
        Fq12.frobenius(c, 0, a, 0, 2, s, 0);
        Fq12.mul(b, 0, b, 0, c, 0, s, 0);
        Fq12.conjugate(c, 0, a, 0);
        Fq12.mul(a, 0, b, 0, c, 0, s, 0);
        // times m³
        Fq12.cyclotomicSquare(b, 0, m, 0, s, 0);
        Fq12.mul(b, 0, b, 0, m, 0, s, 0);
        Fq12.mul(r, ro, a, 0, b, 0, s, 0);
    }
}
