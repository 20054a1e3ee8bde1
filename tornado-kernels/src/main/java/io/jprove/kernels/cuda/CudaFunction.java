package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * A kernel of a loaded {@link CudaModule} ({@code CUfunction}), launched with {@code cuLaunchKernel}.
 * <p>
 * A launch allocates nothing: the grid, the stream handle and the {@link KernelArgs} array go straight to the driver.
 * For a kernel launched many times with one configuration, {@link #prepare} fixes it once in a {@link CudaLaunch}.
 */
public final class CudaFunction
{
    private final CudaModule module;
    private final String name;
    private final MemorySegment handle;

    CudaFunction(final CudaModule module, final String name, final MemorySegment handle)
    {
        this.module = module;
        this.name = name;
        this.handle = handle;
    }

    /**
     * Queues one launch on {@code stream}; returns as soon as it is queued. Launch failures that the driver finds at
     * queue time (bad configuration, too many resources) throw here; faults while running surface at the next
     * synchronizing call.
     *
     * @param gridX       blocks in x, at least 1.
     * @param gridY       blocks in y, at least 1.
     * @param gridZ       blocks in z, at least 1.
     * @param blockX      threads per block in x, at least 1.
     * @param blockY      threads per block in y, at least 1.
     * @param blockZ      threads per block in z, at least 1.
     * @param sharedBytes dynamic shared memory per block, in bytes.
     * @param stream      the stream, or null for the legacy default stream.
     * @param args        the kernel's parameters, in its order.
     */
    public void launch(
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedBytes,
        final CudaStream stream,
        final KernelArgs args)
    {
        checkDimensions(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes);
        launchChecked(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, CudaStream.handleOf(stream), args);
    }

    /**
     * Queues a one-dimensional launch without dynamic shared memory.
     *
     * @param gridX  blocks.
     * @param blockX threads per block.
     * @param stream the stream, or null for the legacy default stream.
     * @param args   the kernel's parameters.
     */
    public void launch(final int gridX, final int blockX, final CudaStream stream, final KernelArgs args)
    {
        launch(gridX, 1, 1, blockX, 1, 1, 0, stream, args);
    }

    /**
     * Fixes a launch configuration for repeated launches with the least host work per launch.
     *
     * @param gridX       blocks in x.
     * @param gridY       blocks in y.
     * @param gridZ       blocks in z.
     * @param blockX      threads per block in x.
     * @param blockY      threads per block in y.
     * @param blockZ      threads per block in z.
     * @param sharedBytes dynamic shared memory per block.
     * @param stream      the stream, or null for the legacy default stream.
     * @param args        the parameters; values may still be changed between launches.
     * @return the prepared launch.
     */
    public CudaLaunch prepare(
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedBytes,
        final CudaStream stream,
        final KernelArgs args)
    {
        checkDimensions(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes);
        return new CudaLaunch(this, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes,
            CudaStream.handleOf(stream), args);
    }

    /**
     * A function attribute ({@code cuFuncGetAttribute}).
     *
     * @param cuFunctionAttribute a {@code CUfunction_attribute}; {@link FunctionAttribute} names them.
     * @return its value.
     */
    public int attribute(final int cuFunctionAttribute)
    {
        module.checkOpen();
        module.context().ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment value = arena.allocate(JAVA_INT);
            CudaDriver.API.cuFuncGetAttribute(value, cuFunctionAttribute, handle);
            return value.get(JAVA_INT, 0);
        }
    }

    /**
     * Sets a function attribute ({@code cuFuncSetAttribute}), e.g.
     * {@link FunctionAttribute#MAX_DYNAMIC_SHARED_SIZE_BYTES} before launching with more than 48 KiB of dynamic shared
     * memory.
     *
     * @param cuFunctionAttribute a settable {@code CUfunction_attribute}.
     * @param value               the new value.
     */
    public void setAttribute(final int cuFunctionAttribute, final int value)
    {
        module.checkOpen();
        module.context().ensureCurrent();
        CudaDriver.API.cuFuncSetAttribute(handle, cuFunctionAttribute, value);
    }

    /**
     * The PTX entry name.
     *
     * @return the name.
     */
    public String name()
    {
        return name;
    }

    /**
     * The module this function belongs to.
     *
     * @return the module.
     */
    public CudaModule module()
    {
        return module;
    }

    @Override
    public String toString()
    {
        return "kernel " + name;
    }

    /** The launch itself, shared with {@link CudaLaunch}; the dimensions are already checked. */
    void launchChecked(
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
        module.checkOpen();
        module.context().ensureCurrent();
        try
        {
            CudaDriver.API.cuLaunchKernel(handle, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream,
                args.launchPointer(), MemorySegment.NULL);
        }
        catch (final CudaException ex)
        {
            throw new CudaException(ex.result(), ex.call(), "launching " + name + ", grid " + gridX + "x" + gridY
                + "x" + gridZ + ", block " + blockX + "x" + blockY + "x" + blockZ + ", " + sharedBytes
                + " shared bytes, " + args.count() + " arguments, " + module.context());
        }
    }

    private void checkDimensions(
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedBytes)
    {
        if (gridX < 1 || gridY < 1 || gridZ < 1 || blockX < 1 || blockY < 1 || blockZ < 1 || sharedBytes < 0)
        {
            throw new IllegalArgumentException("launch of " + name + " with grid " + gridX + "x" + gridY + "x" + gridZ
                + ", block " + blockX + "x" + blockY + "x" + blockZ + " and " + sharedBytes
                + " shared bytes; every dimension must be at least 1 and the shared bytes at least 0");
        }
    }
}
