/**
 * Number-theoretic transforms over Fr on the CPU, in place on off-heap vectors.
 * <p>
 * An {@link io.jprove.field.ntt.EvaluationDomain} of size m = 2^k holds the constants of the Groth16 domain as
 * bellperson computes it (ω = {@code Fr.rootOfUnity(k)}, coset generator 7, (7^m − 1)⁻¹) and the twiddle tables of
 * the transform, built once per size and cached. {@link io.jprove.field.ntt.Ntt} runs the transforms over a thread
 * pool: forward, inverse (scaled by m⁻¹), and their coset forms, on a {@link java.lang.foreign.MemorySegment} of m
 * elements of 32 bytes (four little-endian 64-bit limbs, Montgomery form). The layer sits above the fields and
 * imports nothing higher.
 */
package io.jprove.field.ntt;
