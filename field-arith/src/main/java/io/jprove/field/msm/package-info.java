/**
 * Multi-scalar multiplication and batch addition of BLS12-381 points on the CPU.
 * <p>
 * {@link io.jprove.field.msm.Msm}: Σ sᵢ·Pᵢ over G1 or G2 by Pippenger's bucket method with signed digits, with
 * bellperson's density semantics (scalar i pairs with the next base only when bit i is set).
 * {@link io.jprove.field.msm.BatchAdd}: the sum of the points a bitmap selects, by affine additions in a tree that
 * share one inversion per level. {@link io.jprove.field.msm.ScalarSplit}: the Groth16 prover's split of a scalar
 * vector into zeros (dropped), ones (a bitmap for batch-add) and the rest (a tail MSM).
 * {@link io.jprove.field.msm.PointProgression}: benchmark bases whose MSM and selected sums have a closed form.
 * <p>
 * Density is bellperson's ({@code multiexp} over a {@code DensityTracker}'s bit vector): the exponents are all
 * variables and walk in step with the density bits; a set bit takes the next base from the query (an exponent of 0
 * skips it, 1 adds it, anything else goes to the buckets), a clear bit takes no base and its exponent is ignored.
 * So the query holds only the set-density variables' points, in order.
 * <p>
 * Inputs are the off-heap vectors of {@code io.jprove.field} in the design's memory layout; results are affine limbs.
 * Work is spread over a caller-chosen number of platform threads.
 */
package io.jprove.field.msm;
