package io.jprove.engine.formats.circom;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.random.RandomGenerator;

import io.jprove.engine.groth16.FrVectors;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.ParameterMismatchException;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProofVerificationException;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.SplitMsm;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.field.msm.ScalarSplit;

/**
 * Proves with a snarkjs {@link Zkey} and a circom witness, following snarkjs's {@code groth16_prove.js} so that its
 * H query fits:
 * <ol>
 *   <li>a, b from the zkey's coefficients over the witness, c = a·b (row by row, as snarkjs);</li>
 *   <li>each of a, b, c interpolated and evaluated on the odd coset ω₂ₘ·⟨ωₘ⟩ (ω₂ₘ = ffjavascript's 2m-th root of
 *       unity: its 2^32-th root is 5^((r−1)/2^32), not jprove's 7^((r−1)/2^32)); h scalars = a·b − c there, with
 *       no division (the zkey's H points absorb it);</li>
 *   <li>MSMs over the signals with a finite point: A, B1, B2; C over the private signals; H over the m scalars;</li>
 *   <li>A = ΣA + α₁ + r·δ₁; B = ΣB₂ + β₂ + s·δ₂; C = ΣC + H + s·A + r·(ΣB₁ + β₁ + s·δ₁) − rs·δ₁.</li>
 * </ol>
 * The NTTs are jprove's (root ω = 7^…); snarkjs's domain point ω_s^i is jprove's ω^(k·i) for the odd k with
 * ω^k = ω_s, so vectors are permuted by i ↦ k·i mod m on the way in and out. Every proof is verified before it is
 * returned.
 */
public final class ZkeyProver
{
    /** ffjavascript's primitive 2^32-th root of unity of BLS12-381's r: 5^((r−1)/2^32), 5 the least non-residue. */
    static final BigInteger SNARKJS_ROOT_OF_UNITY = BigInteger.valueOf(5)
        .modPow(Fr.MODULUS.subtract(BigInteger.ONE).shiftRight(Fr.TWO_ADICITY), Fr.MODULUS);
    /** k with (jprove's 2^32-th root)^k = ffjavascript's. */
    static final long ROOT_EXPONENT = discreteLog();

    private final Zkey zkey;
    private final PreparedVerifyingKey pvk;
    private final ProverBackend backend;
    private final RandomGenerator rng;

    /** A prover with fresh randomness from a {@link SecureRandom}. */
    public ZkeyProver(final Zkey zkey, final ProverBackend backend)
    {
        this(zkey, backend, new SecureRandom());
    }

    /** @param rng the source of r and s; anything but a {@link SecureRandom} is for tests only. */
    public ZkeyProver(final Zkey zkey, final ProverBackend backend, final RandomGenerator rng)
    {
        this.zkey = zkey;
        this.pvk = new PreparedVerifyingKey(zkey.vk());
        this.backend = backend;
        this.rng = rng;
    }

    /** A proof and its public signals (outputs then public inputs; Fr Montgomery limbs back to back). */
    public record Result(Proof proof, long[] publicSignals)
    {
    }

    /**
     * @throws ParameterMismatchException if the witness length differs from the zkey's signals.
     * @throws ProofVerificationException if the proof does not verify (never returned): with a zkey, whose c is
     *                                    a·b by construction, this is how a witness that does not satisfy the
     *                                    circuit shows.
     */
    public Result prove(final CircomWitness witness, final StepTimes times)
    {
        long t0 = System.nanoTime();
        final int nVars = zkey.nVars();
        if (witness.size() != nVars)
        {
            throw new ParameterMismatchException(witness.file() + ": the witness has " + witness.size()
                + " values but the zkey " + zkey.file() + " has " + nVars + " signals");
        }
        final int m = zkey.domainSize();
        final int log = Integer.numberOfTrailingZeros(m);
        try (Arena arena = Arena.ofShared())
        {
            final FrVector w = FrVector.allocate(arena, nVars);
            final long[] v = new long[Fr.LIMBS];
            for (int i = 0; i < nVars; i++)
            {
                witness.value(i, v, 0);
                w.set(i, v, 0);
            }
            final long[] ab = new long[2 * m * Fr.LIMBS];
            final long[] values = zkey.values();
            final long[] t = new long[Fr.LIMBS];
            for (int i = 0; i < zkey.numCoefficients(); i++)
            {
                w.get(zkey.signal(i), t, 0);
                Fr.mul(t, 0, t, 0, values, i * Fr.LIMBS);
                final int o = (zkey.matrix(i) * m + zkey.constraint(i)) * Fr.LIMBS;
                Fr.add(ab, o, ab, o, t, 0);
            }
            final long mask = m - 1;
            final long k = ROOT_EXPONENT & mask;
            final FrVector a = FrVector.allocate(arena, m);
            final FrVector b = FrVector.allocate(arena, m);
            final FrVector c = FrVector.allocate(arena, m);
            for (int i = 0; i < m; i++)
            {
                final long at = (k * i) & mask;
                a.set(at, ab, i * Fr.LIMBS);
                b.set(at, ab, (m + i) * Fr.LIMBS);
                Fr.mul(t, 0, ab, i * Fr.LIMBS, ab, (m + i) * Fr.LIMBS);
                c.set(at, t, 0);
            }
            t0 = lap(times, "witness", t0);
            final long[] shift = Fr.of(SNARKJS_ROOT_OF_UNITY.modPow(BigInteger.ONE.shiftLeft(Fr.TWO_ADICITY - log - 1),
                Fr.MODULUS));
            for (final FrVector x : new FrVector[] {a, b, c})
            {
                backend.inverseNtt(x);
                FrVectors.scaleByPowers(x, shift);
                backend.forwardNtt(x);
            }
            FrVectors.mulSubScale(a, b, c, null);
            final FrVector hScalars = FrVector.allocate(arena, m);
            for (int i = 0; i < m; i++)
            {
                a.get((k * i) & mask, t, 0);
                hScalars.set(i, t, 0);
            }
            t0 = lap(times, "ntt", t0);
            // witness scalars: zeros dropped, ones by batch-add, the rest a tail MSM (circuits of bits gain most)
            final long[] sumA = SplitMsm.g1(backend, zkey.a(), w, zkey.aDensity(), arena);
            final ScalarSplit bSplit = ScalarSplit.of(w, zkey.bDensity(), zkey.b1().size(), arena);
            final long[] sumB1 = SplitMsm.g1(backend, zkey.b1(), bSplit, arena);
            final long[] sumB2 = SplitMsm.g2(backend, zkey.b2(), bSplit, arena);
            final long[] sumC = SplitMsm.g1(backend, zkey.c(), FrVectors.slice(w, zkey.nPublic() + 1,
                nVars - zkey.nPublic() - 1), null, arena);
            final long[] sumH = backend.msmG1(zkey.h(), hScalars, null);
            t0 = lap(times, "msm", t0);
            final Proof proof = assemble(sumA, sumB1, sumB2, sumC, sumH);
            final long[] publicSignals = new long[zkey.nPublic() * Fr.LIMBS];
            for (int i = 1; i <= zkey.nPublic(); i++)
            {
                w.get(i, publicSignals, (i - 1) * Fr.LIMBS);
            }
            t0 = lap(times, "assemble", t0);
            if (!Groth16Verifier.verify(pvk, proof, publicSignals))
            {
                throw new ProofVerificationException("the proof for " + witness.file() + " with " + zkey.file()
                    + " failed self-verification on backend " + backend.name() + "; it was not released");
            }
            lap(times, "verify", t0);
            return new Result(proof, publicSignals);
        }
    }

    private Proof assemble(final long[] sumA, final long[] sumB1, final long[] sumB2, final long[] sumC,
        final long[] sumH)
    {
        final io.jprove.engine.groth16.VerifyingKey vk = zkey.vk();
        final long[] r = nonZero();
        final long[] s = nonZero();
        final long[] rs = new long[Fr.LIMBS];
        Fr.mul(rs, 0, r, 0, s, 0);
        Fr.neg(rs, 0, rs, 0);
        final long[] t = new long[G1.JACOBIAN_LIMBS];

        final long[] piA = new long[G1.JACOBIAN_LIMBS];
        G1.mul(piA, 0, vk.deltaG1(), 0, r, 0);
        G1.addMixed(piA, 0, piA, 0, vk.alphaG1(), 0);
        G1.addMixed(piA, 0, piA, 0, sumA, 0);
        final long[] piAAffine = affine(piA);

        final long[] piB = new long[G2.JACOBIAN_LIMBS];
        G2.mul(piB, 0, vk.deltaG2(), 0, s, 0);
        G2.addMixed(piB, 0, piB, 0, vk.betaG2(), 0);
        G2.addMixed(piB, 0, piB, 0, sumB2, 0);
        final long[] piBAffine = new long[G2.AFFINE_LIMBS];
        G2.toAffine(piBAffine, 0, piB, 0);

        final long[] b1 = new long[G1.JACOBIAN_LIMBS];
        G1.mul(b1, 0, vk.deltaG1(), 0, s, 0);
        G1.addMixed(b1, 0, b1, 0, vk.betaG1(), 0);
        G1.addMixed(b1, 0, b1, 0, sumB1, 0);

        final long[] piC = new long[G1.JACOBIAN_LIMBS];
        G1.mul(piC, 0, vk.deltaG1(), 0, rs, 0);
        G1.addMixed(piC, 0, piC, 0, sumC, 0);
        G1.addMixed(piC, 0, piC, 0, sumH, 0);
        G1.mul(t, 0, piAAffine, 0, s, 0);
        G1.add(piC, 0, piC, 0, t, 0);
        G1.mul(t, 0, affine(b1), 0, r, 0);
        G1.add(piC, 0, piC, 0, t, 0);
        return new Proof(piAAffine, piBAffine, affine(piC));
    }

    private long[] nonZero()
    {
        long[] x;
        do
        {
            x = Fr.random(rng);
        }
        while (Fr.isZero(x, 0));
        return x;
    }

    private static long[] affine(final long[] jacobian)
    {
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.toAffine(a, 0, jacobian, 0);
        return a;
    }

    /** The exponent k, by Pohlig–Hellman in the cyclic group of order 2^32: one bit per step. */
    private static long discreteLog()
    {
        final BigInteger r = Fr.MODULUS;
        final BigInteger ours = Fr.toBigInteger(Fr.rootOfUnity(Fr.TWO_ADICITY));
        final BigInteger oursInverse = ours.modInverse(r);
        long k = 0;
        for (int bit = 0; bit < Fr.TWO_ADICITY; bit++)
        {
            // (target·ours^(−k))^(2^(31 − bit)) is 1 exactly when bit `bit` of the remaining exponent is 0
            final BigInteger rest = SNARKJS_ROOT_OF_UNITY.multiply(oursInverse.modPow(BigInteger.valueOf(k), r)).mod(r);
            if (!rest.modPow(BigInteger.ONE.shiftLeft(Fr.TWO_ADICITY - 1 - bit), r).equals(BigInteger.ONE))
            {
                k |= 1L << bit;
            }
        }
        if (!ours.modPow(BigInteger.valueOf(k), r).equals(SNARKJS_ROOT_OF_UNITY))
        {
            throw new IllegalStateException("no k with ω^k = ffjavascript's root of unity");
        }
        return k;
    }

    private static long lap(final StepTimes times, final String step, final long since)
    {
        final long now = System.nanoTime();
        times.add(step, now - since);
        return now;
    }
}
