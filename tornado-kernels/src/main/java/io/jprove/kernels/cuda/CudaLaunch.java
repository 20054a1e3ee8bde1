package io.jprove.kernels.cuda;

import java.lang.foreign.MemorySegment;

/**
 * A launch configuration fixed once (kernel, grid, block, shared memory, stream, parameter array) for launching many
 * times with the least host work: each {@link #launch()} is a thread-local check and one {@code cuLaunchKernel}
 * downcall. Parameter values may change between launches through the {@link KernelArgs} it was prepared with.
 */
public final class CudaLaunch
{
    private final CudaFunction function;
    private final int gridX;
    private final int gridY;
    private final int gridZ;
    private final int blockX;
    private final int blockY;
    private final int blockZ;
    private final int sharedBytes;
    private final MemorySegment stream;
    private final KernelArgs args;

    CudaLaunch(
        final CudaFunction function,
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedBytes,
        final MemorySegment stream,
        final KernelArgs args)
    {
        this.function = function;
        this.gridX = gridX;
        this.gridY = gridY;
        this.gridZ = gridZ;
        this.blockX = blockX;
        this.blockY = blockY;
        this.blockZ = blockZ;
        this.sharedBytes = sharedBytes;
        this.stream = stream;
        this.args = args;
    }

    /** Queues one launch. */
    public void launch()
    {
        function.launchChecked(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream, args);
    }

    /**
     * Queues {@code times} launches back to back.
     *
     * @param times how many, at least 0.
     */
    public void launch(final int times)
    {
        for (int i = 0; i < times; i++)
        {
            function.launchChecked(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream, args);
        }
    }

    /**
     * The parameters this launch passes; change values here between launches.
     *
     * @return the parameters.
     */
    public KernelArgs args()
    {
        return args;
    }

    /**
     * The kernel.
     *
     * @return the function.
     */
    public CudaFunction function()
    {
        return function;
    }
}
