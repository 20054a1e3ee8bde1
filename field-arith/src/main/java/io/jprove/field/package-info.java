/**
 * BLS12-381 on the CPU: the fields, the tower, the curves, the pairing and the encodings.
 * <p>
 * The curve card: seed x₀ = −0xd201000000010000; r = x₀⁴ − x₀² + 1 (255 bits, 2-adicity 32, generator 7);
 * p = (x₀ − 1)²·r/3 + x₀ (381 bits, p ≡ 3 mod 4). G1: y² = x³ + 4 over Fq. G2: y² = x³ + 4(u + 1) over
 * Fq2 = Fq[u]/(u² + 1) (an M-twist). Tower: Fq6 = Fq2[v]/(v³ − (u + 1)), Fq12 = Fq6[w]/(w² − v).
 * <p>
 * Calling convention: an element is a run of 64-bit limbs in a {@code long[]} at an offset, in Montgomery form
 * ({@link io.jprove.field.Fq}: 6 limbs, {@link io.jprove.field.Fr}: 4 limbs). Operations are static and write into
 * a caller-given destination that may alias the inputs, so hot loops allocate nothing. Layers go fields → tower →
 * curves and pairing; a lower layer never imports a higher one.
 */
package io.jprove.field;
