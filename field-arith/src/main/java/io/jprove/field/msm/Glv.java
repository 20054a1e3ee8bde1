package io.jprove.field.msm;

import java.math.BigInteger;

import io.jprove.field.Fq;

/**
 * The GLV endomorphism of BLS12-381's j = 0 curves (Gallant, Lambert, Vanstone, CRYPTO 2001): φ(x, y) = (β·x, y),
 * with β a primitive cube root of unity in Fq, acts on the r-torsion as multiplication by λ = x² − 1 (x the curve's
 * seed), a root of λ² + λ + 1 ≡ 0 (mod r). A 255-bit scalar k is split as k = k₁ + k₂·λ with
 * {@code k₂ = ⌊k / λ⌋} and {@code k₁ = k mod λ}; as r = λ² + λ + 1 and λ &lt; 2^128, both halves are below 2^128, so
 * an MSM of n points with 255-bit scalars becomes one of 2n points (the Pᵢ and the φ(Pᵢ)) with 128-bit scalars:
 * half the windows, hence half the bucket sums. G2's twist has j = 0 too, and the same map with β² (in Fq, on both
 * components of x) has the same eigenvalue λ there.
 * <p>
 * The quotient is Barrett's: {@code q = ⌊k·m / 2^256⌋} with {@code m = ⌊2^256 / λ⌋} is ⌊k/λ⌋ or one less (the error
 * k/2^256 is below 1/2), and one comparison corrects it.
 */
final class Glv
{
    /** λ = x² − 1 = 0xac45a4010001a40200000000ffffffff, limbs least significant first. */
    static final long LAMBDA0 = 0x00000000ffffffffL;
    static final long LAMBDA1 = 0xac45a4010001a402L;
    /** The bits of each half (both are below 2^128). */
    static final int HALF_BITS = 128;
    /** λ as a BigInteger, for checks. */
    static final BigInteger LAMBDA = new BigInteger("ac45a4010001a40200000000ffffffff", 16);
    /**
     * β such that φ(P) = [λ]P on G1 (of the two primitive cube roots of unity in Fq, the other gives λ²), in
     * Montgomery form.
     */
    static final long[] BETA = Fq.of(new BigInteger("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b4"
        + "09427eb4f49fffd8bfd00000000aaac", 16));

    /**
     * β for G2, where (x, y) ↦ (β·x, y) on the twist (x in Fq2, β in Fq multiplying both its components) has
     * eigenvalue λ with β = the square of {@link #BETA} (β itself gives λ² there).
     */
    static final long[] BETA_G2 = Fq.of(new BigInteger("5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a0"
        + "0022e01fffffffefffe", 16));

    /** m = ⌊2^256 / λ⌋ = 0x17c6becf1e01faadd63f6e522f6cfee30 (129 bits). */
    private static final long M0 = 0x63f6e522f6cfee30L;
    private static final long M1 = 0x7c6becf1e01faaddL;
    private static final long M2 = 0x1L;

    private Glv()
    {
    }

    /**
     * Splits canonical k (4 limbs, below r) into {@code out[o], out[o+1]} = k₁ and {@code out[o+2], out[o+3]} = k₂,
     * with k = k₁ + k₂·λ and 0 ≤ k₁ &lt; λ; {@code acc} is three limbs of scratch.
     */
    static void decompose(final long[] k, final long[] out, final int o, final long[] acc)
    {
        final long k0 = k[0];
        final long k1 = k[1];
        final long k2 = k[2];
        final long k3 = k[3];
        // q = bits [256, 384) of k·m, column by column; the lower columns are summed only for their carries
        acc[0] = 0;
        acc[1] = 0;
        acc[2] = 0;
        addProduct(acc, k0, M0);
        shift(acc);
        addProduct(acc, k0, M1);
        addProduct(acc, k1, M0);
        shift(acc);
        addProduct(acc, k0, M2);
        addProduct(acc, k1, M1);
        addProduct(acc, k2, M0);
        shift(acc);
        addProduct(acc, k1, M2);
        addProduct(acc, k2, M1);
        addProduct(acc, k3, M0);
        shift(acc);
        addProduct(acc, k2, M2);
        addProduct(acc, k3, M1);
        long q0 = acc[0];
        shift(acc);
        addProduct(acc, k3, M2);
        long q1 = acc[0];
        // r = k − q·λ, computed mod 2^192: the true value lies in [0, 2λ) below 2^129
        final long a00lo = q0 * LAMBDA0;
        final long a00hi = Math.unsignedMultiplyHigh(q0, LAMBDA0);
        final long a01lo = q0 * LAMBDA1;
        final long a01hi = Math.unsignedMultiplyHigh(q0, LAMBDA1);
        final long a10lo = q1 * LAMBDA0;
        final long a10hi = Math.unsignedMultiplyHigh(q1, LAMBDA0);
        final long a11lo = q1 * LAMBDA1;
        // product limbs: p0 = a00lo; p1 = a00hi + a01lo + a10lo; p2 = a01hi + a10hi + a11lo + carries
        final long p0 = a00lo;
        long t = a00hi + a01lo;
        long cy = Long.compareUnsigned(t, a00hi) < 0 ? 1 : 0;
        final long p1 = t + a10lo;
        cy += Long.compareUnsigned(p1, t) < 0 ? 1 : 0;
        final long p2 = a01hi + a10hi + a11lo + cy;
        long r0 = k0 - p0;
        long borrow = Long.compareUnsigned(k0, p0) < 0 ? 1 : 0;
        long d = k1 - p1;
        long b1 = Long.compareUnsigned(k1, p1) < 0 ? 1 : 0;
        long r1 = d - borrow;
        b1 += Long.compareUnsigned(d, borrow) < 0 ? 1 : 0;
        long r2 = k2 - p2 - b1;
        // one correction: r ≥ λ (r2 > 0, or r1:r0 ≥ λ) means q was one short
        if (r2 != 0 || Long.compareUnsigned(r1, LAMBDA1) > 0
            || r1 == LAMBDA1 && Long.compareUnsigned(r0, LAMBDA0) >= 0)
        {
            final long n0 = r0 - LAMBDA0;
            final long bw = Long.compareUnsigned(r0, LAMBDA0) < 0 ? 1 : 0;
            r1 = r1 - LAMBDA1 - bw;
            r0 = n0;
            q0++;
            if (q0 == 0)
            {
                q1++;
            }
        }
        out[o] = r0;
        out[o + 1] = r1;
        out[o + 2] = q0;
        out[o + 3] = q1;
    }

    /** {@code acc += a·b} over three limbs (acc[2] collects the carries). */
    private static void addProduct(final long[] acc, final long a, final long b)
    {
        final long lo = a * b;
        final long hi = Math.unsignedMultiplyHigh(a, b);
        final long s0 = acc[0] + lo;
        final long c0 = Long.compareUnsigned(s0, lo) < 0 ? 1 : 0;
        final long s1 = acc[1] + hi;
        long c1 = Long.compareUnsigned(s1, hi) < 0 ? 1 : 0;
        final long s1c = s1 + c0;
        c1 += Long.compareUnsigned(s1c, s1) < 0 ? 1 : 0;
        acc[0] = s0;
        acc[1] = s1c;
        acc[2] += c1;
    }

    /** Moves the accumulator one limb down: the finished low limb is dropped. */
    private static void shift(final long[] acc)
    {
        acc[0] = acc[1];
        acc[1] = acc[2];
        acc[2] = 0;
    }
}
