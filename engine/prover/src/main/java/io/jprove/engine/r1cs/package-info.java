/**
 * Rank-1 constraint systems and their synthesis, over the BLS12-381 scalar field.
 * <p>
 * A {@link io.jprove.engine.r1cs.Circuit} describes itself to a {@link io.jprove.engine.r1cs.ConstraintSystem}:
 * variables are {@code int} handles ({@link io.jprove.engine.r1cs.Variable}: inputs negative with ONE = input 0, aux
 * non-negative), constraints are {@code a·b = c} over reusable
 * {@link io.jprove.engine.r1cs.LinearCombination}s, namespaces name groups of constraints in error messages. The same
 * description is replayed by four synthesizers:
 * <table>
 *   <caption>synthesizers</caption>
 *   <tr><th>class</th><th>computes</th><th>used for</th></tr>
 *   <tr><td>{@link io.jprove.engine.r1cs.ProvingAssignment}</td><td>witness, a, b, c, densities</td>
 *       <td>a proof without recorded constraints</td></tr>
 *   <tr><td>{@link io.jprove.engine.r1cs.RecordingAssignment}</td><td>CSR matrices A, B, C</td>
 *       <td>once per circuit shape; saved and memory-mapped back</td></tr>
 *   <tr><td>{@link io.jprove.engine.r1cs.WitnessAssignment}</td><td>witness only</td>
 *       <td>then {@link io.jprove.engine.r1cs.ConstraintMatrices#evaluate} (parallel SpMV) gives a, b, c</td></tr>
 *   <tr><td>{@link io.jprove.engine.r1cs.CountingAssignment}</td><td>counts</td><td>sizing</td></tr>
 *   <tr><td>{@link io.jprove.engine.r1cs.FingerprintAssignment}</td><td>nnz, densities,
 *       {@code TestConstraintSystem::hash()}</td><td>identity with Filecoin's R1CS; {@link
 *       io.jprove.engine.r1cs.R1csDump} writes and compares the rows</td></tr>
 * </table>
 * A constraint means the canonical form of its combinations ({@link
 * io.jprove.engine.r1cs.LinearCombination#normalizeInto}: terms merged, zero sums dropped, inputs first), as bellpepper
 * hashes it and bellperson's prover marks densities; the recorded matrices hold exactly that.
 * Off-heap vectors use the FrVector layout: 32 bytes per element, Montgomery form, four little-endian limbs.
 */
package io.jprove.engine.r1cs;
