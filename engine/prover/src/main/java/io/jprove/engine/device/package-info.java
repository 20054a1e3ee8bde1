/**
 * Devices proving in processes of their own, so that a device that faults can be restarted, not abandoned.
 * <p>
 * Why a process: a kernel fault on a GPU (an illegal address, a trap from a bounds check) is one of CUDA's "sticky"
 * errors. CUDA documents that it leaves the process in an inconsistent state and that "to continue using CUDA, the
 * process must be terminated and relaunched" (the driver API's {@code CUDA_ERROR_ILLEGAL_ADDRESS} and its kin); a new
 * context in the same process does not clear it: releasing the primary context and retaining it again
 * ({@code cuDevicePrimaryCtxRelease}, the driver then destroys it, as {@code cuDevicePrimaryCtxReset} does) still
 * fails with the sticky error, which {@code CudaGpuFaultTest} records on a real GPU. So the daemon proves on each GPU
 * in a child process ({@link io.jprove.engine.device.DeviceHost}) behind a
 * {@link io.jprove.engine.device.DeviceProcess}, a {@link io.jprove.engine.groth16.ProverBackend} like any other,
 * and the pipeline's device lane restarts a faulted one ({@code ProverBackend.reopen()}): the dead process's context
 * goes with it, a fresh process gets a fresh one, the keys are prepared there again, and partitions go on, with no
 * daemon restart. The JVM executor's device needs no process (a fresh executor is a fresh device), and commands that
 * make one proof keep the GPU in their own process.
 * <p>
 * What crosses the process boundary: requests and replies over the child's stdin and stdout
 * ({@link io.jprove.engine.device.DeviceProtocol}), and kernel and copy events back to the timeline; the data goes
 * through shared memory instead: the partition buffers are files of {@code /dev/shm} mapped by both processes
 * ({@link io.jprove.engine.device.SharedMemory}, the daemon's buffer pool, page-locked by each device process), and a
 * key is an image in shared memory that every device process maps ({@link io.jprove.engine.device.KeyImage}), so it
 * is loaded and checked once, by the daemon. A {@code .params} key is read straight into its image, so the host holds
 * one copy of it (a zkey's is copied into one). The cost: a device process's start (a JVM and a CUDA context,
 * seconds) at the daemon's start and after a fault, and the shared memory's size: {@code /dev/shm} must hold the
 * resident keys and the partitions in flight (a 32 GiB sector's key is 44 GiB; a tmpfs is half the host's memory
 * unless mounted larger).
 */
package io.jprove.engine.device;
