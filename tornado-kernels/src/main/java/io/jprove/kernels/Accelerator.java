package io.jprove.kernels;

import java.lang.foreign.MemorySegment;

import io.jprove.kernels.cuda.GpuProbe;

/**
 * Runs kernels: {@link JvmAccelerator} as Java on a thread pool, {@code CudaAccelerator} as PTX on an NVIDIA GPU. One
 * is chosen at start from a device string ({@link DeviceName}): {@code jvm}, {@code cuda} (device 0), {@code cuda:N}
 * or {@code auto}.
 * <p>
 * Memory: {@link #allocate} gives device memory the caller owns, which kernels take in place of their arrays without
 * copies; {@link #allocateHost} gives host memory that copies reach fastest (page-locked on a GPU; pool it with
 * {@link HostMemoryPool}). Plain {@link IntArray}/{@link LongArray} arguments still work: a launch copies them to the
 * device and back, except arrays made resident with {@link #upload}.
 * <p>
 * Work: launches, copies and fills go to a {@link DeviceStream} ({@link #createStream}) or, without one, to the default
 * stream, where each call returns once its work is done. Every kernel run and copy is reported, with its
 * device-measured start and duration, to the {@link DeviceActivity.Listener} set with {@link #setListener}.
 * <p>
 * An accelerator serves one thread at a time, except that {@link DeviceMemory}, {@link DeviceStream} and
 * {@link HostMemory} objects may be used from any thread that does not use the same object concurrently.
 */
public interface Accelerator extends AutoCloseable
{
    /**
     * Opens the accelerator a device string names ({@link DeviceName}): {@code jvm} the kernels as Java methods,
     * {@code cuda} or {@code cuda:N} a GPU (0 for {@code cuda}), {@code auto} the first GPU when the host has one,
     * else {@code jvm}. {@code cpu}, the CPU prover, runs no kernels and is refused.
     *
     * @param device as {@link DeviceName#parse} reads it.
     * @return the accelerator; close it when done.
     * @throws IllegalArgumentException in one line when the string names no accelerator.
     */
    static Accelerator open(final String device)
    {
        final DeviceName name = DeviceName.parse(device, "device");
        return switch (name.kind())
        {
            case DeviceName.JVM -> new JvmAccelerator();
            case DeviceName.CUDA -> CudaAccelerator.open(name.isOne() ? name.ordinal() : 0);
            case DeviceName.AUTO -> GpuProbe.probe().present() ? CudaAccelerator.open(0) : new JvmAccelerator();
            default -> throw new IllegalArgumentException("device " + device + " is the CPU prover, which runs no "
                + "kernels; jvm runs them as Java methods on the host's threads");
        };
    }

    /**
     * @return the device string this accelerator was opened with, e.g. {@code jvm} or {@code cuda:0}.
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
     * Allocates device memory; its contents are undefined until written.
     *
     * @param bytes at least 1.
     * @return memory the caller owns and closes.
     * @throws DeviceOutOfMemoryException when the device cannot hold it.
     */
    DeviceMemory allocate(long bytes);

    /**
     * Allocates host memory for copies (page-locked on a GPU); zeroed.
     *
     * @param bytes at least 1.
     * @return memory the caller owns and closes.
     */
    HostMemory allocateHost(long bytes);

    /**
     * Page-locks host memory the caller owns (a GPU's driver registers it), so that copies from it go as fast as from
     * {@link #allocateHost} memory; where copies are not DMA (the JVM executor) it does nothing.
     *
     * @param host page-aligned native memory that stays mapped until the returned handle is closed.
     * @return what undoes it.
     */
    default AutoCloseable pinHost(final MemorySegment host)
    {
        return () ->
        {
        };
    }

    /** @return a new stream; close it when done. */
    DeviceStream createStream();

    /** @return a new event for {@link DeviceStream#record}; close it when done. */
    DeviceEvent createEvent();

    /**
     * Waits for all work on every stream.
     *
     * @throws KernelFailureException when queued work failed on the device.
     */
    void synchronize();

    /** @return {@code {free, total}} device memory in bytes, as the device sees it now. */
    long[] memoryInfo();

    /** @return how many groups run at once on the device per unit of occupancy: its multiprocessors (CPU: threads). */
    int multiprocessorCount();

    /**
     * @param listener receives every later kernel run and copy; null stops reporting (and its cost).
     */
    void setListener(DeviceActivity.Listener listener);

    /**
     * Time spent so far making kernels launchable ({@link #kernel}): on a GPU compiling them to PTX and loading
     * them through the driver's JIT, so a caller can tell a cold start's compilation from its own work.
     *
     * @return nanoseconds; 0 where kernels are plain Java methods (the JVM executor builds nothing).
     */
    default long kernelBuildNanos()
    {
        return 0;
    }

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
