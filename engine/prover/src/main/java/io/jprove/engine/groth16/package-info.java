/**
 * Groth16 over BLS12-381: {@link io.jprove.engine.groth16.Groth16Setup} (fresh parameters for a circuit),
 * {@link io.jprove.engine.groth16.Groth16Prover}, {@link io.jprove.engine.groth16.Groth16Verifier} (single and batch
 * verification), and the keys and proof they exchange.
 * <p>
 * Proving is split the way a device-resident GPU prover needs it:
 * <ul>
 *   <li>{@link io.jprove.engine.groth16.QapReduction}: how a, b, c become the h scalars —
 *       {@link io.jprove.engine.groth16.BellpersonReduction} (coset 7, divided by the vanishing polynomial, seven
 *       NTTs) or {@link io.jprove.engine.groth16.SnarkjsReduction} (snarkjs's odd coset, no division); a
 *       {@link io.jprove.engine.groth16.ProvingKey} knows its reduction;</li>
 *   <li>{@link io.jprove.engine.groth16.ProverBackend}: one device; it prepares a key once
 *       ({@link io.jprove.engine.groth16.PreparedKey}, bases resident) and turns each partition's vectors
 *       ({@link io.jprove.engine.groth16.PartitionInputs}) into the five sums
 *       ({@link io.jprove.engine.groth16.MsmSums}): the H chain ({@link io.jprove.engine.groth16.HChain}, contract in
 *       {@link io.jprove.engine.groth16.HChainSpec}), the 0/1 split, the MSMs; its kernels are reported to a
 *       {@link io.jprove.engine.groth16.BackendListener};</li>
 *   <li>{@link io.jprove.engine.groth16.Groth16Prover}: shape checks, assembly with fresh r and s, self-verification,
 *       one class for every reduction and backend.</li>
 * </ul>
 * Points are affine limbs in the design's layout (G1 x‖y, G2 x.c0‖x.c1‖y.c0‖y.c1, infinity all-zero); scalars are
 * {@link io.jprove.field.Fr} limbs in Montgomery form. File formats (bellperson, snarkjs) live in
 * {@code io.jprove.engine.formats}.
 */
package io.jprove.engine.groth16;
