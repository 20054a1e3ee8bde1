package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;

import io.jprove.engine.r1cs.DensityBitmap;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.msm.ScalarSplit;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * The Groth16 prover as bellperson computes it, with the kernels on a {@link ProverBackend}:
 * <ol>
 *   <li>H: a, b, c padded to m = 2^⌈log₂(rows)⌉; iNTT, coset NTT (g = 7) of each; a ← (a·b − c)·(gᵐ − 1)⁻¹; coset
 *       iNTT; the first m − 1 coefficients are the h scalars (seven NTTs);</li>
 *   <li>MSMs: h (dense), l (aux), a (inputs, then aux of the A density), b in G1 and G2 (inputs and aux of the B
 *       densities); the aux scalars are split: zeros dropped, ones summed by batch-add, the rest a tail MSM;</li>
 *   <li>with fresh r, s: A = α₁ + r·δ₁ + ΣA; B = β₂ + s·δ₂ + ΣB₂;
 *       C = s·ΣA + r·ΣB₁ + rs·δ₁ + s·α₁ + r·β₁ + H + L;</li>
 *   <li>the proof is verified before it is returned; one that fails is never released.</li>
 * </ol>
 * The witness is checked against the constraints first, so an unsatisfied one is named rather than proved.
 */
public final class Groth16Prover
{
    private final ProvingKey pk;
    private final PreparedVerifyingKey pvk;
    private final ProverBackend backend;
    private final RandomGenerator rng;

    /** A prover with fresh randomness from a {@link SecureRandom}. */
    public Groth16Prover(final ProvingKey pk, final ProverBackend backend)
    {
        this(pk, backend, new SecureRandom());
    }

    /** @param rng the source of r and s; anything but a {@link SecureRandom} is for tests only. */
    public Groth16Prover(final ProvingKey pk, final ProverBackend backend, final RandomGenerator rng)
    {
        this.pk = pk;
        this.pvk = new PreparedVerifyingKey(pk.vk());
        this.backend = backend;
        this.rng = rng;
    }

    /** @return the prepared verifying key every proof is checked with. */
    public PreparedVerifyingKey preparedVerifyingKey()
    {
        return pvk;
    }

    /** @return one proof for the inputs. @see #prove(ProverInputs, StepTimes) */
    public Proof prove(final ProverInputs inputs)
    {
        return prove(inputs, new StepTimes());
    }

    /** @return one proof per partition, in order (a multi-partition proof is {@link Proof#concat} of them). */
    public List<Proof> proveAll(final List<ProverInputs> partitions, final StepTimes times)
    {
        final List<Proof> out = new ArrayList<>(partitions.size());
        for (final ProverInputs p : partitions)
        {
            out.add(prove(p, times));
        }
        return out;
    }

    /**
     * Proves and self-verifies.
     *
     * @param times receives the duration of each step ("check", "ntt", "msm", "assemble", "verify").
     * @throws ParameterMismatchException if the key does not fit the circuit's counts or densities.
     * @throws io.jprove.engine.r1cs.UnsatisfiedConstraintException naming the first unsatisfied constraint.
     * @throws ProofVerificationException if the proof does not verify (never returned).
     */
    public Proof prove(final ProverInputs inputs, final StepTimes times)
    {
        return prove(inputs, times, true);
    }

    /**
     * Proves without checking the witness or the proof: only for soundness tests, which need the proof an
     * unsatisfied witness yields in order to see the verifier reject it.
     */
    Proof proveUnchecked(final ProverInputs inputs)
    {
        return prove(inputs, new StepTimes(), false);
    }

    private Proof prove(final ProverInputs inputs, final StepTimes times, final boolean checked)
    {
        long t0 = System.nanoTime();
        final Witness w = inputs.witness();
        final int numInputs = w.numInputs();
        final int numAux = w.numAux();
        final EvaluationDomain domain = EvaluationDomain.atLeast(inputs.rows());
        final BitSet aAux = bits(inputs.aAuxDensity());
        final BitSet bIn = bits(inputs.bInputDensity());
        final BitSet bAux = bits(inputs.bAuxDensity());
        checkShape(numInputs, numAux, domain.size(), aAux.cardinality(), bIn.cardinality(), bAux.cardinality());
        if (checked)
        {
            inputs.checkSatisfied();
        }
        t0 = lap(times, "check", t0);

        final long[] h;
        try (Arena arena = Arena.ofShared())
        {
            final FrVector a = FrVectors.copyPadded(inputs.a(), domain.size(), arena);
            final FrVector b = FrVectors.copyPadded(inputs.b(), domain.size(), arena);
            final FrVector c = FrVectors.copyPadded(inputs.c(), domain.size(), arena);
            for (final FrVector v : new FrVector[] {a, b, c})
            {
                backend.inverseNtt(v);
                backend.cosetForwardNtt(v);
            }
            FrVectors.mulSubScale(a, b, c, domain.vanishingInverseOnCoset());
            backend.cosetInverseNtt(a);
            t0 = lap(times, "ntt", t0);
            h = backend.msmG1(pk.h(), FrVectors.slice(a, 0, domain.size() - 1), null);
        }
        final FrVector in = w.inputs();
        final FrVector aux = w.aux();
        final int bInCount = bIn.cardinality();
        final G1AffineVector bG1 = pk.bG1();
        final G2AffineVector bG2 = pk.bG2();
        final long[] l;
        final long[] aAuxSum;
        final long[] b1Aux;
        final long[] b2Aux;
        try (Arena arena = Arena.ofShared())
        {
            // aux scalars: zeros dropped, ones summed by batch-add, the rest by a tail MSM (PoRep's 98.7 % are 0/1)
            l = SplitMsm.g1(backend, pk.l(), aux, null, arena);
            aAuxSum = SplitMsm.g1(backend, FrVectors.slice(pk.a(), numInputs, aAux.cardinality()), aux, aAux, arena);
            final G1AffineVector b1AuxBases = FrVectors.slice(bG1, bInCount, bAux.cardinality());
            final G2AffineVector b2AuxBases = FrVectors.slice(bG2, bInCount, bAux.cardinality());
            final ScalarSplit bSplit = ScalarSplit.of(aux, bAux, b1AuxBases.size(), arena);
            b1Aux = SplitMsm.g1(backend, b1AuxBases, bSplit, arena);
            b2Aux = SplitMsm.g2(backend, b2AuxBases, bSplit, arena);
        }
        final long[] aIn = backend.msmG1(FrVectors.slice(pk.a(), 0, numInputs), in, null);
        final long[] b1In = backend.msmG1(FrVectors.slice(bG1, 0, bInCount), in, bIn);
        final long[] b2In = backend.msmG2(FrVectors.slice(bG2, 0, bInCount), in, bIn);
        t0 = lap(times, "msm", t0);

        final Proof proof = assemble(h, l, aIn, aAuxSum, b1In, b1Aux, b2In, b2Aux);
        t0 = lap(times, "assemble", t0);
        final long[] publicInputs = new long[(numInputs - 1) * Fr.LIMBS];
        for (int i = 1; i < numInputs; i++)
        {
            in.get(i, publicInputs, (i - 1) * Fr.LIMBS);
        }
        if (checked && !Groth16Verifier.verify(pvk, proof, publicInputs))
        {
            throw new ProofVerificationException("the proof of a circuit with " + inputs.numConstraints()
                + " constraints, " + numInputs + " inputs and " + numAux + " aux variables failed self-verification"
                + " on backend " + backend.name() + "; it was not released");
        }
        lap(times, "verify", t0);
        return proof;
    }

    private Proof assemble(final long[] h, final long[] l, final long[] aIn, final long[] aAux, final long[] b1In,
        final long[] b1Aux, final long[] b2In, final long[] b2Aux)
    {
        final VerifyingKey vk = pk.vk();
        final long[] r = nonZero();
        final long[] s = nonZero();
        final long[] rs = new long[Fr.LIMBS];
        Fr.mul(rs, 0, r, 0, s, 0);
        final long[] t = new long[G1.JACOBIAN_LIMBS];

        final long[] sumA = new long[G1.JACOBIAN_LIMBS];
        G1.toJacobian(sumA, 0, aIn, 0);
        G1.addMixed(sumA, 0, sumA, 0, aAux, 0);
        final long[] sumA1 = affine1(sumA);
        final long[] sumB1 = new long[G1.JACOBIAN_LIMBS];
        G1.toJacobian(sumB1, 0, b1In, 0);
        G1.addMixed(sumB1, 0, sumB1, 0, b1Aux, 0);
        final long[] sumB1a = affine1(sumB1);

        final long[] gA = new long[G1.JACOBIAN_LIMBS];
        G1.mul(gA, 0, vk.deltaG1(), 0, r, 0);
        G1.addMixed(gA, 0, gA, 0, vk.alphaG1(), 0);
        G1.addMixed(gA, 0, gA, 0, sumA1, 0);

        final long[] gB = new long[G2.JACOBIAN_LIMBS];
        G2.mul(gB, 0, vk.deltaG2(), 0, s, 0);
        G2.addMixed(gB, 0, gB, 0, vk.betaG2(), 0);
        G2.addMixed(gB, 0, gB, 0, b2In, 0);
        G2.addMixed(gB, 0, gB, 0, b2Aux, 0);

        final long[] gC = new long[G1.JACOBIAN_LIMBS];
        G1.mul(gC, 0, vk.deltaG1(), 0, rs, 0);
        G1.mul(t, 0, vk.alphaG1(), 0, s, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, vk.betaG1(), 0, r, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, sumA1, 0, s, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, sumB1a, 0, r, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.addMixed(gC, 0, gC, 0, h, 0);
        G1.addMixed(gC, 0, gC, 0, l, 0);

        final long[] b = new long[G2.AFFINE_LIMBS];
        G2.toAffine(b, 0, gB, 0);
        return new Proof(affine1(gA), b, affine1(gC));
    }

    private void checkShape(final int numInputs, final int numAux, final long m, final int aAux, final int bIn,
        final int bAux)
    {
        final VerifyingKey vk = pk.vk();
        check(vk.numInputs() == numInputs, "the parameters take " + vk.numInputs()
            + " public inputs (ONE included) but the circuit has " + numInputs);
        check(pk.domainSize() == m, "the parameters are for an NTT domain of " + pk.domainSize()
            + " but the circuit needs " + m);
        check(pk.l().size() == numAux, "the parameters' l query has " + pk.l().size() + " points but the circuit has "
            + numAux + " aux variables");
        check(pk.a().size() == (long)numInputs + aAux, "the parameters' a query has " + pk.a().size()
            + " points but the circuit's A density selects " + numInputs + " inputs + " + aAux + " aux variables");
        check(pk.bG1().size() == (long)bIn + bAux, "the parameters' b queries have " + pk.bG1().size()
            + " points but the circuit's B density selects " + bIn + " inputs + " + bAux + " aux variables");
    }

    private static void check(final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new ParameterMismatchException(message);
        }
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

    private static long[] affine1(final long[] jacobian)
    {
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.toAffine(a, 0, jacobian, 0);
        return a;
    }

    static BitSet bits(final DensityBitmap density)
    {
        return BitSet.valueOf(density.toWords());
    }

    private static long lap(final StepTimes times, final String step, final long since)
    {
        final long now = System.nanoTime();
        times.add(step, now - since);
        return now;
    }
}
