/**
 * The GPU backend: a {@link io.jprove.engine.groth16.ProverBackend} whose H chain, 0/1 splits, batch-adds and five
 * MSMs (B in G2 included) are kernels of {@code io.jprove.kernels}, run on any
 * {@link io.jprove.kernels.Accelerator} — the CUDA one on a GPU host, the JVM one in tests.
 * <p>
 * Memory: a prepared key ({@link io.jprove.engine.gpu.GpuPreparedKey}) owns the device copies of the key's five
 * queries, their precomputed tables and each query's MSM scratch, for as long as it is open; the backend owns one set
 * of partition buffers (a, b, c, z) that it reuses while the partition shape stays the same. Host memory stays the
 * caller's: a partition's vectors are copied to the device and never written on the host.
 * <p>
 * Concurrency: one partition at a time per device (a fair lock, like the CPU backend); the pipeline's second worker
 * does its host work (assembly, verification, the next partition's hand-over) while the first one's kernels run.
 */
package io.jprove.engine.gpu;
