/**
 * Multi-scalar multiplication and batch addition of G1 and G2 points on an {@link io.jprove.kernels.Accelerator},
 * with every phase a kernel written in Java: the fixed bases are prepared once with precomputed copies
 * ({@link io.jprove.kernels.msm.PreparedBases}, shaped by {@link io.jprove.kernels.msm.MsmPlan}), then each
 * {@link io.jprove.kernels.msm.GpuMsm} digitizes the scalars, sorts their (bucket, point) pairs by counting (round by
 * round in shared memory, or all at once by global atomics: {@link io.jprove.kernels.msm.MsmSort}), adds the
 * buckets in XYZZ and reduces them by running sums on the device; {@link io.jprove.kernels.msm.GpuBatchAdd} sums the
 * bases a bitmap selects, and {@link io.jprove.kernels.msm.GpuScalarSplit} splits Groth16's scalars into ones (for
 * the batch-add) and a compacted tail (for the MSM) on the device, with bellperson's density semantics.
 * <p>
 * Kernel classes hold one algorithm phase each ({@code SortKernels}, {@code RoundSortKernels}, {@code ScanKernels},
 * {@code BucketKernels}, {@code ReduceKernels}, {@code PointSumKernels}, {@code PrecomputeKernels},
 * {@code BatchAddKernels}, {@code SplitKernels}); a phase that does point arithmetic has one kernel per coordinate field ({@code …Fq} for G1,
 * {@code …Fq2} for G2), both calling the formulas of {@code io.jprove.field.inline} with the field's degree as a
 * constant. Results match the CPU {@code Msm} and {@code BatchAdd} exactly (affine points are unique).
 */
package io.jprove.kernels.msm;
