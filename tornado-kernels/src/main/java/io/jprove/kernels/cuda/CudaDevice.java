package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * One CUDA device (a {@code CUdevice} ordinal) and its attributes. Cheap to create and immutable; the work happens in
 * its {@link #primaryContext() primary context}.
 */
public final class CudaDevice
{
    private static final int NAME_BYTES = 256;

    private final int ordinal;
    private final int handle;

    private CudaDevice(final int ordinal, final int handle)
    {
        this.ordinal = ordinal;
        this.handle = handle;
    }

    /**
     * The number of CUDA devices.
     *
     * @return the device count.
     * @throws IllegalStateException when the driver cannot be loaded.
     * @throws CudaException         when {@code cuInit} or {@code cuDeviceGetCount} fails.
     */
    public static int count()
    {
        CudaDriver.requireAvailable();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment count = arena.allocate(JAVA_INT);
            CudaDriver.API.cuDeviceGetCount(count);
            return count.get(JAVA_INT, 0);
        }
    }

    /**
     * The device with this ordinal.
     *
     * @param ordinal 0 to {@link #count()} − 1.
     * @return the device.
     * @throws IllegalArgumentException when the ordinal is out of range.
     */
    public static CudaDevice get(final int ordinal)
    {
        final int count = count();
        if (ordinal < 0 || ordinal >= count)
        {
            throw new IllegalArgumentException("CUDA device " + ordinal + " does not exist; this host has " + count);
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment device = arena.allocate(JAVA_INT);
            CudaDriver.API.cuDeviceGet(device, ordinal);
            return new CudaDevice(ordinal, device.get(JAVA_INT, 0));
        }
    }

    /**
     * The ordinal this device was asked for by.
     *
     * @return the ordinal.
     */
    public int ordinal()
    {
        return ordinal;
    }

    /** The driver's {@code CUdevice} value. */
    int handle()
    {
        return handle;
    }

    /**
     * The device's marketing name.
     *
     * @return e.g. {@code NVIDIA H200}.
     */
    public String name()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment name = arena.allocate(NAME_BYTES);
            CudaDriver.API.cuDeviceGetName(name, NAME_BYTES, handle);
            return name.getString(0);
        }
    }

    /**
     * The number of streaming multiprocessors.
     *
     * @return the SM count (132 on an H200).
     */
    public int multiprocessorCount()
    {
        return attribute(DeviceAttribute.MULTIPROCESSOR_COUNT);
    }

    /**
     * The device's total global memory.
     *
     * @return its size in bytes.
     */
    public long totalMemoryBytes()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment bytes = arena.allocate(JAVA_LONG);
            CudaDriver.API.cuDeviceTotalMem(bytes, handle);
            return bytes.get(JAVA_LONG, 0);
        }
    }

    /**
     * The major compute capability.
     *
     * @return e.g. 9 for Hopper.
     */
    public int computeCapabilityMajor()
    {
        return attribute(DeviceAttribute.COMPUTE_CAPABILITY_MAJOR);
    }

    /**
     * The minor compute capability.
     *
     * @return e.g. 0 for sm_90.
     */
    public int computeCapabilityMinor()
    {
        return attribute(DeviceAttribute.COMPUTE_CAPABILITY_MINOR);
    }

    /**
     * Any device attribute.
     *
     * @param cuDeviceAttribute a {@code CUdevice_attribute} value; {@link DeviceAttribute} names the common ones.
     * @return the attribute's value.
     * @throws CudaException when the driver rejects the attribute.
     */
    public int attribute(final int cuDeviceAttribute)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment value = arena.allocate(JAVA_INT);
            CudaDriver.API.cuDeviceGetAttribute(value, cuDeviceAttribute, handle);
            return value.get(JAVA_INT, 0);
        }
    }

    /**
     * Retains the device's primary context (the one the CUDA runtime would use); close it to release it. Each call
     * retains once, so each returned context must be closed once.
     *
     * After a kernel fault (a sticky error) no context can be had in this process any more; the exception says so.
     *
     * @return the retained primary context, not yet current on any thread.
     */
    public CudaContext primaryContext()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment context = arena.allocate(ADDRESS);
            try
            {
                CudaDriver.API.cuDevicePrimaryCtxRetain(context, handle);
            }
            catch (final CudaException ex)
            {
                if (CudaResult.isSticky(ex.result()))
                {
                    // A kernel fault (a trap, an illegal address) poisons the process's CUDA state for good: CUDA
                    // documents that the process must be restarted. Say so instead of a bare error code.
                    throw new CudaException(ex.result(), ex.call() + " on " + this, "a kernel fault earlier in this "
                        + "process left the device unusable; CUDA requires a restart of the process");
                }
                throw ex;
            }
            return new CudaContext(this, context.get(ADDRESS, 0));
        }
    }

    @Override
    public String toString()
    {
        return "device " + ordinal;
    }
}
