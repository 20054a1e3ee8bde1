package io.jprove.engine.groth16;

import java.math.BigInteger;
import java.util.List;
import java.util.random.RandomGenerator;

import io.jprove.field.Fq12;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.field.Pairing;

/**
 * Groth16 verification: one proof with one multi-pairing (three Miller loops, one final exponentiation), or many
 * proofs of one key at once by a random linear combination (n + 3 Miller loops, one final exponentiation).
 * <p>
 * Public inputs are {@link Fr} limbs in Montgomery form, ONE excluded, back to back ({@link #inputsFromCanonical}
 * turns canonical bytes into them and rejects values not below r).
 */
public final class Groth16Verifier
{
    /** Bits of the random batch coefficients: a forged batch passes with probability about 2^−128. */
    private static final int BATCH_COEFFICIENT_BITS = 128;

    private Groth16Verifier()
    {
    }

    /**
     * @param inputs the public inputs without ONE, {@link Fr#LIMBS} limbs each, Montgomery form.
     * @return whether e(A, B)·e(acc, −γ₂)·e(C, −δ₂) = e(α₁, β₂) with acc = ic₀ + Σ xⱼ·icⱼ.
     * @throws IllegalArgumentException if the number of inputs does not match the key.
     */
    public static boolean verify(final PreparedVerifyingKey pvk, final Proof proof, final long[] inputs)
    {
        final long[] acc = accumulateInputs(pvk.vk(), inputs);
        final long[] g1s = new long[3 * G1.AFFINE_LIMBS];
        final long[] g2s = new long[3 * G2.AFFINE_LIMBS];
        System.arraycopy(proof.a(), 0, g1s, 0, G1.AFFINE_LIMBS);
        System.arraycopy(proof.b(), 0, g2s, 0, G2.AFFINE_LIMBS);
        System.arraycopy(acc, 0, g1s, G1.AFFINE_LIMBS, G1.AFFINE_LIMBS);
        System.arraycopy(pvk.negGammaG2(), 0, g2s, G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
        System.arraycopy(proof.c(), 0, g1s, 2 * G1.AFFINE_LIMBS, G1.AFFINE_LIMBS);
        System.arraycopy(pvk.negDeltaG2(), 0, g2s, 2 * G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
        final long[] result = new long[Fq12.LIMBS];
        Pairing.multiPair(result, 0, g1s, 0, g2s, 0, 3);
        return Fq12.equal(result, 0, pvk.alphaBetaShared(), 0);
    }

    /**
     * Verifies proofs of one key together: with random zᵢ, checks
     * ∏ e(zᵢ·Aᵢ, Bᵢ) · e(Σ zᵢ·accᵢ, −γ₂) · e(Σ zᵢ·Cᵢ, −δ₂) · e(−(Σ zᵢ)·α₁, β₂) = 1.
     *
     * @param inputs per proof, its public inputs as in {@link #verify}.
     * @param rng    source of the coefficients; use a {@link java.security.SecureRandom} against adversarial proofs.
     * @return whether every proof is valid (with overwhelming probability); true for an empty batch.
     */
    public static boolean verifyBatch(final PreparedVerifyingKey pvk, final List<Proof> proofs,
        final List<long[]> inputs, final RandomGenerator rng)
    {
        if (proofs.size() != inputs.size())
        {
            throw new IllegalArgumentException(proofs.size() + " proofs but " + inputs.size() + " input lists");
        }
        final int n = proofs.size();
        if (n == 0)
        {
            return true;
        }
        final VerifyingKey vk = pvk.vk();
        final long[] g1s = new long[(n + 3) * G1.AFFINE_LIMBS];
        final long[] g2s = new long[(n + 3) * G2.AFFINE_LIMBS];
        final long[] accSum = new long[G1.JACOBIAN_LIMBS];
        final long[] cSum = new long[G1.JACOBIAN_LIMBS];
        final long[] t = new long[G1.JACOBIAN_LIMBS];
        BigInteger zSum = BigInteger.ZERO;
        for (int i = 0; i < n; i++)
        {
            final Proof proof = proofs.get(i);
            final BigInteger z = randomCoefficient(rng);
            zSum = zSum.add(z);
            G1.mul(t, 0, proof.a(), 0, z);
            G1.toAffine(g1s, i * G1.AFFINE_LIMBS, t, 0);
            System.arraycopy(proof.b(), 0, g2s, i * G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
            G1.mul(t, 0, accumulateInputs(vk, inputs.get(i)), 0, z);
            G1.add(accSum, 0, accSum, 0, t, 0);
            G1.mul(t, 0, proof.c(), 0, z);
            G1.add(cSum, 0, cSum, 0, t, 0);
        }
        G1.toAffine(g1s, n * G1.AFFINE_LIMBS, accSum, 0);
        System.arraycopy(pvk.negGammaG2(), 0, g2s, n * G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
        G1.toAffine(g1s, (n + 1) * G1.AFFINE_LIMBS, cSum, 0);
        System.arraycopy(pvk.negDeltaG2(), 0, g2s, (n + 1) * G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
        G1.mul(t, 0, vk.alphaG1(), 0, Fr.MODULUS.subtract(zSum.mod(Fr.MODULUS)));
        G1.toAffine(g1s, (n + 2) * G1.AFFINE_LIMBS, t, 0);
        System.arraycopy(vk.betaG2(), 0, g2s, (n + 2) * G2.AFFINE_LIMBS, G2.AFFINE_LIMBS);
        final long[] result = new long[Fq12.LIMBS];
        Pairing.multiPair(result, 0, g1s, 0, g2s, 0, n + 3);
        return Fq12.isOne(result, 0);
    }

    /** @return a uniformly random odd {@value #BATCH_COEFFICIENT_BITS}-bit coefficient (never zero). */
    private static BigInteger randomCoefficient(final RandomGenerator rng)
    {
        BigInteger z = BigInteger.ZERO;
        for (int i = 0; i < BATCH_COEFFICIENT_BITS / Long.SIZE; i++)
        {
            z = z.shiftLeft(Long.SIZE).or(new BigInteger(Long.toUnsignedString(rng.nextLong())));
        }
        return z.setBit(0);
    }

    /**
     * @return acc = ic₀ + Σ xⱼ·icⱼ₊₁, affine.
     * @throws IllegalArgumentException if the number of inputs does not match the key.
     */
    static long[] accumulateInputs(final VerifyingKey vk, final long[] inputs)
    {
        final int expected = vk.numInputs() - 1;
        if (inputs.length != expected * Fr.LIMBS)
        {
            throw new IllegalArgumentException("the verifying key takes " + expected + " public inputs, got "
                + (inputs.length % Fr.LIMBS == 0 ? String.valueOf(inputs.length / Fr.LIMBS)
                : inputs.length + " limbs"));
        }
        final long[] ic = vk.ic();
        final long[] acc = new long[G1.JACOBIAN_LIMBS];
        final long[] t = new long[G1.JACOBIAN_LIMBS];
        G1.toJacobian(acc, 0, ic, 0);
        for (int j = 0; j < expected; j++)
        {
            G1.mul(t, 0, ic, (j + 1) * G1.AFFINE_LIMBS, inputs, j * Fr.LIMBS);
            G1.add(acc, 0, acc, 0, t, 0);
        }
        final long[] affine = new long[G1.AFFINE_LIMBS];
        G1.toAffine(affine, 0, acc, 0);
        return affine;
    }

    /**
     * @param bytes public inputs as canonical little-endian 32-byte scalars, back to back.
     * @return their Montgomery limbs.
     * @throws IllegalArgumentException naming the first input that is not below r, or a length that is not a
     *                                  multiple of 32.
     */
    public static long[] inputsFromCanonical(final byte[] bytes)
    {
        if (bytes.length % Fr.BYTES != 0)
        {
            throw new IllegalArgumentException("public inputs: " + bytes.length + " bytes is not a multiple of "
                + Fr.BYTES);
        }
        final int n = bytes.length / Fr.BYTES;
        final long[] out = new long[n * Fr.LIMBS];
        for (int i = 0; i < n; i++)
        {
            if (!Fr.fromBytes(bytes, i * Fr.BYTES, out, i * Fr.LIMBS))
            {
                throw new IllegalArgumentException("public input " + i + " (byte offset " + i * Fr.BYTES
                    + ") is not below r (non-canonical)");
            }
        }
        return out;
    }

    /**
     * @param values public inputs as non-negative integers.
     * @return their Montgomery limbs.
     * @throws IllegalArgumentException naming the first value that is negative or not below r.
     */
    public static long[] inputsFromIntegers(final List<BigInteger> values)
    {
        final long[] out = new long[values.size() * Fr.LIMBS];
        for (int i = 0; i < values.size(); i++)
        {
            final BigInteger v = values.get(i);
            if (v.signum() < 0 || v.compareTo(Fr.MODULUS) >= 0)
            {
                throw new IllegalArgumentException("public input " + i + " = " + v + " is not in [0, r) "
                    + "(non-canonical)");
            }
            System.arraycopy(Fr.of(v), 0, out, i * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }
}
