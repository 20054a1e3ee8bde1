package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The CUDA driver API ({@code libcuda.so.1}) as FFM downcall handles: nothing else is loaded — no runtime library, no
 * NVRTC, no JNI.
 * <p>
 * Every handle is a {@code static final}, so the JIT treats it as a constant. Symbols are the ones the CUDA 13
 * {@code cuda.h} macros resolve to ({@code cuMemAlloc} is {@code cuMemAlloc_v2}, {@code cuEventElapsedTime} is
 * {@code cuEventElapsedTime_v2}, ...); an older driver that lacks a {@code _v2} falls back to the plain symbol where
 * the signature is the same. C types map as: {@code CUresult}, {@code int}, {@code unsigned int}, {@code CUdevice}
 * and enums to {@code int}; {@code size_t} and {@code CUdeviceptr} to {@code long}; every handle ({@code CUcontext},
 * {@code CUmodule}, {@code CUfunction}, {@code CUstream}, {@code CUevent}) and every host pointer to an address.
 * <p>
 * When {@code libcuda.so.1} cannot be loaded the class still initializes: {@link #isAvailable()} says false and any
 * call throws {@link IllegalStateException} naming why. The wrappers return the raw {@code CUresult}; callers pass it
 * to {@link #check(int, String)}.
 */
public final class CudaDriver
{
    /** The only library jprove loads for the GPU. */
    public static final String LIBRARY_NAME = "libcuda.so.1";

    static final int CUDA_SUCCESS = 0;
    static final int CUDA_ERROR_NOT_READY = 600;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final String LOAD_FAILURE;
    private static final SymbolLookup LIBRARY;

    static
    {
        SymbolLookup library = null;
        String failure = null;
        try
        {
            library = loadLibrary();
        }
        catch (final IllegalArgumentException | IllegalCallerException ex)
        {
            failure = ex.getMessage();
        }
        LIBRARY = library;
        LOAD_FAILURE = failure;
    }

    private static final MethodHandle MISSING_SYMBOL;

    static
    {
        try
        {
            MISSING_SYMBOL = MethodHandles.lookup().findStatic(
                CudaDriver.class, "missingSymbol", MethodType.methodType(int.class, String.class));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    static final MethodHandle CU_INIT = downcall("cuInit", JAVA_INT);
    static final MethodHandle CU_DRIVER_GET_VERSION = downcall("cuDriverGetVersion", ADDRESS);
    static final MethodHandle CU_GET_ERROR_NAME = downcall("cuGetErrorName", JAVA_INT, ADDRESS);
    static final MethodHandle CU_GET_ERROR_STRING = downcall("cuGetErrorString", JAVA_INT, ADDRESS);

    static final MethodHandle CU_DEVICE_GET_COUNT = downcall("cuDeviceGetCount", ADDRESS);
    static final MethodHandle CU_DEVICE_GET = downcall("cuDeviceGet", ADDRESS, JAVA_INT);
    static final MethodHandle CU_DEVICE_GET_NAME = downcall("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT);
    static final MethodHandle CU_DEVICE_TOTAL_MEM = downcall("cuDeviceTotalMem_v2", ADDRESS, JAVA_INT);
    static final MethodHandle CU_DEVICE_GET_ATTRIBUTE = downcall("cuDeviceGetAttribute", ADDRESS, JAVA_INT, JAVA_INT);

    static final MethodHandle CU_DEVICE_PRIMARY_CTX_RETAIN = downcall("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT);
    static final MethodHandle CU_DEVICE_PRIMARY_CTX_RELEASE =
        downcall("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease", JAVA_INT);
    static final MethodHandle CU_CTX_SET_CURRENT = downcall("cuCtxSetCurrent", ADDRESS);
    static final MethodHandle CU_CTX_GET_CURRENT = downcall("cuCtxGetCurrent", ADDRESS);
    static final MethodHandle CU_CTX_SYNCHRONIZE = downcall("cuCtxSynchronize");

    static final MethodHandle CU_MODULE_LOAD_DATA_EX =
        downcall("cuModuleLoadDataEx", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
    static final MethodHandle CU_MODULE_UNLOAD = downcall("cuModuleUnload", ADDRESS);
    static final MethodHandle CU_MODULE_GET_FUNCTION = downcall("cuModuleGetFunction", ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle CU_FUNC_GET_ATTRIBUTE = downcall("cuFuncGetAttribute", ADDRESS, JAVA_INT, ADDRESS);
    static final MethodHandle CU_FUNC_SET_ATTRIBUTE = downcall("cuFuncSetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    static final MethodHandle CU_LAUNCH_KERNEL = downcall("cuLaunchKernel",
        ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    static final MethodHandle CU_MEM_GET_INFO = downcall("cuMemGetInfo_v2", ADDRESS, ADDRESS);
    static final MethodHandle CU_MEM_ALLOC = downcall("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
    static final MethodHandle CU_MEM_FREE = downcall("cuMemFree_v2", JAVA_LONG);
    static final MethodHandle CU_MEM_HOST_ALLOC = downcall("cuMemHostAlloc", ADDRESS, JAVA_LONG, JAVA_INT);
    static final MethodHandle CU_MEM_FREE_HOST = downcall("cuMemFreeHost", ADDRESS);
    static final MethodHandle CU_MEMCPY_HTOD = downcall("cuMemcpyHtoD_v2", JAVA_LONG, ADDRESS, JAVA_LONG);
    static final MethodHandle CU_MEMCPY_DTOH = downcall("cuMemcpyDtoH_v2", ADDRESS, JAVA_LONG, JAVA_LONG);
    static final MethodHandle CU_MEMCPY_DTOD = downcall("cuMemcpyDtoD_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG);
    static final MethodHandle CU_MEMCPY_HTOD_ASYNC =
        downcall("cuMemcpyHtoDAsync_v2", JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS);
    static final MethodHandle CU_MEMCPY_DTOH_ASYNC =
        downcall("cuMemcpyDtoHAsync_v2", ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS);
    static final MethodHandle CU_MEMCPY_DTOD_ASYNC =
        downcall("cuMemcpyDtoDAsync_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS);
    static final MethodHandle CU_MEMSET_D8 = downcall("cuMemsetD8_v2", JAVA_LONG, JAVA_BYTE, JAVA_LONG);
    static final MethodHandle CU_MEMSET_D8_ASYNC =
        downcall("cuMemsetD8Async", JAVA_LONG, JAVA_BYTE, JAVA_LONG, ADDRESS);

    static final MethodHandle CU_STREAM_CREATE = downcall("cuStreamCreate", ADDRESS, JAVA_INT);
    static final MethodHandle CU_STREAM_SYNCHRONIZE = downcall("cuStreamSynchronize", ADDRESS);
    static final MethodHandle CU_STREAM_QUERY = downcall("cuStreamQuery", ADDRESS);
    static final MethodHandle CU_STREAM_WAIT_EVENT = downcall("cuStreamWaitEvent", ADDRESS, ADDRESS, JAVA_INT);
    static final MethodHandle CU_STREAM_DESTROY = downcall("cuStreamDestroy_v2", "cuStreamDestroy", ADDRESS);

    static final MethodHandle CU_EVENT_CREATE = downcall("cuEventCreate", ADDRESS, JAVA_INT);
    static final MethodHandle CU_EVENT_RECORD = downcall("cuEventRecord", ADDRESS, ADDRESS);
    static final MethodHandle CU_EVENT_SYNCHRONIZE = downcall("cuEventSynchronize", ADDRESS);
    static final MethodHandle CU_EVENT_QUERY = downcall("cuEventQuery", ADDRESS);
    static final MethodHandle CU_EVENT_ELAPSED_TIME =
        downcall("cuEventElapsedTime_v2", "cuEventElapsedTime", ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle CU_EVENT_DESTROY = downcall("cuEventDestroy_v2", "cuEventDestroy", ADDRESS);

    private CudaDriver()
    {
    }

    /**
     * Whether the CUDA driver can be used here: {@code libcuda.so.1} loads and {@code cuInit(0)} succeeds (it fails
     * with {@code CUDA_ERROR_NO_DEVICE} on a machine with the driver but no GPU). Never throws.
     *
     * @return true when CUDA calls can be made.
     */
    public static boolean isAvailable()
    {
        return LIBRARY != null && Init.RESULT == CUDA_SUCCESS;
    }

    /**
     * Why {@link #isAvailable()} is false, in words; empty when it is true.
     *
     * @return the reason the driver cannot be used, or an empty string.
     */
    public static String unavailableReason()
    {
        if (LIBRARY == null)
        {
            return LIBRARY_NAME + " could not be loaded: " + LOAD_FAILURE;
        }
        if (Init.RESULT != CUDA_SUCCESS)
        {
            return "cuInit(0) returned " + CudaResult.describe(Init.RESULT);
        }
        return "";
    }

    /**
     * The driver's CUDA version, e.g. 13000 for 13.0.
     *
     * @return the version as {@code 1000 * major + 10 * minor}.
     */
    public static int driverVersion()
    {
        requireAvailable();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment version = arena.allocate(JAVA_INT);
            check(cuDriverGetVersion(version), "cuDriverGetVersion");
            return version.get(JAVA_INT, 0);
        }
    }

    /**
     * Throws a {@link CudaException} when {@code result} is not {@code CUDA_SUCCESS}.
     *
     * @param result the {@code CUresult} a driver call returned.
     * @param call   the driver function and what it was called on, for the message.
     * @throws CudaException naming the call, the result's name and its code.
     */
    public static void check(final int result, final String call)
    {
        if (result != CUDA_SUCCESS)
        {
            throw new CudaException(result, call);
        }
    }

    /** Like {@link #check(int, String)}, but builds {@code function(subject)} only on failure: for hot paths. */
    static void check(final int result, final String function, final Object subject)
    {
        if (result != CUDA_SUCCESS)
        {
            throw new CudaException(result, function + "(" + subject + ")");
        }
    }

    /** Like {@link #check(int, String)}, but builds {@code function(bytes bytes, subject)} only on failure. */
    static void check(final int result, final String function, final long bytes, final Object subject)
    {
        if (result != CUDA_SUCCESS)
        {
            throw new CudaException(result, function + "(" + bytes + " bytes, " + subject + ")");
        }
    }

    /**
     * Loads the library and initializes the driver once, or throws saying why it cannot be used.
     *
     * @throws IllegalStateException when {@code libcuda.so.1} cannot be loaded.
     * @throws CudaException         when {@code cuInit} failed.
     */
    static void requireAvailable()
    {
        if (LIBRARY == null)
        {
            throw new IllegalStateException("CUDA driver unavailable: " + unavailableReason());
        }
        check(Init.RESULT, "cuInit(0)");
    }

    /** Whether the library loaded (error names can then come from the driver itself). */
    static boolean isLoaded()
    {
        return LIBRARY != null;
    }

    private static final class Init
    {
        static final int RESULT = LIBRARY == null ? -1 : cuInit(0);
    }

    static int cuInit(final int flags)
    {
        try
        {
            return (int)CU_INIT.invokeExact(flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDriverGetVersion(final MemorySegment version)
    {
        try
        {
            return (int)CU_DRIVER_GET_VERSION.invokeExact(version);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuGetErrorName(final int result, final MemorySegment name)
    {
        try
        {
            return (int)CU_GET_ERROR_NAME.invokeExact(result, name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuGetErrorString(final int result, final MemorySegment text)
    {
        try
        {
            return (int)CU_GET_ERROR_STRING.invokeExact(result, text);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDeviceGetCount(final MemorySegment count)
    {
        try
        {
            return (int)CU_DEVICE_GET_COUNT.invokeExact(count);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDeviceGet(final MemorySegment device, final int ordinal)
    {
        try
        {
            return (int)CU_DEVICE_GET.invokeExact(device, ordinal);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDeviceGetName(final MemorySegment name, final int length, final int device)
    {
        try
        {
            return (int)CU_DEVICE_GET_NAME.invokeExact(name, length, device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDeviceTotalMem(final MemorySegment bytes, final int device)
    {
        try
        {
            return (int)CU_DEVICE_TOTAL_MEM.invokeExact(bytes, device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDeviceGetAttribute(final MemorySegment value, final int attribute, final int device)
    {
        try
        {
            return (int)CU_DEVICE_GET_ATTRIBUTE.invokeExact(value, attribute, device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDevicePrimaryCtxRetain(final MemorySegment context, final int device)
    {
        try
        {
            return (int)CU_DEVICE_PRIMARY_CTX_RETAIN.invokeExact(context, device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuDevicePrimaryCtxRelease(final int device)
    {
        try
        {
            return (int)CU_DEVICE_PRIMARY_CTX_RELEASE.invokeExact(device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuCtxSetCurrent(final MemorySegment context)
    {
        try
        {
            return (int)CU_CTX_SET_CURRENT.invokeExact(context);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuCtxGetCurrent(final MemorySegment context)
    {
        try
        {
            return (int)CU_CTX_GET_CURRENT.invokeExact(context);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuCtxSynchronize()
    {
        try
        {
            return (int)CU_CTX_SYNCHRONIZE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuModuleLoadDataEx(
        final MemorySegment module,
        final MemorySegment image,
        final int optionCount,
        final MemorySegment options,
        final MemorySegment optionValues)
    {
        try
        {
            return (int)CU_MODULE_LOAD_DATA_EX.invokeExact(module, image, optionCount, options, optionValues);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuModuleUnload(final MemorySegment module)
    {
        try
        {
            return (int)CU_MODULE_UNLOAD.invokeExact(module);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuModuleGetFunction(final MemorySegment function, final MemorySegment module, final MemorySegment name)
    {
        try
        {
            return (int)CU_MODULE_GET_FUNCTION.invokeExact(function, module, name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuFuncGetAttribute(final MemorySegment value, final int attribute, final MemorySegment function)
    {
        try
        {
            return (int)CU_FUNC_GET_ATTRIBUTE.invokeExact(value, attribute, function);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuFuncSetAttribute(final MemorySegment function, final int attribute, final int value)
    {
        try
        {
            return (int)CU_FUNC_SET_ATTRIBUTE.invokeExact(function, attribute, value);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuLaunchKernel(
        final MemorySegment function,
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedBytes,
        final MemorySegment stream,
        final MemorySegment kernelParams)
    {
        try
        {
            return (int)CU_LAUNCH_KERNEL.invokeExact(
                function, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream, kernelParams,
                MemorySegment.NULL);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemGetInfo(final MemorySegment free, final MemorySegment total)
    {
        try
        {
            return (int)CU_MEM_GET_INFO.invokeExact(free, total);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemAlloc(final MemorySegment address, final long bytes)
    {
        try
        {
            return (int)CU_MEM_ALLOC.invokeExact(address, bytes);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemFree(final long address)
    {
        try
        {
            return (int)CU_MEM_FREE.invokeExact(address);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemHostAlloc(final MemorySegment pointer, final long bytes, final int flags)
    {
        try
        {
            return (int)CU_MEM_HOST_ALLOC.invokeExact(pointer, bytes, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemFreeHost(final MemorySegment pointer)
    {
        try
        {
            return (int)CU_MEM_FREE_HOST.invokeExact(pointer);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyHtoD(final long dst, final MemorySegment src, final long bytes)
    {
        try
        {
            return (int)CU_MEMCPY_HTOD.invokeExact(dst, src, bytes);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyDtoH(final MemorySegment dst, final long src, final long bytes)
    {
        try
        {
            return (int)CU_MEMCPY_DTOH.invokeExact(dst, src, bytes);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyDtoD(final long dst, final long src, final long bytes)
    {
        try
        {
            return (int)CU_MEMCPY_DTOD.invokeExact(dst, src, bytes);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyHtoDAsync(final long dst, final MemorySegment src, final long bytes, final MemorySegment stream)
    {
        try
        {
            return (int)CU_MEMCPY_HTOD_ASYNC.invokeExact(dst, src, bytes, stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyDtoHAsync(final MemorySegment dst, final long src, final long bytes, final MemorySegment stream)
    {
        try
        {
            return (int)CU_MEMCPY_DTOH_ASYNC.invokeExact(dst, src, bytes, stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemcpyDtoDAsync(final long dst, final long src, final long bytes, final MemorySegment stream)
    {
        try
        {
            return (int)CU_MEMCPY_DTOD_ASYNC.invokeExact(dst, src, bytes, stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemsetD8(final long dst, final byte value, final long count)
    {
        try
        {
            return (int)CU_MEMSET_D8.invokeExact(dst, value, count);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuMemsetD8Async(final long dst, final byte value, final long count, final MemorySegment stream)
    {
        try
        {
            return (int)CU_MEMSET_D8_ASYNC.invokeExact(dst, value, count, stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuStreamCreate(final MemorySegment stream, final int flags)
    {
        try
        {
            return (int)CU_STREAM_CREATE.invokeExact(stream, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuStreamSynchronize(final MemorySegment stream)
    {
        try
        {
            return (int)CU_STREAM_SYNCHRONIZE.invokeExact(stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuStreamQuery(final MemorySegment stream)
    {
        try
        {
            return (int)CU_STREAM_QUERY.invokeExact(stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuStreamWaitEvent(final MemorySegment stream, final MemorySegment event, final int flags)
    {
        try
        {
            return (int)CU_STREAM_WAIT_EVENT.invokeExact(stream, event, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuStreamDestroy(final MemorySegment stream)
    {
        try
        {
            return (int)CU_STREAM_DESTROY.invokeExact(stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventCreate(final MemorySegment event, final int flags)
    {
        try
        {
            return (int)CU_EVENT_CREATE.invokeExact(event, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventRecord(final MemorySegment event, final MemorySegment stream)
    {
        try
        {
            return (int)CU_EVENT_RECORD.invokeExact(event, stream);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventSynchronize(final MemorySegment event)
    {
        try
        {
            return (int)CU_EVENT_SYNCHRONIZE.invokeExact(event);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventQuery(final MemorySegment event)
    {
        try
        {
            return (int)CU_EVENT_QUERY.invokeExact(event);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventElapsedTime(final MemorySegment millis, final MemorySegment start, final MemorySegment end)
    {
        try
        {
            return (int)CU_EVENT_ELAPSED_TIME.invokeExact(millis, start, end);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    static int cuEventDestroy(final MemorySegment event)
    {
        try
        {
            return (int)CU_EVENT_DESTROY.invokeExact(event);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    @SuppressWarnings("restricted") // loading native code is the point of this class
    private static SymbolLookup loadLibrary()
    {
        return SymbolLookup.libraryLookup(LIBRARY_NAME, Arena.global());
    }

    private static MethodHandle downcall(final String name, final MemoryLayout... arguments)
    {
        return downcall(name, null, arguments);
    }

    /**
     * A handle on {@code name} (or {@code fallback} when the driver lacks {@code name}) returning {@code CUresult};
     * when neither symbol is there, a handle of the same type that throws naming the symbol. Each descriptor is
     * written from the function's {@code cuda.h} prototype.
     */
    @SuppressWarnings("restricted")
    private static MethodHandle downcall(
        final String name, final String fallback, final MemoryLayout... arguments)
    {
        final FunctionDescriptor descriptor = FunctionDescriptor.of(JAVA_INT, arguments);
        MemorySegment symbol = null;
        if (LIBRARY != null)
        {
            symbol = LIBRARY.find(name).orElse(null);
            if (symbol == null && fallback != null)
            {
                symbol = LIBRARY.find(fallback).orElse(null);
            }
        }
        if (symbol != null)
        {
            return LINKER.downcallHandle(symbol, descriptor);
        }
        final MethodHandle thrower = MethodHandles.insertArguments(MISSING_SYMBOL, 0, name);
        return MethodHandles.dropArguments(thrower, 0, descriptor.toMethodType().parameterList());
    }

    @SuppressWarnings("unused") // reached through MISSING_SYMBOL
    private static int missingSymbol(final String name)
    {
        if (LIBRARY == null)
        {
            throw new IllegalStateException("CUDA driver unavailable (" + name + "): " + unavailableReason());
        }
        throw new IllegalStateException(LIBRARY_NAME + " has no symbol " + name + "; the driver is too old");
    }

    private static RuntimeException rethrow(final Throwable t)
    {
        if (t instanceof RuntimeException runtime)
        {
            throw runtime;
        }
        if (t instanceof Error error)
        {
            throw error;
        }
        throw new IllegalStateException("unexpected checked exception from a CUDA downcall", t);
    }
}
