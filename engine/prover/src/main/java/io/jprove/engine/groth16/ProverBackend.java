package io.jprove.engine.groth16;

import java.lang.foreign.MemorySegment;

/**
 * One device that proves partitions: the heavy part of a Groth16 proof, from a partition's vectors to the five MSM
 * sums ({@link MsmSums}). {@link Groth16Prover} does the rest (shape checks, r and s, assembly, self-verification),
 * the same for every backend and every {@link QapReduction}.
 * <p>
 * Use: {@link #prepare} a proving key once (a GPU backend uploads the bases and keeps them resident, with whatever
 * tables it precomputes), then {@link #prove} any number of partitions against it. Inside {@code prove}: the H chain
 * ({@link HChain}, as the key's reduction specifies), the 0/1 split of the witness scalars (zeros dropped, ones
 * summed by batch-add, the rest a tail MSM), the five MSMs including B in G2. Implementations live in packages of
 * their own, each with its factory ({@code io.jprove.engine.backend.BackendFactory}): {@code cpu} (the host's threads)
 * and {@code gpu} (kernels on CUDA or on the JVM executor).
 * <p>
 * Threads: {@code prove} may be called by several threads at once with the same prepared key (the pipeline runs at
 * least two workers per device so that one's host work overlaps the other's kernels), and from inside itself, at a
 * step boundary, with another key (a preempting partition, {@link BackendListener#boundary}); {@code prepare} and
 * {@code close} are not called concurrently with anything else.
 */
public interface ProverBackend extends AutoCloseable
{
    /** @return the device's name for logs and errors ("cpu:0", "cuda:0"). */
    String name();

    /** @return the device ordinal recorded on the timeline (each backend of a process has its own). */
    int device();

    /** @return what the device is, for the timeline's device rows ("cpu, 2 threads", "NVIDIA H200"). */
    String description();

    /**
     * Makes a proving key ready on this device.
     *
     * @param key the key; it must outlive the prepared key.
     * @return the prepared key; the caller closes it before this backend.
     * @throws IllegalStateException (or a device error) if the device cannot hold it, saying how much it needs.
     */
    PreparedKey prepare(ProvingKey key);

    /**
     * Proves one partition's heavy part. The partition's shape has been checked against the key by the caller.
     *
     * @param key       prepared on this backend.
     * @param partition the vectors; a, b, c are overwritten.
     * @param listener  told of every kernel and copy, and of the step boundaries, where it may stop the partition
     *                  by throwing ({@link BackendListener#boundary}).
     * @return the five sums.
     */
    MsmSums prove(PreparedKey key, PartitionInputs partition, BackendListener listener);

    /**
     * @return how many partitions a runtime should give it at once, unless told otherwise: two, so that one
     *         partition's host work (upload, assembly, verification) overlaps the other's kernels; a backend whose
     *         compute is the host's own threads says one.
     */
    default int workers()
    {
        return 2;
    }

    /**
     * @return whether it evaluates a, b, c itself from a partition's matrices ({@link PartitionInputs#matrices()}),
     *         so that synthesis may write the witness alone: a GPU backend with its A and B in device memory. A
     *         backend that says no is given a, b, c (one that is given matrices anyway evaluates them first, on the
     *         host: {@link PartitionInputs#withProducts}).
     */
    default boolean spmvOnDevice()
    {
        return false;
    }

    /**
     * @return the free and total bytes of its device's memory now, as the driver counts them (every process's
     *         allocations), or null for a backend without a device of its own in this process (the CPU's, a device
     *         process's)
     */
    default long[] deviceMemory()
    {
        return null;
    }

    /**
     * Page-locks host memory the caller owns, so that partitions read from it reach the device by DMA at full speed, as
     * from the page-locked buffers a GPU backend allocates itself: for memory another process writes (a device
     * process reading the runtime's shared buffers). Backends whose compute is the host's do nothing.
     *
     * @param host page-aligned native memory that stays mapped until the returned handle is closed.
     * @return what undoes it.
     */
    default AutoCloseable pinHost(final MemorySegment host)
    {
        return () ->
        {
        };
    }

    /**
     * @return whether {@link #reopen()} can give a fresh backend of this device after a fault: a runtime then
     *         restarts the device rather than giving it up (the JVM executor's backend, and a GPU proving in a device
     *         process of its own; not a GPU in this process, whose CUDA context a fault poisons for the process's
     *         life).
     */
    default boolean restartable()
    {
        return false;
    }

    /**
     * Opens a fresh backend of the same device, in place of this one after a fault ({@link DeviceUnusableException});
     * called once this one is closed.
     *
     * @return the fresh backend: same name and ordinal; the caller closes it.
     * @throws UnsupportedOperationException when the backend is not {@link #restartable()}.
     * @throws RuntimeException              why the device could not be opened again.
     */
    default ProverBackend reopen()
    {
        throw new UnsupportedOperationException(name() + " cannot be opened again in this process");
    }

    /** Releases the backend's threads and device; prepared keys are closed first. A second close does nothing. */
    @Override
    void close();
}
