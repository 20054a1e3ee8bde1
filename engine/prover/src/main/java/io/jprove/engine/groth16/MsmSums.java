package io.jprove.engine.groth16;

/**
 * The five sums a backend returns for one partition, affine limbs (all-zero for infinity); the prover assembles the
 * proof from them with its fresh r, s. Arrays are handed over, not copied.
 *
 * @param h  Σ hᵢ·Hᵢ over G1 (the reduction's h scalars against the key's h query).
 * @param l  Σ zᵢ·Lᵢ over G1, i over the aux variables.
 * @param a  Σ zᵢ·Aᵢ over G1, i over the A density.
 * @param b1 Σ zᵢ·Bᵢ over G1, i over the B density.
 * @param b2 Σ zᵢ·Bᵢ over G2, i over the B density.
 */
public record MsmSums(long[] h, long[] l, long[] a, long[] b1, long[] b2)
{
}
