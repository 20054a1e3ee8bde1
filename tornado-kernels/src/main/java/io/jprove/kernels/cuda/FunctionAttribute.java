package io.jprove.kernels.cuda;

/**
 * The {@code CUfunction_attribute} values, for {@link CudaFunction#attribute(int)} and
 * {@link CudaFunction#setAttribute(int, int)}; the numbers are {@code cuda.h}'s.
 */
public final class FunctionAttribute
{
    /** Largest block this function can be launched with (registers and shared memory permitting). */
    public static final int MAX_THREADS_PER_BLOCK = 0;
    /** Static shared memory per block, in bytes. */
    public static final int SHARED_SIZE_BYTES = 1;
    /** Constant memory used, in bytes. */
    public static final int CONST_SIZE_BYTES = 2;
    /** Local memory per thread (spills, local arrays), in bytes. */
    public static final int LOCAL_SIZE_BYTES = 3;
    /** Registers per thread. */
    public static final int NUM_REGS = 4;
    /** PTX ISA version the function was compiled from, e.g. 90 for 9.0. */
    public static final int PTX_VERSION = 5;
    /** Binary (SASS) architecture, e.g. 90 for sm_90. */
    public static final int BINARY_VERSION = 6;
    /** Dynamic shared memory a launch may ask for; raise it above 48 KiB before launching with more. */
    public static final int MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    /** Preferred shared-memory carve-out, in percent of the L1/shared pool. */
    public static final int PREFERRED_SHARED_MEMORY_CARVEOUT = 9;

    private FunctionAttribute()
    {
    }
}
