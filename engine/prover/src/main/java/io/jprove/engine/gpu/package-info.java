/**
 * The GPU backend: a {@link io.jprove.engine.groth16.ProverBackend} whose H chain, 0/1 splits, batch-adds and five
 * MSMs (B in G2 included) are kernels of {@code io.jprove.kernels}, run on any
 * {@link io.jprove.kernels.Accelerator} — the CUDA one on a GPU host, the JVM one in tests — and the setup's
 * fixed-base products on the device ({@link io.jprove.engine.gpu.GpuFixedBaseMultiplier}). Its factories:
 * {@link io.jprove.engine.gpu.CudaBackendFactory} ({@code --device cuda}) and
 * {@link io.jprove.engine.gpu.JvmBackendFactory} ({@code --device jvm}, the kernels as Java methods).
 * <p>
 * Memory: a prepared key ({@link io.jprove.engine.gpu.GpuPreparedKey}) owns the device copies of the key's five
 * queries, their precomputed tables, each query's MSM scratch and the three splitters, for as long as it is open; the
 * backend owns up to two sets of partition memory ({@link io.jprove.engine.gpu.PartitionMemory}: a, b, c, z, the
 * density bitmaps, the results, two streams and page-locked staging), reused while the partition shape stays the same.
 * Host memory stays the caller's: a partition's vectors are copied to the device and never written on the host.
 * <p>
 * Concurrency: a partition uploads into its own memory outside the device's lock, so one partition's copies run while
 * the other's kernels do; the kernels themselves take turns under a fair lock (the key's scratch is one set), and the
 * pipeline's second worker does its host work (assembly, verification, the next hand-over) meanwhile. Within a
 * partition, the batch-adds and tail MSMs (which do not depend on H) run on a second stream beside the H chain and the
 * H MSM; {@code -Djprove.gpu.overlap=false} queues them after the H MSM on one stream, the way to measure what the
 * overlap gains (kept until that measurement chooses).
 */
package io.jprove.engine.gpu;
