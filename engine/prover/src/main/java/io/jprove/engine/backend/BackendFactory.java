package io.jprove.engine.backend;

import io.jprove.engine.groth16.CpuFixedBaseMultiplier;
import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.ProverBackend;

/**
 * Makes the {@link ProverBackend}s of one kind of device ("cpu", "jvm", "cuda"); each factory lives beside its
 * backend. Factories are found with {@link java.util.ServiceLoader}: a backend is added to a build by naming its
 * factory in {@code META-INF/services/io.jprove.engine.backend.BackendFactory}, and {@link DeviceSelection} then
 * offers it to {@code --device}; nothing else needs to change.
 */
public interface BackendFactory
{
    /** @return the kind {@code --device} names: "cpu", "jvm" or "cuda" (lower case, no colon). */
    String kind();

    /**
     * @return how many devices of this kind this host has now (0 when the driver or the hardware is missing); the CPU
     *         counts as one.
     */
    int deviceCount();

    /** @return why {@link #deviceCount()} is 0, for the user ("no libcuda.so.1"), or "" when devices exist. */
    String unavailableReason();

    /**
     * Opens one device.
     *
     * @param ordinal     which device of this kind, from 0 to {@link #deviceCount()} − 1; also its timeline ordinal.
     * @param hostThreads host threads the backend may use for its own work (all of the CPU backend's work).
     * @return the backend; the caller closes it.
     */
    ProverBackend open(int ordinal, int hostThreads);

    /**
     * Opens one device so that a runtime can bring it back after a fault ({@link ProverBackend#restartable()}), for a
     * long-running process (the daemon): {@link #open} unless this kind's faults outlive what the process can reset
     * (a CUDA sticky error poisons the device for the rest of the process), where the device proves in a process of
     * its own.
     *
     * @param ordinal     which device of this kind.
     * @param hostThreads host threads the backend may use.
     * @return the backend; the caller closes it.
     */
    default ProverBackend openRestartable(final int ordinal, final int hostThreads)
    {
        return open(ordinal, hostThreads);
    }

    /**
     * The pool of partition buffers for devices opened with {@link #openRestartable}: {@link #bufferPool} unless those
     * devices prove in another process, which then needs the buffers in shared memory.
     *
     * @param budgetBytes the host memory budget.
     * @return a pool; the caller closes it after the pipeline.
     */
    default BufferPool restartableBufferPool(final long budgetBytes)
    {
        return bufferPool(budgetBytes);
    }

    /**
     * The pool the pipeline's partition buffers come from when proving on this kind of device: plain off-heap memory
     * unless the backend has better (a GPU backend returns page-locked memory, so a, b, c reach the device by DMA).
     *
     * @param budgetBytes the host memory budget: the most the pool's sets may hold together.
     * @return a pool; the caller closes it after the pipeline.
     */
    default BufferPool bufferPool(final long budgetBytes)
    {
        return new OffHeapBufferPool(budgetBytes);
    }

    /**
     * The setup's fixed-base products on one device of this kind: the host's threads unless the device does them
     * faster (a GPU's kernels).
     *
     * @param ordinal     which device.
     * @param hostThreads host threads for the CPU's products.
     * @return the multiplier; the caller closes it.
     */
    default FixedBaseMultiplier multiplier(final int ordinal, final int hostThreads)
    {
        return new CpuFixedBaseMultiplier(hostThreads);
    }
}
