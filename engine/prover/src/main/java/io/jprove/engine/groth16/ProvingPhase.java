package io.jprove.engine.groth16;

/** Which part of a partition's proof a backend's kernel belongs to, for step times and reports. */
public enum ProvingPhase
{
    /** The H chain: NTTs and the pointwise quotient ({@link HChain}). */
    H,
    /** The 0/1 split of the witness scalars (zeros dropped, ones to batch-add, the rest to tail MSMs). */
    SPLIT,
    /** Multi-scalar multiplications and batch additions. */
    MSM
}
