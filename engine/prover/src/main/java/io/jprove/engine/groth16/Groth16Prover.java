package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * The Groth16 prover for every reduction and backend: the key's {@link QapReduction} says how the h scalars come from
 * a, b, c, the {@link ProverBackend} computes the five MSM sums from a partition's vectors, and this class does the
 * rest:
 * <ol>
 *   <li>checks that the partition fits the key (counts, domain, densities), so a key of another circuit is refused
 *       with what differs;</li>
 *   <li>with fresh r, s: A = α₁ + r·δ₁ + ΣA; B = β₂ + s·δ₂ + ΣB₂;
 *       C = s·ΣA + r·ΣB₁ + rs·δ₁ + s·α₁ + r·β₁ + H + L;</li>
 *   <li>verifies the proof before returning it; one that fails is never released.</li>
 * </ol>
 * snarkjs writes C as ΣC + H + s·A + r·(ΣB₁ + β₁ + s·δ₁) − rs·δ₁ with A the proof's A; expanding A gives the same
 * point, so both reductions share this assembly. A synthesized witness is checked against its constraints first, so an
 * unsatisfied one is named rather than proved. Safe for several threads at once when the random source is (a
 * {@link SecureRandom} is).
 */
public final class Groth16Prover implements AutoCloseable
{
    private final PreparedKey prepared;
    private final boolean ownsPrepared;
    private final ProvingKey pk;
    private final PreparedVerifyingKey pvk;
    private final ProverBackend backend;
    private final RandomGenerator rng;

    /** A prover with fresh randomness from a {@link SecureRandom}; prepares the key on the backend. */
    public Groth16Prover(final ProvingKey pk, final ProverBackend backend)
    {
        this(pk, backend, new SecureRandom());
    }

    /**
     * Prepares the key on the backend; {@link #close()} releases the prepared key.
     *
     * @param rng the source of r and s; anything but a {@link SecureRandom} is for tests only.
     */
    public Groth16Prover(final ProvingKey pk, final ProverBackend backend, final RandomGenerator rng)
    {
        this(backend.prepare(pk), true, backend, rng);
    }

    /**
     * A prover over a key already prepared on the backend (shared by several provers; not closed here).
     *
     * @param rng the source of r and s; anything but a {@link SecureRandom} is for tests only.
     */
    public Groth16Prover(final PreparedKey prepared, final ProverBackend backend, final RandomGenerator rng)
    {
        this(prepared, false, backend, rng);
    }

    private Groth16Prover(final PreparedKey prepared, final boolean owns, final ProverBackend backend,
        final RandomGenerator rng)
    {
        this.prepared = prepared;
        this.ownsPrepared = owns;
        this.pk = prepared.key();
        this.pvk = new PreparedVerifyingKey(pk.vk());
        this.backend = backend;
        this.rng = rng;
    }

    /** @return the prepared verifying key every proof is checked with. */
    public PreparedVerifyingKey preparedVerifyingKey()
    {
        return pvk;
    }

    /** @return the backend the MSM sums come from. */
    public ProverBackend backend()
    {
        return backend;
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

    /** Proves and self-verifies a synthesized circuit. @see #prove(ProverInputs, StepTimes, BackendListener) */
    public Proof prove(final ProverInputs inputs, final StepTimes times)
    {
        return prove(inputs, times, BackendListener.NONE);
    }

    /**
     * Proves and self-verifies a synthesized circuit: its vectors are copied, padded to the domain, for the backend.
     *
     * @param times    receives the duration of each step ("check", "h", "split", "msm", "assemble", "verify").
     * @param listener told of the backend's kernels and copies.
     * @throws ParameterMismatchException if the key does not fit the circuit's counts or densities.
     * @throws io.jprove.engine.r1cs.UnsatisfiedConstraintException naming the first unsatisfied constraint.
     * @throws ProofVerificationException if the proof does not verify (never returned).
     */
    public Proof prove(final ProverInputs inputs, final StepTimes times, final BackendListener listener)
    {
        final long t0 = System.nanoTime();
        checkCounts(pk, inputs.witness().counts());
        inputs.checkSatisfied();
        times.add("check", System.nanoTime() - t0);
        try (Arena arena = Arena.ofShared())
        {
            final PartitionInputs partition = PartitionInputs.copyOf(inputs, pk.domainSize(), arena);
            return prove(partition, times, listener, "the proof of a circuit with " + inputs.numConstraints()
                + " constraints, " + partition.numInputs() + " inputs and " + partition.numAux() + " aux variables");
        }
    }

    /**
     * Proves without checking the witness or the proof: only for soundness tests, which need the proof an
     * unsatisfied witness yields in order to see the verifier reject it.
     */
    Proof proveUnchecked(final ProverInputs inputs)
    {
        try (Arena arena = Arena.ofShared())
        {
            final PartitionInputs partition = PartitionInputs.copyOf(inputs, pk.domainSize(), arena);
            return assemble(sums(partition, BackendListener.NONE));
        }
    }

    /**
     * Proves one partition and self-verifies the proof against the partition's own public inputs.
     *
     * @param partition the vectors (a, b, c are overwritten).
     * @param times     receives the step durations.
     * @param listener  told of the backend's kernels and copies.
     * @param what      names the proof in an error ("job 3 partition 1").
     * @throws ParameterMismatchException if the key does not fit the partition.
     * @throws ProofVerificationException if the proof does not verify (never returned).
     */
    public Proof prove(final PartitionInputs partition, final StepTimes times, final BackendListener listener,
        final String what)
    {
        final long[] publicInputs = publicInputs(partition);
        final MsmSums sums = sums(partition, times.listener(listener));
        return assembleVerified(sums, publicInputs, times, what);
    }

    /**
     * The backend's part of a proof, after the shape check.
     *
     * @throws ParameterMismatchException if the key does not fit the partition.
     */
    public MsmSums sums(final PartitionInputs partition, final BackendListener listener)
    {
        checkShape(partition);
        return backend.prove(prepared, partition, listener);
    }

    /**
     * Assembles the proof from the sums with fresh r, s, and verifies it.
     *
     * @param publicInputs the partition's public inputs without ONE (Fr limbs back to back).
     * @throws ProofVerificationException if the proof does not verify (never returned).
     */
    public Proof assembleVerified(final MsmSums sums, final long[] publicInputs, final StepTimes times,
        final String what)
    {
        long t0 = System.nanoTime();
        final Proof proof = assemble(sums);
        times.add("assemble", System.nanoTime() - t0);
        t0 = System.nanoTime();
        final boolean valid = Groth16Verifier.verify(pvk, proof, publicInputs);
        times.add("verify", System.nanoTime() - t0);
        if (!valid)
        {
            throw new ProofVerificationException(what + " failed self-verification on " + backend.name()
                + "; it was not released");
        }
        return proof;
    }

    /** @return z[1 .. numInputs) of a partition: its public inputs without ONE. */
    public static long[] publicInputs(final PartitionInputs partition)
    {
        final int n = partition.numInputs();
        final long[] out = new long[(n - 1) * Fr.LIMBS];
        for (int i = 1; i < n; i++)
        {
            partition.assignment().get(i, out, (i - 1) * Fr.LIMBS);
        }
        return out;
    }

    /**
     * Checks a circuit's counts against a key before any synthesis or proving work.
     *
     * @throws ParameterMismatchException naming what differs.
     */
    public static void checkCounts(final ProvingKey pk, final ConstraintCounts counts)
    {
        checkSizes(pk, counts.numInputs(), counts.numAux(), EvaluationDomain.atLeast(counts.rows()).size());
    }

    /**
     * Checks a partition's sizes against a key before any synthesis or proving work.
     *
     * @param numInputs  public inputs, ONE included.
     * @param numAux     aux variables.
     * @param domainSize the NTT domain m.
     * @throws ParameterMismatchException naming what differs.
     */
    public static void checkSizes(final ProvingKey pk, final int numInputs, final long numAux, final long domainSize)
    {
        KeySizes.of(pk).check(numInputs, numAux, domainSize);
    }

    private void checkShape(final PartitionInputs p)
    {
        checkSizes(pk, p.numInputs(), p.numAux(), p.domainSize());
        final int aSelected = p.aDensity().get(0, Math.toIntExact(p.assignment().size())).cardinality();
        check(pk.a().size() == aSelected, "the parameters' a query has " + pk.a().size()
            + " points but the circuit's A density selects " + aSelected + " variables (inputs and aux)");
        final int bSelected = p.bDensity().get(0, Math.toIntExact(p.assignment().size())).cardinality();
        check(pk.bG1().size() == bSelected, "the parameters' b queries have " + pk.bG1().size()
            + " points but the circuit's B density selects " + bSelected + " variables (inputs and aux)");
    }

    private static void check(final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new ParameterMismatchException(message);
        }
    }

    private Proof assemble(final MsmSums sums)
    {
        final VerifyingKey vk = pk.vk();
        final long[] r = nonZero();
        final long[] s = nonZero();
        final long[] rs = new long[Fr.LIMBS];
        Fr.mul(rs, 0, r, 0, s, 0);
        final long[] t = new long[G1.JACOBIAN_LIMBS];

        final long[] gA = new long[G1.JACOBIAN_LIMBS];
        G1.mul(gA, 0, vk.deltaG1(), 0, r, 0);
        G1.addMixed(gA, 0, gA, 0, vk.alphaG1(), 0);
        G1.addMixed(gA, 0, gA, 0, sums.a(), 0);

        final long[] gB = new long[G2.JACOBIAN_LIMBS];
        G2.mul(gB, 0, vk.deltaG2(), 0, s, 0);
        G2.addMixed(gB, 0, gB, 0, vk.betaG2(), 0);
        G2.addMixed(gB, 0, gB, 0, sums.b2(), 0);

        final long[] gC = new long[G1.JACOBIAN_LIMBS];
        G1.mul(gC, 0, vk.deltaG1(), 0, rs, 0);
        G1.mul(t, 0, vk.alphaG1(), 0, s, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, vk.betaG1(), 0, r, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, sums.a(), 0, s, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.mul(t, 0, sums.b1(), 0, r, 0);
        G1.add(gC, 0, gC, 0, t, 0);
        G1.addMixed(gC, 0, gC, 0, sums.h(), 0);
        G1.addMixed(gC, 0, gC, 0, sums.l(), 0);

        final long[] b = new long[G2.AFFINE_LIMBS];
        G2.toAffine(b, 0, gB, 0);
        return new Proof(affine1(gA), b, affine1(gC));
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

    /** Closes the prepared key when this prover prepared it. */
    @Override
    public void close()
    {
        if (ownsPrepared)
        {
            prepared.close();
        }
    }
}
