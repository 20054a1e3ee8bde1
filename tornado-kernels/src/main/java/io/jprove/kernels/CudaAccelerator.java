package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaContext;
import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.CudaDriver;
import io.jprove.kernels.cuda.CudaEvent;
import io.jprove.kernels.cuda.CudaException;
import io.jprove.kernels.cuda.CudaFunction;
import io.jprove.kernels.cuda.CudaModule;
import io.jprove.kernels.cuda.CudaResult;
import io.jprove.kernels.cuda.CudaStream;
import io.jprove.kernels.cuda.DeviceBuffer;
import io.jprove.kernels.cuda.FunctionAttribute;
import io.jprove.kernels.cuda.KernelArgs;
import io.jprove.kernels.cuda.PinnedBuffer;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelImages;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.PtxCache;
import io.jprove.kernels.ptx.PtxKernel;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs kernels on one NVIDIA GPU: compiles them to PTX (cached in memory and on disk, {@link PtxCache}), loads them
 * into the device's primary context — from a cubin assembled ahead of time for the device's architecture when the
 * class path has one for that exact PTX ({@link KernelImages}), else through the driver's JIT — and launches them on
 * streams. Device memory from {@link #allocate} is used in
 * place; host arrays passed to a launch are copied in, and back once it has run (arrays made resident with
 * {@link #upload} stay on the device until {@link #download}/{@link #release}).
 * <p>
 * The default stream (a null {@link Launch#stream()} or copy stream) is a private non-blocking stream whose every call
 * waits for its work; streams from {@link #createStream} are non-blocking too, so nothing is ordered against CUDA's
 * legacy stream. With a listener set, every launch and copy is bracketed by CUDA events and reported with its device
 * time ({@link CudaActivityTimer}).
 * <p>
 * A work-item that traps (division by zero, index out of bounds) or faults fails its launch, or the next
 * synchronizing call, with a {@link KernelFailureException} naming the kernel; CUDA then leaves the context unusable,
 * so this accelerator refuses further work and must be closed (a new one starts a fresh context).
 * One calling thread at a time, except for what {@link Accelerator} allows: copies and fills on device memory and
 * streams from several threads (their activity timing is shared and locked).
 */
public final class CudaAccelerator implements Accelerator
{
    /** Dynamic shared memory a function may take without opting in ({@code cuFuncSetAttribute}). */
    private static final int DEFAULT_DYNAMIC_SHARED_BYTES = 48 * 1024;

    private final int ordinal;
    private final String device;
    private final CudaContext context;
    private final PtxCache cache;
    private final Map<String, CudaModule> modules = new HashMap<>();
    private final Map<MemorySegment, DeviceBuffer> resident = new java.util.IdentityHashMap<>();
    private final CudaStream defaultStream;
    private final CudaActivityTimer timer;
    private final AtomicLong streamIds = new AtomicLong();
    /** Time in {@link #kernel}: Java to PTX (or the PTX cache), and the driver's JIT to a loaded module. */
    private final LongAdder ptxNanos = new LongAdder();
    private final LongAdder loadNanos = new LongAdder();
    private final LongAdder imageLoads = new LongAdder();
    private final LongAdder jitLoads = new LongAdder();
    private final String architecture;
    private final int maxThreadsPerBlock;
    private final int multiprocessors;
    private DeviceActivity.Listener listener;
    private volatile String poisonedBy;

    private CudaAccelerator(final int ordinal, final KernelCompiler compiler)
    {
        if (!CudaDriver.isAvailable())
        {
            throw new IllegalStateException("no CUDA driver: " + CudaDriver.unavailableReason());
        }
        this.ordinal = ordinal;
        this.device = "cuda:" + ordinal;
        final CudaDevice cudaDevice = CudaDevice.get(ordinal);
        this.context = cudaDevice.primaryContext();
        this.cache = new PtxCache(compiler, PtxCache.defaultDirectory());
        this.defaultStream = context.createStream(CudaStream.NON_BLOCKING);
        this.timer = new CudaActivityTimer(context, device);
        this.maxThreadsPerBlock = 1024;
        this.multiprocessors = cudaDevice.multiprocessorCount();
        this.architecture = KernelImages.architecture(cudaDevice.computeCapabilityMajor(),
            cudaDevice.computeCapabilityMinor());
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
        return device;
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        final Method method = KernelSignature.find(owner, name);
        final long t0 = System.nanoTime();
        final PtxKernel kernel = cache.get(method);
        final long t1 = System.nanoTime();
        final CudaModule module;
        synchronized (modules)
        {
            module = modules.computeIfAbsent(kernel.ptx(), ptx -> load(kernel));
        }
        ptxNanos.add(t1 - t0);
        loadNanos.add(System.nanoTime() - t1);
        return new Handle(kernel, module.function(kernel.entry()));
    }

    /**
     * The kernel's image for this device when there is one; else, or when the driver refuses it (an image newer than
     * the driver), the driver's JIT from the PTX.
     */
    private CudaModule load(final PtxKernel kernel)
    {
        final byte[] image = KernelImages.find(kernel.ptx(), architecture);
        if (image != null)
        {
            try
            {
                final CudaModule module = context.loadImage(image, kernel.name());
                imageLoads.increment();
                return module;
            }
            catch (final CudaException ex)
            {
                System.err.println(device + ": the " + architecture + " image of " + kernel.name() + " was refused ("
                    + ex.getMessage().lines().findFirst().orElse("") + "); compiling its PTX instead");
            }
        }
        final CudaModule module = context.loadModule(kernel.ptx());
        jitLoads.increment();
        return module;
    }

    /** @return the device's architecture as {@code ptxas} names it, e.g. {@code sm_90}. */
    public String architecture()
    {
        return architecture;
    }

    /** @return modules loaded from an ahead-of-time image, and through the driver's JIT, so far. */
    public long[] moduleLoads()
    {
        return new long[] {imageLoads.sum(), jitLoads.sum()};
    }

    @Override
    public long kernelBuildNanos()
    {
        return ptxNanos.sum() + loadNanos.sum();
    }

    /** @return time {@link #kernel} spent producing PTX: compiling Java methods, or reading the PTX cache. */
    public long ptxNanos()
    {
        return ptxNanos.sum();
    }

    /** @return time {@link #kernel} spent loading modules: the driver's JIT from PTX, or an image (milliseconds). */
    public long loadNanos()
    {
        return loadNanos.sum();
    }

    @Override
    public DeviceMemory allocate(final long bytes)
    {
        if (bytes < 1)
        {
            throw new IllegalArgumentException("device allocation of " + bytes + " bytes; it must be at least 1");
        }
        checkUsable();
        try
        {
            return new CudaDeviceMemory(this, context.allocate(bytes), 0, bytes, true);
        }
        catch (final CudaException ex)
        {
            if (ex.result() == CudaResult.ERROR_OUT_OF_MEMORY)
            {
                final long[] info = memoryInfo();
                throw new DeviceOutOfMemoryException(device + ": cannot allocate " + bytes + " bytes of device "
                    + "memory; " + info[0] + " of " + info[1] + " bytes are free", ex);
            }
            throw ex;
        }
    }

    @Override
    public HostMemory allocateHost(final long bytes)
    {
        final PinnedBuffer pinned = context.allocatePinned(bytes);
        pinned.segment().fill((byte)0);
        return new HostMemory(pinned.segment(), pinned::close);
    }

    @Override
    public AutoCloseable pinHost(final MemorySegment host)
    {
        checkUsable();
        return context.register(host);
    }

    @Override
    public DeviceStream createStream()
    {
        checkUsable();
        return new Queue(context.createStream(CudaStream.NON_BLOCKING), streamIds.incrementAndGet());
    }

    @Override
    public DeviceEvent createEvent()
    {
        return new Mark(context.createEvent(CudaEvent.DEFAULT));
    }

    @Override
    public void synchronize()
    {
        checkUsable();
        try
        {
            context.synchronize();
        }
        catch (final CudaException ex)
        {
            throw poisoned("work queued on " + device, ex);
        }
        timer.poll(listener, false);
    }

    @Override
    public long[] memoryInfo()
    {
        return context.memoryInfo();
    }

    @Override
    public int multiprocessorCount()
    {
        return multiprocessors;
    }

    @Override
    public void setListener(final DeviceActivity.Listener listener)
    {
        timer.poll(this.listener, true);
        this.listener = listener;
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
        copyIn(buffer, array.segment());
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

    /**
     * Copies host bytes into a device buffer and waits until the device has them: on the default stream for native
     * memory, else synchronously and then for the whole context (a synchronous copy from pageable memory may return
     * before its DMA lands, and kernels run on non-blocking streams that do not wait for it).
     */
    private void copyIn(final DeviceBuffer buffer, final MemorySegment host)
    {
        if (host.byteSize() == 0)
        {
            return;
        }
        if (host.isNative())
        {
            buffer.copyFromHostAsync(host, defaultStream);
            finish(defaultStream);
        }
        else
        {
            buffer.copyFromHost(host);
            context.synchronize();
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
            throw new IllegalArgumentException("array of " + array.length() + " elements is not resident on "
                + device + "; upload it first");
        }
        return buffer;
    }

    @Override
    public void close()
    {
        try
        {
            timer.close();
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

    // ---------------------------------------------------------------- streams and timing, for the memory class

    /** The CUDA stream of a stream of this accelerator, or the private default stream for null. */
    CudaStream streamFor(final DeviceStream stream)
    {
        checkUsable();
        if (stream == null)
        {
            return defaultStream;
        }
        if (!(stream instanceof Queue q) || q.owner() != this)
        {
            throw new IllegalArgumentException("stream " + stream + " does not belong to " + device);
        }
        return q.cuda;
    }

    /** Waits for the default stream (or another) after work queued by a call that promises to complete it. */
    void finish(final CudaStream stream)
    {
        try
        {
            stream.synchronize();
        }
        catch (final CudaException ex)
        {
            throw poisoned("work on " + device, ex);
        }
        timer.poll(listener, false);
    }

    /** Waits for the default stream. */
    void synchronizeDefault()
    {
        finish(defaultStream);
    }

    CudaEvent beginActivity(final CudaStream stream)
    {
        return listener == null ? null : timer.begin(stream);
    }

    void endActivity(final DeviceActivity.Kind kind, final String name, final DeviceStream stream,
        final CudaStream cuda, final CudaEvent start, final long bytes)
    {
        if (start != null)
        {
            timer.end(kind, name, stream == null ? 0 : ((Queue)stream).id, cuda, start, bytes);
            timer.poll(listener, false);
        }
    }

    /** @return whether a kernel fault has made the device unusable for the rest of the process. */
    boolean isPoisoned()
    {
        return poisonedBy != null;
    }

    private void checkUsable()
    {
        if (poisonedBy != null)
        {
            throw new IllegalStateException(device + " is unusable since " + poisonedBy + " failed; close this "
                + "accelerator and open a new one");
        }
    }

    private KernelFailureException poisoned(final String what, final CudaException ex)
    {
        poisonedBy = what;
        return new KernelFailureException(what + " failed on " + device + " (a work-item trapped: division by zero "
            + "or an index out of bounds, or the device faulted): " + ex.getMessage(), ex);
    }

    /** A {@link DeviceStream} of this accelerator. */
    private final class Queue implements DeviceStream
    {
        private final CudaStream cuda;
        private final long id;

        Queue(final CudaStream cuda, final long id)
        {
            this.cuda = cuda;
            this.id = id;
        }

        CudaAccelerator owner()
        {
            return CudaAccelerator.this;
        }

        @Override
        public void synchronize()
        {
            checkUsable();
            finish(cuda);
        }

        @Override
        public void record(final DeviceEvent event)
        {
            ((Mark)event).cuda.record(cuda);
        }

        @Override
        public void waitFor(final DeviceEvent event)
        {
            cuda.waitFor(((Mark)event).cuda);
        }

        @Override
        public void close()
        {
            cuda.close();
        }

        @Override
        public String toString()
        {
            return "stream " + id + " of " + device;
        }
    }

    /** A {@link DeviceEvent} of this accelerator. */
    private static final class Mark implements DeviceEvent
    {
        private final CudaEvent cuda;

        Mark(final CudaEvent cuda)
        {
            this.cuda = cuda;
        }

        @Override
        public void synchronize()
        {
            cuda.synchronize();
        }

        @Override
        public boolean isComplete()
        {
            return cuda.isComplete();
        }

        @Override
        public double millisSince(final DeviceEvent earlier)
        {
            return cuda.elapsedMillis(((Mark)earlier).cuda);
        }

        @Override
        public void close()
        {
            cuda.close();
        }
    }

    private final class Handle implements KernelHandle
    {
        private final PtxKernel kernel;
        private final CudaFunction function;
        private final DeviceBuffer[] buffers;
        private int dynamicSharedLimit = DEFAULT_DYNAMIC_SHARED_BYTES;

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
        public void launch(final Launch launch, final Object... args)
        {
            kernel.signature().check(kernel.name(), launch, maxThreadsPerBlock, kernel.traits(), args);
            checkUsable();
            final CudaStream stream = streamFor(launch.stream());
            final KernelArgs params = KernelArgs.of();
            boolean hostArrays = false;
            for (int i = 0; i < args.length; i++)
            {
                switch (args[i])
                {
                    case Integer v -> params.i32(v);
                    case Long v -> params.i64(v);
                    case CudaDeviceMemory m ->
                    {
                        if (m.accelerator() != CudaAccelerator.this)
                        {
                            throw new IllegalArgumentException("kernel " + kernel.name() + ": argument " + i + " is "
                                + m + ", not memory of this accelerator");
                        }
                        KernelSignature.checkAligned(kernel.name(), i, m.address());
                        final long element = kernel.signature().params().get(i)
                            == KernelSignature.ParamKind.LONG_ARRAY ? Long.BYTES : Integer.BYTES;
                        params.pointer(m.address()).i64(m.byteSize() / element);
                    }
                    case KernelArray a ->
                    {
                        hostArrays |= !resident.containsKey(a.segment());
                        params.pointer(hostBuffer(i, a).address()).i64(a.length());
                    }
                    default -> throw new IllegalArgumentException("kernel " + kernel.name() + ": argument " + i
                        + " is " + args[i].getClass().getName() + ", memory of another accelerator?");
                }
            }
            if (launch.sharedBytes() > dynamicSharedLimit)
            {
                function.setAttribute(FunctionAttribute.MAX_DYNAMIC_SHARED_SIZE_BYTES, launch.sharedBytes());
                dynamicSharedLimit = launch.sharedBytes();
            }
            try
            {
                final CudaEvent start = beginActivity(stream);
                function.launch(launch.groupsX(), launch.groupsY(), 1, launch.localSize(), 1, 1,
                    launch.sharedBytes(), stream, params);
                endActivity(DeviceActivity.Kind.KERNEL, kernel.name(), launch.stream(), stream, start, 0);
                if (launch.stream() == null || hostArrays)
                {
                    stream.synchronize();
                    timer.poll(listener, false);
                }
            }
            catch (final CudaException ex)
            {
                throw poisoned("kernel " + kernel.name(), ex);
            }
            for (int i = 0; i < args.length; i++)
            {
                if (args[i] instanceof KernelArray a && a.segment().byteSize() > 0 && !resident.containsKey(
                    a.segment()))
                {
                    buffers[i].copyToHost(a.segment());
                }
            }
        }

        /** The device copy of a host array argument: its resident buffer, or this handle's staging buffer. */
        private DeviceBuffer hostBuffer(final int index, final KernelArray array)
        {
            final MemorySegment host = array.segment();
            final DeviceBuffer resident = CudaAccelerator.this.resident.get(host);
            if (resident != null)
            {
                return resident;
            }
            final long bytes = Math.max(host.byteSize(), 8);
            if (buffers[index] == null || buffers[index].byteSize() < bytes)
            {
                if (buffers[index] != null)
                {
                    buffers[index].close();
                }
                buffers[index] = context.allocate(bytes);
            }
            copyIn(buffers[index], host);
            return buffers[index];
        }
    }
}
