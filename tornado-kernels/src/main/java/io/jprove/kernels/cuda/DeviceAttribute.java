package io.jprove.kernels.cuda;

/**
 * The {@code CUdevice_attribute} values jprove reads, for {@link CudaDevice#attribute(int)}; the numbers are
 * {@code cuda.h}'s.
 */
public final class DeviceAttribute
{
    /** Maximum threads per block. */
    public static final int MAX_THREADS_PER_BLOCK = 1;
    /** Maximum block dimension x. */
    public static final int MAX_BLOCK_DIM_X = 2;
    /** Maximum grid dimension x. */
    public static final int MAX_GRID_DIM_X = 5;
    /** Static shared memory available to a block, in bytes. */
    public static final int MAX_SHARED_MEMORY_PER_BLOCK = 8;
    /** Threads per warp. */
    public static final int WARP_SIZE = 10;
    /** 32-bit registers available to a block. */
    public static final int MAX_REGISTERS_PER_BLOCK = 12;
    /** Typical SM clock in kHz. */
    public static final int CLOCK_RATE_KHZ = 13;
    /** Number of streaming multiprocessors. */
    public static final int MULTIPROCESSOR_COUNT = 16;
    /** Whether the device can run kernels concurrently. */
    public static final int CONCURRENT_KERNELS = 31;
    /** PCI bus id. */
    public static final int PCI_BUS_ID = 33;
    /** L2 cache size in bytes. */
    public static final int L2_CACHE_SIZE = 38;
    /** Maximum resident threads per SM. */
    public static final int MAX_THREADS_PER_MULTIPROCESSOR = 39;
    /** Copy engines that can overlap copies with kernels. */
    public static final int ASYNC_ENGINE_COUNT = 40;
    /** Whether host and device share one address space. */
    public static final int UNIFIED_ADDRESSING = 41;
    /** Major compute capability. */
    public static final int COMPUTE_CAPABILITY_MAJOR = 75;
    /** Minor compute capability. */
    public static final int COMPUTE_CAPABILITY_MINOR = 76;
    /** Shared memory per SM in bytes. */
    public static final int MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81;
    /** 32-bit registers per SM. */
    public static final int MAX_REGISTERS_PER_MULTIPROCESSOR = 82;
    /** Shared memory a block may opt in to (see {@link FunctionAttribute#MAX_DYNAMIC_SHARED_SIZE_BYTES}). */
    public static final int MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

    private DeviceAttribute()
    {
    }
}
