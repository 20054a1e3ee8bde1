package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaContext;
import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.CudaDriver;
import io.jprove.kernels.cuda.CudaEvent;
import io.jprove.kernels.cuda.CudaException;
import io.jprove.kernels.cuda.CudaFunction;
import io.jprove.kernels.cuda.CudaModule;
import io.jprove.kernels.cuda.DeviceBuffer;
import io.jprove.kernels.cuda.KernelArgs;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.PtxCache;
import io.jprove.kernels.ptx.PtxKernel;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs kernels on one NVIDIA GPU: compiles them to PTX (cached in memory and on disk, {@link PtxCache}), loads them
 * into the device's primary context and launches them. A launch copies every array argument to the device, runs,
 * waits and copies every array back, so arrays behave as on the CPU — except arrays made resident with
 * {@link #upload}, which stay on the device until {@link #download}/{@link #release}. A work-item that traps (division by zero, index
 * out of bounds) fails the launch with a {@link KernelFailureException} naming the kernel; CUDA then leaves the context
 * unusable, so this accelerator refuses further launches and must be closed (a new one starts a fresh context).
 * Not thread-safe: one launching thread at a time.
 */
public final class CudaAccelerator implements Accelerator
{
    private final int ordinal;
    private final CudaContext context;
    private final PtxCache cache;
    private final Map<String, CudaModule> modules = new HashMap<>();
    private final Map<MemorySegment, DeviceBuffer> resident = new java.util.IdentityHashMap<>();
    private final CudaEvent start;
    private final CudaEvent stop;
    private final int maxThreadsPerBlock;
    private String poisonedBy;

    private CudaAccelerator(final int ordinal, final KernelCompiler compiler)
    {
        if (!CudaDriver.isAvailable())
        {
            throw new IllegalStateException("no CUDA driver: " + CudaDriver.unavailableReason());
        }
        this.ordinal = ordinal;
        final CudaDevice device = CudaDevice.get(ordinal);
        this.context = device.primaryContext();
        this.cache = new PtxCache(compiler, PtxCache.defaultDirectory());
        this.start = context.createEvent();
        this.stop = context.createEvent();
        this.maxThreadsPerBlock = 1024;
    }

    /**
     * @param ordinal device number.
     * @return an accelerator on that device with the standard compiler.
     */
    public static CudaAccelerator open(final int ordinal)
    {
        return new CudaAccelerator(ordinal, KernelCompiler.standard());
    }

    /**
     * @param ordinal  device number.
     * @param compiler the compiler (e.g. one with extra field-intrinsic owners).
     * @return an accelerator on that device.
     */
    public static CudaAccelerator open(final int ordinal, final KernelCompiler compiler)
    {
        return new CudaAccelerator(ordinal, compiler);
    }

    @Override
    public String device()
    {
        return "cuda:" + ordinal;
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        final Method method = KernelSignature.find(owner, name);
        final PtxKernel kernel = cache.get(method);
        final CudaModule module = modules.computeIfAbsent(kernel.ptx(), context::loadModule);
        return new Handle(kernel, module.function(kernel.entry()));
    }

    @Override
    public void upload(final KernelArray array)
    {
        DeviceBuffer buffer = resident.get(array.segment());
        if (buffer == null)
        {
            buffer = context.allocate(Math.max(array.segment().byteSize(), 8));
            resident.put(array.segment(), buffer);
        }
        if (array.segment().byteSize() > 0)
        {
            buffer.copyFromHost(array.segment());
        }
    }

    @Override
    public void download(final KernelArray array)
    {
        final DeviceBuffer buffer = residentBuffer(array);
        if (array.segment().byteSize() > 0)
        {
            buffer.copyToHost(array.segment());
        }
    }

    @Override
    public void release(final KernelArray array)
    {
        residentBuffer(array).close();
        resident.remove(array.segment());
    }

    private DeviceBuffer residentBuffer(final KernelArray array)
    {
        final DeviceBuffer buffer = resident.get(array.segment());
        if (buffer == null)
        {
            throw new IllegalArgumentException("array of " + array.length() + " elements is not resident on cuda:"
                + ordinal + "; upload it first");
        }
        return buffer;
    }

    /**
     * @return device milliseconds of the last launch's kernel (CUDA events around the launch, copies excluded).
     */
    public float lastKernelMillis()
    {
        return stop.elapsedMillis(start);
    }

    @Override
    public void close()
    {
        try
        {
            context.close();
        }
        catch (final CudaException ex)
        {
            if (poisonedBy == null)
            {
                throw ex;
            }
            // The context already failed in a kernel; releasing it is all that is left to do.
        }
    }

    private final class Handle implements KernelHandle
    {
        private final PtxKernel kernel;
        private final CudaFunction function;
        private final DeviceBuffer[] buffers;

        private Handle(final PtxKernel kernel, final CudaFunction function)
        {
            this.kernel = kernel;
            this.function = function;
            this.buffers = new DeviceBuffer[kernel.signature().params().size()];
        }

        @Override
        public String name()
        {
            return kernel.name();
        }

        @Override
        public void launch(final int groupCount, final int localSize, final Object... args)
        {
            kernel.signature().check(kernel.name(), groupCount, localSize, maxThreadsPerBlock, args);
            if (poisonedBy != null)
            {
                throw new IllegalStateException("cuda:" + ordinal + " is unusable since kernel " + poisonedBy
                    + " failed; close this accelerator and open a new one");
            }
            final KernelArgs params = KernelArgs.of();
            for (int i = 0; i < args.length; i++)
            {
                final MemorySegment host = segment(args[i]);
                if (host == null)
                {
                    if (args[i] instanceof Integer v)
                    {
                        params.i32(v);
                    }
                    else
                    {
                        params.i64((Long)args[i]);
                    }
                    continue;
                }
                DeviceBuffer buffer = resident.get(host);
                if (buffer == null)
                {
                    buffer = buffer(i, Math.max(host.byteSize(), 8));
                    if (host.byteSize() > 0)
                    {
                        buffer.copyFromHost(host);
                    }
                }
                params.pointer(buffer.address()).i64(((KernelArray)args[i]).length());
            }
            try
            {
                start.record(null);
                function.launch(groupCount, localSize, null, params);
                stop.record(null);
                stop.synchronize();
            }
            catch (final CudaException ex)
            {
                poisonedBy = kernel.name();
                throw new KernelFailureException("kernel " + kernel.name() + " failed on cuda:" + ordinal
                    + " (a work-item trapped: division by zero or an index out of bounds, or the device faulted): "
                    + ex.getMessage(), ex);
            }
            for (int i = 0; i < args.length; i++)
            {
                final MemorySegment host = segment(args[i]);
                if (host != null && host.byteSize() > 0 && !resident.containsKey(host))
                {
                    buffers[i].copyToHost(host);
                }
            }
        }

        private DeviceBuffer buffer(final int index, final long bytes)
        {
            if (buffers[index] == null || buffers[index].byteSize() < bytes)
            {
                if (buffers[index] != null)
                {
                    buffers[index].close();
                }
                buffers[index] = context.allocate(bytes);
            }
            return buffers[index];
        }

        private static MemorySegment segment(final Object arg)
        {
            return arg instanceof KernelArray a ? a.segment() : null;
        }
    }
}
