/**
 * Groth16 over BLS12-381 as bellperson computes it: {@link io.jprove.engine.groth16.Groth16Setup} (fresh parameters
 * for a circuit), {@link io.jprove.engine.groth16.Groth16Prover} (against a
 * {@link io.jprove.engine.groth16.ProverBackend}: NTTs and MSMs), {@link io.jprove.engine.groth16.Groth16Verifier}
 * (single and batch verification), and the keys and proof they exchange.
 * <p>
 * Points are affine limbs in the design's layout (G1 x‖y, G2 x.c0‖x.c1‖y.c0‖y.c1, infinity all-zero); scalars are
 * {@link io.jprove.field.Fr} limbs in Montgomery form. File formats (bellperson, snarkjs) live in
 * {@code io.jprove.engine.formats}.
 */
package io.jprove.engine.groth16;
