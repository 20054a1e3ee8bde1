package io.jprove.kernels.cuda;

import java.lang.foreign.MemorySegment;

/**
 * The CUDA driver functions jprove calls, each written once from its {@code cuda.h} prototype: {@code CUresult},
 * {@code int}, {@code unsigned int}, {@code CUdevice} and enums as {@code int}; {@code size_t} and {@code CUdeviceptr}
 * as {@code long}; handles and host pointers as {@link MemorySegment}. {@link CudaBinding} implements it over FFM
 * downcalls, and that implementation is the one checked path of every call: a method declared {@code void} returns
 * normally only on {@code CUDA_SUCCESS} and otherwise throws a {@link CudaException} naming the function, the
 * {@code CUresult} and the Java call site (sppark's {@code CUDA_OK}); one declared {@code int} returns the raw result,
 * for the few calls whose other results are answers ({@code CUDA_ERROR_NOT_READY}) or are read before a message can
 * be built.
 */
interface CudaApi
{
    /** @return the raw result: it decides whether the driver can be used at all. */
    int cuInit(int flags);

    void cuDriverGetVersion(MemorySegment version);

    /** @return the raw result: used while describing another failure. */
    int cuGetErrorName(int result, MemorySegment name);

    /** @return the raw result: used while describing another failure. */
    int cuGetErrorString(int result, MemorySegment text);

    void cuDeviceGetCount(MemorySegment count);

    void cuDeviceGet(MemorySegment device, int ordinal);

    void cuDeviceGetName(MemorySegment name, int length, int device);

    @CudaSymbol("cuDeviceTotalMem_v2")
    void cuDeviceTotalMem(MemorySegment bytes, int device);

    void cuDeviceGetAttribute(MemorySegment value, int attribute, int device);

    void cuDevicePrimaryCtxRetain(MemorySegment context, int device);

    @CudaSymbol({"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"})
    void cuDevicePrimaryCtxRelease(int device);

    void cuCtxSetCurrent(MemorySegment context);

    void cuCtxGetCurrent(MemorySegment context);

    void cuCtxSynchronize();

    /** @return the raw result: on failure the caller reads the JIT's logs into the exception. */
    int cuModuleLoadDataEx(MemorySegment module, MemorySegment image, int options, MemorySegment keys,
        MemorySegment values);

    void cuModuleUnload(MemorySegment module);

    void cuModuleGetFunction(MemorySegment function, MemorySegment module, MemorySegment name);

    void cuFuncGetAttribute(MemorySegment value, int attribute, MemorySegment function);

    void cuFuncSetAttribute(MemorySegment function, int attribute, int value);

    void cuLaunchKernel(MemorySegment function, int gridX, int gridY, int gridZ, int blockX, int blockY, int blockZ,
        int sharedBytes, MemorySegment stream, MemorySegment params, MemorySegment extra);

    @CudaSymbol("cuMemGetInfo_v2")
    void cuMemGetInfo(MemorySegment free, MemorySegment total);

    @CudaSymbol("cuMemAlloc_v2")
    void cuMemAlloc(MemorySegment address, long bytes);

    @CudaSymbol("cuMemFree_v2")
    void cuMemFree(long address);

    void cuMemHostAlloc(MemorySegment pointer, long bytes, int flags);

    void cuMemFreeHost(MemorySegment pointer);

    @CudaSymbol("cuMemHostRegister_v2")
    void cuMemHostRegister(MemorySegment pointer, long bytes, int flags);

    void cuMemHostUnregister(MemorySegment pointer);

    @CudaSymbol("cuMemcpyHtoD_v2")
    void cuMemcpyHtoD(long dst, MemorySegment src, long bytes);

    @CudaSymbol("cuMemcpyDtoH_v2")
    void cuMemcpyDtoH(MemorySegment dst, long src, long bytes);

    @CudaSymbol("cuMemcpyDtoD_v2")
    void cuMemcpyDtoD(long dst, long src, long bytes);

    @CudaSymbol("cuMemcpyHtoDAsync_v2")
    void cuMemcpyHtoDAsync(long dst, MemorySegment src, long bytes, MemorySegment stream);

    @CudaSymbol("cuMemcpyDtoHAsync_v2")
    void cuMemcpyDtoHAsync(MemorySegment dst, long src, long bytes, MemorySegment stream);

    @CudaSymbol("cuMemcpyDtoDAsync_v2")
    void cuMemcpyDtoDAsync(long dst, long src, long bytes, MemorySegment stream);

    @CudaSymbol("cuMemsetD8_v2")
    void cuMemsetD8(long dst, byte value, long count);

    void cuMemsetD8Async(long dst, byte value, long count, MemorySegment stream);

    void cuStreamCreate(MemorySegment stream, int flags);

    void cuStreamSynchronize(MemorySegment stream);

    /** @return the raw result: {@code CUDA_ERROR_NOT_READY} means work is still queued. */
    int cuStreamQuery(MemorySegment stream);

    void cuStreamWaitEvent(MemorySegment stream, MemorySegment event, int flags);

    @CudaSymbol({"cuStreamDestroy_v2", "cuStreamDestroy"})
    void cuStreamDestroy(MemorySegment stream);

    void cuEventCreate(MemorySegment event, int flags);

    void cuEventRecord(MemorySegment event, MemorySegment stream);

    void cuEventSynchronize(MemorySegment event);

    /** @return the raw result: {@code CUDA_ERROR_NOT_READY} means the event is not reached yet. */
    int cuEventQuery(MemorySegment event);

    @CudaSymbol({"cuEventElapsedTime_v2", "cuEventElapsedTime"})
    void cuEventElapsedTime(MemorySegment millis, MemorySegment start, MemorySegment end);

    @CudaSymbol({"cuEventDestroy_v2", "cuEventDestroy"})
    void cuEventDestroy(MemorySegment event);
}
