package io.jprove.kernels;

/**
 * A prepared kernel of one {@link Accelerator}.
 * <p>
 * Arguments after the context, in the declared order: for an array parameter an {@link IntArray}/{@link LongArray}
 * (host memory, copied to the device and back around the launch unless made resident with
 * {@link Accelerator#upload}) or a {@link DeviceMemory} (used in place, its length {@code byteSize() / 4} or
 * {@code / 8}); for a scalar an {@link Integer} or {@link Long}.
 */
public interface KernelHandle
{
    /**
     * @return {@code Owner.method}.
     */
    String name();

    /**
     * Runs {@code groupCount × localSize} work-items on the default stream and waits for them; array arguments hold
     * the results afterwards.
     *
     * @param groupCount number of groups, at least 1.
     * @param localSize  work-items per group, 1 to 1024.
     * @param args       the kernel's arguments after the context.
     * @throws KernelFailureException when a work-item fails (division by zero, index out of bounds).
     */
    default void launch(final int groupCount, final int localSize, final Object... args)
    {
        launch(Launch.of(groupCount, localSize), args);
    }

    /**
     * Queues a launch on {@code launch.stream()}, or runs it on the default stream and waits when that is null. A
     * launch with host-array arguments always waits (their results are copied back).
     *
     * @param launch the range, dynamic shared memory and stream.
     * @param args   the kernel's arguments after the context.
     * @throws KernelFailureException when a work-item fails; on a stream the failure may surface only at the next
     *                                synchronizing call instead.
     * @throws IllegalArgumentException when the range or an argument does not fit the kernel.
     */
    void launch(Launch launch, Object... args);
}
