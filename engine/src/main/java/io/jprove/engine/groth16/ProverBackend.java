package io.jprove.engine.groth16;

import java.util.BitSet;

import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/**
 * The heavy kernels of a Groth16 proof: NTTs over Fr, multi-scalar multiplications over G1 and G2, and batch
 * additions (sums of bitmap-selected points, for the scalars equal to 1). The prover
 * ({@link Groth16Prover}) does the rest. One implementation runs on the CPU ({@link CpuProverBackend}); GPU ones
 * implement the same calls.
 * <p>
 * NTTs are in place on a vector whose size m is a power of two, natural order in and out; the coset is g·⟨ω⟩ with
 * g = 7 and the inverse transforms include m⁻¹ (bellperson's {@code EvaluationDomain}). MSM density follows
 * bellperson's {@code multiexp}: scalar i pairs with the next unused base exactly when bit i is set; null means every
 * scalar has a base. Results are affine limbs (all-zero for infinity). Implementations are safe for use by one proof
 * at a time from one thread; vectors come from a shared arena.
 */
public interface ProverBackend extends AutoCloseable
{
    /** @return a short name for logs ("cpu", "cuda:0"). */
    String name();

    /** Forward NTT: evaluations on ⟨ω⟩. */
    void forwardNtt(FrVector vector);

    /** Inverse NTT (with m⁻¹): coefficients from evaluations on ⟨ω⟩. */
    void inverseNtt(FrVector vector);

    /** Coset NTT: evaluations on g·⟨ω⟩. */
    void cosetForwardNtt(FrVector vector);

    /** Coset inverse NTT: coefficients from evaluations on g·⟨ω⟩. */
    void cosetInverseNtt(FrVector vector);

    /** @return Σ sᵢ·Pᵢ over G1 with the density rule above. */
    long[] msmG1(G1AffineVector bases, FrVector scalars, BitSet density);

    /** @return Σ sᵢ·Pᵢ over G2 with the density rule above. */
    long[] msmG2(G2AffineVector bases, FrVector scalars, BitSet density);

    /** @return the sum of the G1 points that {@code select} picks (bit i picks point i); null picks all. */
    long[] batchAddG1(G1AffineVector points, BitSet select);

    /** @return the sum of the G2 points that {@code select} picks. */
    long[] batchAddG2(G2AffineVector points, BitSet select);

    /** Releases the backend's threads and memory. */
    @Override
    void close();
}
