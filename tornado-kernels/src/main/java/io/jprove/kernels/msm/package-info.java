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
 * {@code BatchAddKernels}, {@code SplitKernels}); a phase that does point arithmetic has one kernel per coordinate
 * field ({@code …Fq} for G1, {@code …Fq2} for G2), both calling the formulas of {@code io.jprove.field.inline} with
 * the field's degree as a constant. Results match the CPU {@code Msm} and {@code BatchAdd} exactly (affine points are
 * unique).
 * <p>
 * Variants kept side by side until one measurement on the GPU chooses (each selectable per {@code GpuMsm}, by a
 * system property, and by {@code bench gpu-msm}):
 * <ul>
 * <li>the sort ({@link io.jprove.kernels.msm.MsmSort}, {@code -Djprove.msm.sort}, {@code --sort}): {@code rounds}
 * ({@code RoundSortKernels}: every scalar's signed digits written once, then per round a histogram of coarse bins in
 * shared memory, a scan, a scatter into bins and a counting sort of each bin in shared memory; no global atomics;
 * the GPU's default) or {@code atomic} ({@code SortKernels}: all rounds at once, two global atomics per pair; the
 * JVM executor's default, where its fewer launches win);</li>
 * <li>the accumulation ({@link io.jprove.kernels.msm.MsmAccumulation}, {@code -Djprove.msm.accumulation},
 * {@code --accumulate}): {@code prefetch} ({@code BucketKernels.accumulateFqPrefetch}: the next pair's point loaded
 * before the current addition, G1 only; the default) or {@code plain} (each point loaded just before its addition;
 * G2 always).</li>
 * </ul>
 * Every variant passes the same conformance suite ({@code MsmConformance.sorts}) on the JVM executor, the PTX
 * interpreter and the GPU.
 */
package io.jprove.kernels.msm;
