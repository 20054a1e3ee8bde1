/**
 * Number-theoretic transforms over Fr on the CPU, in place on off-heap vectors.
 * <p>
 * An {@link io.jprove.field.ntt.EvaluationDomain} of size m = 2^k holds the constants of the Groth16 domain as
 * bellperson computes it (ω = {@code Fr.rootOfUnity(k)}, coset generator 7, (7^m − 1)⁻¹) and the twiddle tables of
 * the transform, built once per size and cached. {@link io.jprove.field.ntt.Ntt} runs the transforms over a thread
 * pool: forward, inverse (scaled by m⁻¹), and their coset forms, in place on an {@link io.jprove.field.FrVector} or
 * any {@link java.lang.foreign.MemorySegment} of m elements of 32 bytes (four little-endian 64-bit limbs, Montgomery
 * form), in the orders of {@link io.jprove.field.ntt.NttOrder}. The layer sits above the fields and imports nothing
 * higher.
 * <p>
 * The Groth16 H computation chains them without a bit-reversal pass: a, b, c ← inverse NR; coset forward RN;
 * a ← (a·b − c)·(7^m − 1)⁻¹; coset inverse NR gives h bit-reversed (or NN to have it in natural order).
 */
package io.jprove.field.ntt;
