package io.jprove.kernels.cuda;

/**
 * The one answer to "does this host have a GPU": the CUDA devices the driver lists now, and why there are none when
 * there are none. Every choice that depends on it (the automatic device, the CUDA backend's device count, an
 * accelerator opened as {@code auto}) asks here, so they cannot disagree. Never throws.
 *
 * @param devices the CUDA devices listed, 0 when the driver is missing, fails to start or lists none.
 * @param reason  why {@code devices} is 0, in words; empty when it is not.
 */
public record GpuProbe(int devices, String reason)
{
    /** @return what the driver says now. */
    public static GpuProbe probe()
    {
        if (!CudaDriver.isAvailable())
        {
            return new GpuProbe(0, CudaDriver.unavailableReason());
        }
        try
        {
            final int count = CudaDevice.count();
            return new GpuProbe(count, count > 0 ? "" : "the CUDA driver reports no device");
        }
        catch (final RuntimeException | LinkageError e)
        {
            return new GpuProbe(0, "the CUDA driver failed to list devices: " + e.getMessage());
        }
    }

    /** @return whether there is at least one GPU. */
    public boolean present()
    {
        return devices > 0;
    }
}
