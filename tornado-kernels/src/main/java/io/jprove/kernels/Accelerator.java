package io.jprove.kernels;

/**
 * Runs kernels: {@link JvmAccelerator} as Java on a thread pool, {@code CudaAccelerator} as PTX on an NVIDIA GPU. One is
 * chosen at start from a device string: {@code cpu}, {@code cuda} (device 0) or {@code cuda:N}. A launch copies its
 * array arguments to the device and back, except arrays made resident with {@link #upload}.
 */
public interface Accelerator extends AutoCloseable
{
    /**
     * Opens the accelerator a device string names.
     *
     * @param device {@code cpu}, {@code cuda} or {@code cuda:N}.
     * @return the accelerator; close it when done.
     */
    static Accelerator open(final String device)
    {
        if ("cpu".equals(device))
        {
            return new JvmAccelerator();
        }
        if ("cuda".equals(device))
        {
            return CudaAccelerator.open(0);
        }
        if (device.startsWith("cuda:"))
        {
            final int ordinal;
            try
            {
                ordinal = Integer.parseInt(device.substring("cuda:".length()));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("bad device ordinal in '" + device + "'", ex);
            }
            return CudaAccelerator.open(ordinal);
        }
        throw new IllegalArgumentException("unknown device '" + device + "': expected cpu, cuda or cuda:N");
    }

    /**
     * @return the device string this accelerator was opened with, e.g. {@code cpu} or {@code cuda:0}.
     */
    String device();

    /**
     * Prepares a kernel (on the GPU: compiles it, or finds it in the cache, and loads it).
     *
     * @param owner the class declaring the kernel.
     * @param name  the {@link Kernel} method's name (not overloaded).
     * @return a handle to launch it with.
     * @throws io.jprove.kernels.ptx.KernelCompileException when the kernel uses something the compiler refuses.
     */
    KernelHandle kernel(Class<?> owner, String name);

    /**
     * Copies an array to the device and keeps it there: later launches use the device copy without copying it in or
     * out, until {@link #release}. On the CPU the host memory is the device memory and this does nothing; code that
     * calls {@link #upload} and {@link #download} where the GPU needs them runs unchanged on both.
     *
     * @param array the array; uploading it again refreshes the device copy from the host.
     */
    void upload(KernelArray array);

    /**
     * Copies a resident array's device contents back to its host memory.
     *
     * @param array an array given to {@link #upload}.
     */
    void download(KernelArray array);

    /**
     * Frees a resident array's device copy (its host memory is untouched); later launches copy it in and out again.
     *
     * @param array an array given to {@link #upload}.
     */
    void release(KernelArray array);

    @Override
    void close();
}
