package io.jprove.engine.gpu;

import io.jprove.engine.backend.HostMemorySource;
import io.jprove.kernels.cuda.CudaContext;
import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.CudaException;
import io.jprove.kernels.cuda.CudaResult;
import io.jprove.kernels.cuda.PinnedBuffer;

/**
 * Page-locked host memory for the pipeline's partition buffers on a CUDA host ({@code cuMemHostAlloc}, portable to
 * every context): the copies of a, b, c and z to the device then run by DMA at full PCIe speed, with no staging copy
 * through the driver's own pinned buffer. It holds a retained primary context of one device for as long as it is open.
 */
public final class PinnedHostMemory implements HostMemorySource
{
    private final CudaContext context;

    /** @param ordinal the device whose primary context allocates (portable memory serves every device). */
    public PinnedHostMemory(final int ordinal)
    {
        this.context = CudaDevice.get(ordinal).primaryContext();
    }

    @Override
    public Block allocate(final long bytes)
    {
        final PinnedBuffer buffer;
        try
        {
            buffer = context.allocatePinned(bytes);
        }
        catch (final CudaException ex)
        {
            if (ex.result() == CudaResult.ERROR_OUT_OF_MEMORY)
            {
                final OutOfMemoryError oom = new OutOfMemoryError("cuMemHostAlloc of " + bytes + " bytes: "
                    + ex.getMessage());
                oom.initCause(ex);
                throw oom;
            }
            throw ex;
        }
        buffer.segment().fill((byte)0);
        return new Block(buffer.segment(), buffer::close);
    }

    @Override
    public void close()
    {
        context.close();
    }

    @Override
    public String toString()
    {
        return "page-locked memory";
    }
}
