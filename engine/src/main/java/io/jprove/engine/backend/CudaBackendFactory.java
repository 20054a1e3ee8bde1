package io.jprove.engine.backend;

import io.jprove.engine.gpu.GpuProverBackend;
import io.jprove.engine.gpu.PinnedHostMemory;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.pipeline.BufferPool;
import io.jprove.engine.pipeline.OffHeapBufferPool;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.CudaDriver;

/**
 * NVIDIA GPUs through the CUDA driver: one {@link GpuProverBackend} per device, its kernels compiled from Java to PTX
 * at first use. Present in every build; {@link #deviceCount()} is 0 on a host without the driver or a GPU, and
 * {@link #unavailableReason()} says which.
 */
public final class CudaBackendFactory implements BackendFactory
{
    /** The kind's name for {@code --device}. */
    public static final String KIND = "cuda";

    @Override
    public String kind()
    {
        return KIND;
    }

    @Override
    public int deviceCount()
    {
        if (!CudaDriver.isAvailable())
        {
            return 0;
        }
        try
        {
            return CudaDevice.count();
        }
        catch (final RuntimeException ex)
        {
            return 0;
        }
    }

    @Override
    public String unavailableReason()
    {
        if (!CudaDriver.isAvailable())
        {
            return CudaDriver.unavailableReason();
        }
        try
        {
            return CudaDevice.count() > 0 ? "" : "the CUDA driver reports no device";
        }
        catch (final RuntimeException ex)
        {
            return "the CUDA driver failed to list devices: " + ex.getMessage();
        }
    }

    /** Page-locked partition buffers, so a, b, c and z reach the device by DMA. */
    @Override
    public BufferPool bufferPool(final long budgetBytes)
    {
        return new OffHeapBufferPool(budgetBytes, new PinnedHostMemory(0));
    }

    @Override
    public ProverBackend open(final int ordinal, final int hostThreads)
    {
        final CudaAccelerator accelerator = CudaAccelerator.open(ordinal);
        try
        {
            return new GpuProverBackend(accelerator, ordinal, KIND + ":" + ordinal, CudaDevice.get(ordinal).name());
        }
        catch (final RuntimeException ex)
        {
            accelerator.close();
            throw ex;
        }
    }
}
