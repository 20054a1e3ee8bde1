package io.jprove.engine.gpu;

import io.jprove.engine.backend.BackendFactory;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.device.DeviceProcess;
import io.jprove.engine.device.SharedMemory;
import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.DeviceName;
import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.GpuProbe;

/**
 * NVIDIA GPUs through the CUDA driver: one {@link GpuProverBackend} per device, its kernels compiled from Java to PTX
 * at first use. Present in every build; {@link #deviceCount()} is 0 on a host without the driver or a GPU, and
 * {@link #unavailableReason()} says which ({@link GpuProbe}). A device opened to be restartable proves in a device
 * process of its own ({@link DeviceProcess}): a kernel fault poisons CUDA for the rest of the process that met it.
 */
public final class CudaBackendFactory implements BackendFactory
{
    @Override
    public String kind()
    {
        return DeviceName.CUDA;
    }

    @Override
    public int deviceCount()
    {
        return GpuProbe.probe().devices();
    }

    @Override
    public String unavailableReason()
    {
        return GpuProbe.probe().reason();
    }

    /**
     * Page-locked partition buffers, so a, b, c and z reach the device by DMA. Shared memory that a killed daemon left
     * behind is cleared first: it holds host memory (tens of GiB for a 32 GiB sector's key) until someone does.
     */
    @Override
    public BufferPool bufferPool(final long budgetBytes)
    {
        SharedMemory.clearAbandoned();
        return new OffHeapBufferPool(budgetBytes, new PinnedHostMemory(0));
    }

    /** The setup's products as kernels on the GPU. */
    @Override
    public FixedBaseMultiplier multiplier(final int ordinal, final int hostThreads)
    {
        return GpuFixedBaseMultiplier.open(DeviceName.CUDA + ":" + ordinal);
    }

    /** A device in a process of its own, restarted (a fresh process, a fresh context) after a fault. */
    @Override
    public ProverBackend openRestartable(final int ordinal, final int hostThreads)
    {
        return DeviceProcess.start(kind(), ordinal, hostThreads, SharedMemory.defaultDirectory());
    }

    /** Buffers in shared memory, which the device processes map (page-locked by each device process). */
    @Override
    public BufferPool restartableBufferPool(final long budgetBytes)
    {
        return new OffHeapBufferPool(budgetBytes, new SharedMemory());
    }

    @Override
    public ProverBackend open(final int ordinal, final int hostThreads)
    {
        final CudaAccelerator accelerator = CudaAccelerator.open(ordinal);
        try
        {
            return new GpuProverBackend(accelerator, ordinal, DeviceName.CUDA + ":" + ordinal,
                CudaDevice.get(ordinal).name());
        }
        catch (final RuntimeException ex)
        {
            accelerator.close();
            throw ex;
        }
    }
}
