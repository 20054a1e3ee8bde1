package io.jprove.kernels;

/**
 * How a kernel is launched: {@code groupsX × groupsY} groups of {@code localSize} work-items, {@code sharedBytes} of
 * dynamic shared memory per group ({@link KernelContext#dynamicSharedLongs()}), on a stream.
 * <pre>{@code
 * handle.launch(Launch.of(groups, 256).withSharedBytes(64 << 10).on(stream), data, twiddles, n);
 * }</pre>
 *
 * @param groupsX     groups along x, at least 1.
 * @param groupsY     groups along y, at least 1 (1 for a one-dimensional range).
 * @param localSize   work-items per group, 1 to 1024 (and at most the kernel's {@link Kernel#maxLocalSize()}).
 * @param sharedBytes dynamic shared memory per group, in bytes (up to the device's opt-in limit, 227 KiB on an H100
 *                    or H200).
 * @param stream      the stream the launch is queued on, or null for the accelerator's default stream, where the
 *                    launch completes before {@code launch} returns.
 */
public record Launch(int groupsX, int groupsY, int localSize, int sharedBytes, DeviceStream stream)
{
    /**
     * @throws IllegalArgumentException when a count is below its minimum.
     */
    public Launch
    {
        if (groupsX < 1 || groupsY < 1 || localSize < 1 || sharedBytes < 0)
        {
            throw new IllegalArgumentException("bad launch: " + groupsX + "x" + groupsY + " groups of " + localSize
                + " items, " + sharedBytes + " shared bytes (groups and items at least 1, bytes at least 0)");
        }
    }

    /**
     * @param groups    groups along x.
     * @param localSize work-items per group.
     * @return a one-dimensional launch on the default stream, without dynamic shared memory.
     */
    public static Launch of(final int groups, final int localSize)
    {
        return new Launch(groups, 1, localSize, 0, null);
    }

    /**
     * @param y groups along y.
     * @return this launch with {@code y} groups along y.
     */
    public Launch withGroupsY(final int y)
    {
        return new Launch(groupsX, y, localSize, sharedBytes, stream);
    }

    /**
     * @param bytes dynamic shared memory per group.
     * @return this launch with that much dynamic shared memory.
     */
    public Launch withSharedBytes(final int bytes)
    {
        return new Launch(groupsX, groupsY, localSize, bytes, stream);
    }

    /**
     * @param queue the stream, or null for the default stream.
     * @return this launch queued on {@code queue}.
     */
    public Launch on(final DeviceStream queue)
    {
        return new Launch(groupsX, groupsY, localSize, sharedBytes, queue);
    }
}
