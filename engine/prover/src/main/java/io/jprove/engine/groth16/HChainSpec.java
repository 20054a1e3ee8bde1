package io.jprove.engine.groth16;

import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * What an {@link HChain} computes from a partition's a, b, c: the h scalars. This is the contract every backend
 * implements, on host vectors or on device buffers; a reduction ({@link QapReduction}) picks the parameters.
 * <p>
 * <b>In:</b> a, b, c, m = {@link #domain()}.size() elements each (Fr, Montgomery form, four little-endian limbs per
 * element), in <b>natural order</b>: entry i is the evaluation at ω^i of A(X), B(X), C(X), where ω is
 * {@link EvaluationDomain#omega()}, jprove's primitive m-th root of unity 7^((r−1)/m). Entries past the
 * partition's rows are zero.
 * <p>
 * <b>Steps</b> (every NTT natural order in and out; every inverse NTT includes the factor m⁻¹):
 * <ol>
 *   <li>a, b, c ← iNTT: the coefficients of A, B, C;</li>
 *   <li>coefficient j of each ← coefficient j · g^j, with g = {@link #cosetShift()};</li>
 *   <li>a, b, c ← NTT: the evaluations at g·ω^i (the coset g·⟨ω⟩);</li>
 *   <li>a[i] ← (a[i]·b[i] − c[i]) · f, with f = {@link #quotientFactor()};</li>
 *   <li>only when {@link #output()} is {@link Output#COEFFICIENTS}: a ← iNTT(a), then coefficient j ← coefficient
 *       j · g^(−j), with g^(−1) = {@link #cosetShiftInverse()}.</li>
 * </ol>
 * <b>Out:</b> a[0 .. {@link #scalarCount()}) are the h scalars, natural order, Montgomery form; they pair with the
 * proving key's h query point for point. Everything else (b, c, a past the count) is scratch afterwards.
 * <p>
 * With g = 7 steps 1–3 are bellperson's {@code coset_fft} after {@code ifft}, and step 5 its {@code icoset_fft}; seven
 * NTTs in all. With {@link Output#EVALUATIONS} there are six.
 */
public final class HChainSpec
{
    /** Whether the h scalars are the quotient's coefficients or its evaluations on the coset. */
    public enum Output
    {
        /** Step 5 runs: h = the coefficients of (A·B − C)/Z (bellperson). */
        COEFFICIENTS,
        /** Step 5 is skipped: h = the evaluations on the coset (snarkjs, whose H points absorb the rest). */
        EVALUATIONS
    }

    private final EvaluationDomain domain;
    private final long[] cosetShift;
    private final long[] cosetShiftInverse;
    private final long[] quotientFactor;
    private final Output output;
    private final long scalarCount;

    /**
     * @param domain         the NTT domain of size m.
     * @param cosetShift     g, Fr limbs in Montgomery form; not zero and not in ⟨ω⟩ (else a division by zero).
     * @param quotientFactor f, Fr limbs in Montgomery form.
     * @param output         what step 5 leaves in a.
     * @param scalarCount    how many leading entries of a are h scalars, at most m.
     */
    public HChainSpec(final EvaluationDomain domain, final long[] cosetShift, final long[] quotientFactor,
        final Output output, final long scalarCount)
    {
        if (scalarCount < 0 || scalarCount > domain.size())
        {
            throw new IllegalArgumentException(scalarCount + " h scalars do not fit a domain of " + domain.size());
        }
        if (Fr.isZero(cosetShift, 0))
        {
            throw new IllegalArgumentException("the coset shift must not be zero");
        }
        this.domain = domain;
        this.cosetShift = cosetShift.clone();
        this.cosetShiftInverse = new long[Fr.LIMBS];
        Fr.inverse(cosetShiftInverse, 0, cosetShift, 0);
        this.quotientFactor = quotientFactor.clone();
        this.output = output;
        this.scalarCount = scalarCount;
    }

    /** @return the domain; m = its size. */
    public EvaluationDomain domain()
    {
        return domain;
    }

    /** @return g (a fresh copy). */
    public long[] cosetShift()
    {
        return cosetShift.clone();
    }

    /** @return g⁻¹ (a fresh copy). */
    public long[] cosetShiftInverse()
    {
        return cosetShiftInverse.clone();
    }

    /** @return f (a fresh copy). */
    public long[] quotientFactor()
    {
        return quotientFactor.clone();
    }

    /** @return whether g is the domain's own coset generator 7, for which the CPU NTT fuses the scaling. */
    public boolean isGeneratorSeven()
    {
        return Fr.equal(cosetShift, 0, domain.cosetGenerator(), 0);
    }

    /** @return what a holds after the chain. */
    public Output output()
    {
        return output;
    }

    /** @return the number of h scalars. */
    public long scalarCount()
    {
        return scalarCount;
    }

    @Override
    public String toString()
    {
        return "HChainSpec[m=" + domain.size() + ", g=0x" + Fr.toBigInteger(cosetShift).toString(16) + ", "
            + output + ", " + scalarCount + " scalars]";
    }
}
