/**
 * Multi-scalar multiplication and batch addition of G1 and G2 points on an {@link io.jprove.kernels.Accelerator},
 * with every phase a kernel written in Java: the fixed bases are prepared once with precomputed copies
 * ({@link io.jprove.kernels.msm.PreparedBases}, shaped by {@link io.jprove.kernels.msm.MsmPlan}), then each
 * {@link io.jprove.kernels.msm.GpuMsm} digitizes the scalars, sorts their (bucket, point) pairs by counting, adds the
 * buckets in XYZZ and reduces them by running sums on the device; {@link io.jprove.kernels.msm.GpuBatchAdd} sums the
 * bases a bitmap selects, and {@link io.jprove.kernels.msm.GpuScalarSplit} splits Groth16's scalars into ones (for
 * the batch-add) and a compacted tail (for the MSM) on the device, with bellperson's density semantics.
 * <p>
 * Kernel classes hold one algorithm phase each ({@code SortKernels}, {@code ScanKernels}, {@code BucketKernels},
 * {@code ReduceKernels}, {@code PointSumKernels}, {@code PrecomputeKernels}, {@code BatchAddKernels},
 * {@code SplitKernels}); a phase that does point arithmetic has one kernel per coordinate field ({@code …Fq} for G1,
 * {@code …Fq2} for G2), both calling the formulas of {@code io.jprove.field.inline} with the field's degree as a
 * constant. Results match the CPU {@code Msm} and {@code BatchAdd} exactly (affine points are unique).
 * <p>
 * One way to do each phase, each the faster one measured on the H200 (issue 26): the sort by global atomics
 * ({@code SortKernels}, faster than a sort round by round in shared memory at 2^20, 2^24 and 2^26; for plans of
 * many keys in passes of one window and one range of keys, {@link io.jprove.kernels.msm.PassSort}) and, for G1, the
 * accumulation that loads the next point under the current addition ({@code BucketKernels.accumulateFq}, faster than
 * loading each point just before its addition at 2^24 and 2^26); the kernels' Javadoc gives the figures.
 */
package io.jprove.kernels.msm;
