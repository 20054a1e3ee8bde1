/**
 * The backend API beyond the prover's own interface ({@link io.jprove.engine.groth16.ProverBackend}): what every
 * runtime needs to reach a device, whichever the device is.
 * <ul>
 *   <li>choosing the device: {@link io.jprove.engine.backend.BackendFactory} (one per kind of device, beside its
 *       backend, found with {@link java.util.ServiceLoader}) and {@link io.jprove.engine.backend.DeviceSelection}
 *       ({@code --device cpu|jvm|cuda|cuda:N|auto}, read by {@link io.jprove.kernels.DeviceName});</li>
 *   <li>the host memory partitions live in: {@link io.jprove.engine.backend.BufferPool} under a budget,
 *       {@link io.jprove.engine.backend.OffHeapBufferPool} over a {@link io.jprove.engine.backend.HostMemorySource}
 *       (plain off-heap, or a GPU driver's page-locked memory), one {@link io.jprove.engine.backend.PartitionBuffers}
 *       set per partition of a {@link io.jprove.engine.backend.BufferShape};</li>
 *   <li>the listener that writes a backend's kernels and copies to the timeline:
 *       {@link io.jprove.engine.backend.TimelineListener}.</li>
 * </ul>
 * It imports no runtime ({@code pipeline}, {@code daemon}) and no backend implementation ({@code cpu}, {@code gpu}):
 * those import it.
 */
package io.jprove.engine.backend;
