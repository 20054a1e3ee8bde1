package io.jprove.kernels;

/**
 * A prepared kernel of one {@link Accelerator}.
 */
public interface KernelHandle
{
    /**
     * @return {@code Owner.method}.
     */
    String name();

    /**
     * Runs {@code groupCount × localSize} work-items and waits for them; array arguments hold the results afterwards.
     *
     * @param groupCount number of groups, at least 1.
     * @param localSize  work-items per group, 1 to 1024.
     * @param args       the kernel's arguments after the context: {@link IntArray}, {@link LongArray},
     *                   {@link Integer}, {@link Long}, in the declared order.
     * @throws KernelFailureException when a work-item fails (division by zero, index out of bounds).
     */
    void launch(int groupCount, int localSize, Object... args);
}
