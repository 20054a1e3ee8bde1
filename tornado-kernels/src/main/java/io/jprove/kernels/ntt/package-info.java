/**
 * The number-theoretic transform over Fr on an {@link io.jprove.kernels.Accelerator} ({@link
 * io.jprove.kernels.ntt.GpuNtt}, planned by {@link io.jprove.kernels.ntt.NttPlan}) and the Groth16 H chain built on it
 * ({@link io.jprove.kernels.ntt.HChain}: bellperson's seven transforms or snarkjs's six), with every pass a kernel of
 * {@link io.jprove.kernels.ntt.NttKernels}. Results equal the CPU transforms bit for bit.
 * <p>
 * How a pass spreads its work is an {@link io.jprove.kernels.ntt.NttVariant} ({@code -Djprove.ntt.variant},
 * {@code bench gpu-ntt --variant}, {@code bench gpu-h --variant}):
 * <ul>
 * <li>{@code r2t}: two elements per work-item, 512 per group, each pass's twiddles first copied into shared memory
 * ({@code difPass2t}, {@code ditPass2t}), so a stage waits on shared memory instead of a global load; the GPU's
 * default. Measured on the H200 against the same passes reading each stage's twiddle from the global table (issue 26,
 * forward transforms, median ms): 0.422 against 0.559 at 2^20, 6.295 against 6.328 at 2^24, 55.585 against 55.342 at
 * 2^27, so that pass (r2) is gone;</li>
 * <li>{@code r8}: eight elements per work-item ({@code difPass}, {@code ditPass}), the JVM executor's default, where
 * fewer and larger work-items win.</li>
 * </ul>
 * Every variant passes the same conformance suite ({@code NttConformance.variantTests}) on the JVM executor, the PTX
 * interpreter and the GPU.
 */
package io.jprove.kernels.ntt;
