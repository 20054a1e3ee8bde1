package io.jprove.kernels.cuda;

/**
 * Names of the driver's {@code CUresult} codes, as {@code cuda.h} (CUDA 13.0) spells them, for when the driver cannot
 * name them itself: {@code libcuda.so.1} is missing, or a code is newer than the table. With a driver present
 * {@link CudaException} asks {@code cuGetErrorName} first; a GPU test checks this table against it.
 */
public final class CudaResult
{
    /** {@code CUDA_SUCCESS}. */
    public static final int SUCCESS = 0;
    /** {@code CUDA_ERROR_INVALID_VALUE}. */
    public static final int ERROR_INVALID_VALUE = 1;
    /** {@code CUDA_ERROR_OUT_OF_MEMORY}. */
    public static final int ERROR_OUT_OF_MEMORY = 2;
    /** {@code CUDA_ERROR_NO_DEVICE}. */
    public static final int ERROR_NO_DEVICE = 100;
    /** {@code CUDA_ERROR_INVALID_PTX}. */
    public static final int ERROR_INVALID_PTX = 218;
    /** {@code CUDA_ERROR_NOT_FOUND}. */
    public static final int ERROR_NOT_FOUND = 500;
    /** {@code CUDA_ERROR_NOT_READY}. */
    public static final int ERROR_NOT_READY = 600;

    private CudaResult()
    {
    }

    /**
     * The {@code cuda.h} name of a result code.
     *
     * @param result a {@code CUresult}.
     * @return its name, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}, or {@code CUDA_ERROR_UNRECOGNIZED_<code>} for a code
     *     this table does not know.
     */
    public static String name(final int result)
    {
        final String name = knownName(result);
        return name != null ? name : "CUDA_ERROR_UNRECOGNIZED_" + result;
    }

    /**
     * Whether {@link #name(int)} knows this code.
     *
     * @param result a {@code CUresult}.
     * @return true when the code is in the CUDA 13.0 table.
     */
    public static boolean isKnown(final int result)
    {
        return knownName(result) != null;
    }

    /**
     * Every code in the table, ascending.
     *
     * @return a fresh array of the known codes.
     */
    public static int[] knownCodes()
    {
        return new int[] {
            0, 1, 2, 3, 4, 5, 6, 7, 8, 34, 36, 46, 100, 101, 102, 200, 201, 202, 205, 206, 207, 208,
            209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225,
            226, 300, 301, 302, 303, 304, 400, 401, 402, 500, 600, 700, 701, 702, 703, 704, 705,
            708, 709, 710, 711, 712, 713, 714, 715, 716, 717, 718, 719, 720, 721, 800, 801, 802,
            803, 804, 805, 806, 807, 808, 809, 810, 811, 812, 900, 901, 902, 903, 904, 905, 906,
            907, 908, 909, 910, 911, 912, 913, 914, 915, 916, 999,
        };
    }

    /** The name and the code, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY (2)}. */
    static String describe(final int result)
    {
        return name(result) + " (" + result + ")";
    }

    private static String knownName(final int result)
    {
        return switch (result)
        {
            case 0 -> "CUDA_SUCCESS";
            case 1 -> "CUDA_ERROR_INVALID_VALUE";
            case 2 -> "CUDA_ERROR_OUT_OF_MEMORY";
            case 3 -> "CUDA_ERROR_NOT_INITIALIZED";
            case 4 -> "CUDA_ERROR_DEINITIALIZED";
            case 5 -> "CUDA_ERROR_PROFILER_DISABLED";
            case 6 -> "CUDA_ERROR_PROFILER_NOT_INITIALIZED";
            case 7 -> "CUDA_ERROR_PROFILER_ALREADY_STARTED";
            case 8 -> "CUDA_ERROR_PROFILER_ALREADY_STOPPED";
            case 34 -> "CUDA_ERROR_STUB_LIBRARY";
            case 36 -> "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER";
            case 46 -> "CUDA_ERROR_DEVICE_UNAVAILABLE";
            case 100 -> "CUDA_ERROR_NO_DEVICE";
            case 101 -> "CUDA_ERROR_INVALID_DEVICE";
            case 102 -> "CUDA_ERROR_DEVICE_NOT_LICENSED";
            case 200 -> "CUDA_ERROR_INVALID_IMAGE";
            case 201 -> "CUDA_ERROR_INVALID_CONTEXT";
            case 202 -> "CUDA_ERROR_CONTEXT_ALREADY_CURRENT";
            case 205 -> "CUDA_ERROR_MAP_FAILED";
            case 206 -> "CUDA_ERROR_UNMAP_FAILED";
            case 207 -> "CUDA_ERROR_ARRAY_IS_MAPPED";
            case 208 -> "CUDA_ERROR_ALREADY_MAPPED";
            case 209 -> "CUDA_ERROR_NO_BINARY_FOR_GPU";
            case 210 -> "CUDA_ERROR_ALREADY_ACQUIRED";
            case 211 -> "CUDA_ERROR_NOT_MAPPED";
            case 212 -> "CUDA_ERROR_NOT_MAPPED_AS_ARRAY";
            case 213 -> "CUDA_ERROR_NOT_MAPPED_AS_POINTER";
            case 214 -> "CUDA_ERROR_ECC_UNCORRECTABLE";
            case 215 -> "CUDA_ERROR_UNSUPPORTED_LIMIT";
            case 216 -> "CUDA_ERROR_CONTEXT_ALREADY_IN_USE";
            case 217 -> "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED";
            case 218 -> "CUDA_ERROR_INVALID_PTX";
            case 219 -> "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT";
            case 220 -> "CUDA_ERROR_NVLINK_UNCORRECTABLE";
            case 221 -> "CUDA_ERROR_JIT_COMPILER_NOT_FOUND";
            case 222 -> "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
            case 223 -> "CUDA_ERROR_JIT_COMPILATION_DISABLED";
            case 224 -> "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY";
            case 225 -> "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC";
            case 226 -> "CUDA_ERROR_CONTAINED";
            case 300 -> "CUDA_ERROR_INVALID_SOURCE";
            case 301 -> "CUDA_ERROR_FILE_NOT_FOUND";
            case 302 -> "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND";
            case 303 -> "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED";
            case 304 -> "CUDA_ERROR_OPERATING_SYSTEM";
            case 400 -> "CUDA_ERROR_INVALID_HANDLE";
            case 401 -> "CUDA_ERROR_ILLEGAL_STATE";
            case 402 -> "CUDA_ERROR_LOSSY_QUERY";
            case 500 -> "CUDA_ERROR_NOT_FOUND";
            case 600 -> "CUDA_ERROR_NOT_READY";
            case 700 -> "CUDA_ERROR_ILLEGAL_ADDRESS";
            case 701 -> "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
            case 702 -> "CUDA_ERROR_LAUNCH_TIMEOUT";
            case 703 -> "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING";
            case 704 -> "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED";
            case 705 -> "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED";
            case 708 -> "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE";
            case 709 -> "CUDA_ERROR_CONTEXT_IS_DESTROYED";
            case 710 -> "CUDA_ERROR_ASSERT";
            case 711 -> "CUDA_ERROR_TOO_MANY_PEERS";
            case 712 -> "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED";
            case 713 -> "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED";
            case 714 -> "CUDA_ERROR_HARDWARE_STACK_ERROR";
            case 715 -> "CUDA_ERROR_ILLEGAL_INSTRUCTION";
            case 716 -> "CUDA_ERROR_MISALIGNED_ADDRESS";
            case 717 -> "CUDA_ERROR_INVALID_ADDRESS_SPACE";
            case 718 -> "CUDA_ERROR_INVALID_PC";
            case 719 -> "CUDA_ERROR_LAUNCH_FAILED";
            case 720 -> "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE";
            case 721 -> "CUDA_ERROR_TENSOR_MEMORY_LEAK";
            case 800 -> "CUDA_ERROR_NOT_PERMITTED";
            case 801 -> "CUDA_ERROR_NOT_SUPPORTED";
            case 802 -> "CUDA_ERROR_SYSTEM_NOT_READY";
            case 803 -> "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
            case 804 -> "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
            case 805 -> "CUDA_ERROR_MPS_CONNECTION_FAILED";
            case 806 -> "CUDA_ERROR_MPS_RPC_FAILURE";
            case 807 -> "CUDA_ERROR_MPS_SERVER_NOT_READY";
            case 808 -> "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED";
            case 809 -> "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED";
            case 810 -> "CUDA_ERROR_MPS_CLIENT_TERMINATED";
            case 811 -> "CUDA_ERROR_CDP_NOT_SUPPORTED";
            case 812 -> "CUDA_ERROR_CDP_VERSION_MISMATCH";
            case 900 -> "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED";
            case 901 -> "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED";
            case 902 -> "CUDA_ERROR_STREAM_CAPTURE_MERGE";
            case 903 -> "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED";
            case 904 -> "CUDA_ERROR_STREAM_CAPTURE_UNJOINED";
            case 905 -> "CUDA_ERROR_STREAM_CAPTURE_ISOLATION";
            case 906 -> "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT";
            case 907 -> "CUDA_ERROR_CAPTURED_EVENT";
            case 908 -> "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD";
            case 909 -> "CUDA_ERROR_TIMEOUT";
            case 910 -> "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE";
            case 911 -> "CUDA_ERROR_EXTERNAL_DEVICE";
            case 912 -> "CUDA_ERROR_INVALID_CLUSTER_SIZE";
            case 913 -> "CUDA_ERROR_FUNCTION_NOT_LOADED";
            case 914 -> "CUDA_ERROR_INVALID_RESOURCE_TYPE";
            case 915 -> "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION";
            case 916 -> "CUDA_ERROR_KEY_ROTATION";
            case 999 -> "CUDA_ERROR_UNKNOWN";
            default -> null;
        };
    }
}
