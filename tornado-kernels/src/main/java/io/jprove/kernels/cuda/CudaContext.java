package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A retained primary context of one device: the owner of its modules, device and pinned memory, streams and events.
 * <p>
 * The driver runs each call in the context current on the calling thread. Every operation here and on the objects
 * this context creates first makes this context current when the calling thread's current context is another one
 * (one thread-local read when it already is), so any thread may use any context; {@link #makeCurrent()} does it
 * explicitly. The bookkeeping assumes nothing else in the process switches contexts behind jprove's back.
 * <p>
 * {@link #close()} synchronizes, frees whatever its modules, buffers, streams and events still hold, and releases the
 * primary context; the driver destroys it when the last retain is released.
 */
public final class CudaContext implements AutoCloseable
{
    /** {@code CU_MEMHOSTREGISTER_PORTABLE}: registered memory is page-locked for every context. */
    private static final int CU_MEMHOSTREGISTER_PORTABLE = 0x01;

    /** Per thread: the address of the context jprove last made current on it (0 for none). */
    private static final ThreadLocal<long[]> CURRENT = ThreadLocal.withInitial(() -> new long[1]);

    private final CudaDevice device;
    private final MemorySegment handle;
    private final long address;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<AutoCloseable> resources = ConcurrentHashMap.newKeySet();

    CudaContext(final CudaDevice device, final MemorySegment handle)
    {
        this.device = device;
        this.handle = handle;
        this.address = handle.address();
    }

    /**
     * The device this context belongs to.
     *
     * @return the device.
     */
    public CudaDevice device()
    {
        return device;
    }

    /**
     * Makes this context current on the calling thread ({@code cuCtxSetCurrent}).
     *
     * @throws IllegalStateException when the context is closed.
     */
    public void makeCurrent()
    {
        checkOpen();
        bind();
    }

    /**
     * Loads a module from PTX text, JIT-compiling it for this device. The JIT's info log (registers, spills) is kept
     * on the module; on failure the exception carries the error and info logs.
     *
     * @param ptx the PTX source.
     * @return the loaded module.
     * @throws CudaException with the JIT logs when the PTX does not compile.
     */
    public CudaModule loadModule(final String ptx)
    {
        ensureCurrent();
        final CudaModule module = CudaModule.load(this, ptx);
        resources.add(module);
        return module;
    }

    /**
     * Loads a module from a cubin built ahead of time for this device's architecture: no JIT runs.
     *
     * @param cubin the ELF image {@code ptxas} wrote.
     * @param name  what it holds, for errors.
     * @return the loaded module.
     * @throws CudaException when the driver refuses the image (another architecture, or a newer image format).
     */
    public CudaModule loadImage(final byte[] cubin, final String name)
    {
        ensureCurrent();
        final CudaModule module = CudaModule.loadImage(this, cubin, name);
        resources.add(module);
        return module;
    }

    /**
     * Allocates device memory ({@code cuMemAlloc_v2}); its contents are undefined until written.
     *
     * @param bytes the size in bytes, at least 1.
     * @return the buffer.
     * @throws CudaException {@code CUDA_ERROR_OUT_OF_MEMORY} when the device cannot hold it.
     */
    public DeviceBuffer allocate(final long bytes)
    {
        if (bytes <= 0)
        {
            throw new IllegalArgumentException("device allocation of " + bytes + " bytes; it must be at least 1");
        }
        ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment pointer = arena.allocate(JAVA_LONG);
            try
            {
                CudaDriver.API.cuMemAlloc(pointer, bytes);
            }
            catch (final CudaException ex)
            {
                throw new CudaException(ex.result(), ex.call(), bytes + " bytes asked of the " + this);
            }
            final DeviceBuffer buffer = new DeviceBuffer(this, pointer.get(JAVA_LONG, 0), bytes);
            resources.add(buffer);
            return buffer;
        }
    }

    /**
     * Allocates page-locked host memory ({@code cuMemHostAlloc}, portable to every context), which copies reach at
     * full PCIe speed and asynchronously.
     *
     * @param bytes the size in bytes, at least 1.
     * @return the buffer; its {@link PinnedBuffer#segment() segment} may be used from any thread.
     */
    public PinnedBuffer allocatePinned(final long bytes)
    {
        if (bytes <= 0)
        {
            throw new IllegalArgumentException("pinned allocation of " + bytes + " bytes; it must be at least 1");
        }
        ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment pointer = arena.allocate(ADDRESS);
            CudaDriver.API.cuMemHostAlloc(pointer, bytes, PinnedBuffer.CU_MEMHOSTALLOC_PORTABLE);
            final PinnedBuffer buffer = new PinnedBuffer(this, pointer.get(ADDRESS, 0), bytes);
            resources.add(buffer);
            return buffer;
        }
    }

    /**
     * Page-locks host memory that the caller allocated and owns ({@code cuMemHostRegister}, portable to every
     * context), so that copies from and to it go at full PCIe speed, as from {@link #allocatePinned} memory: for memory
     * that is not the driver's to allocate, such as a shared mapping another process writes.
     *
     * @param host page-aligned native memory, mapped for as long as it stays registered.
     * @return what unregisters it; close it before the memory is unmapped.
     */
    public AutoCloseable register(final MemorySegment host)
    {
        ensureCurrent();
        CudaDriver.API.cuMemHostRegister(host, host.byteSize(), CU_MEMHOSTREGISTER_PORTABLE);
        return () ->
        {
            ensureCurrent();
            CudaDriver.API.cuMemHostUnregister(host);
        };
    }

    /**
     * Creates a stream that, like the runtime's default streams, also orders against the legacy default stream.
     *
     * @return the stream.
     */
    public CudaStream createStream()
    {
        return createStream(CudaStream.DEFAULT);
    }

    /**
     * Creates a stream.
     *
     * @param flags {@link CudaStream#DEFAULT} or {@link CudaStream#NON_BLOCKING}.
     * @return the stream.
     */
    public CudaStream createStream(final int flags)
    {
        ensureCurrent();
        final CudaStream stream = CudaStream.create(this, flags);
        resources.add(stream);
        return stream;
    }

    /**
     * Creates an event that records timing.
     *
     * @return the event.
     */
    public CudaEvent createEvent()
    {
        return createEvent(CudaEvent.DEFAULT);
    }

    /**
     * Creates an event.
     *
     * @param flags a combination of {@link CudaEvent#DEFAULT}, {@link CudaEvent#BLOCKING_SYNC} and
     *              {@link CudaEvent#DISABLE_TIMING}.
     * @return the event.
     */
    public CudaEvent createEvent(final int flags)
    {
        ensureCurrent();
        final CudaEvent event = CudaEvent.create(this, flags);
        resources.add(event);
        return event;
    }

    /**
     * Free and total device memory as the driver sees them now ({@code cuMemGetInfo_v2}).
     *
     * @return {@code {free, total}} in bytes.
     */
    public long[] memoryInfo()
    {
        ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment free = arena.allocate(JAVA_LONG);
            final MemorySegment total = arena.allocate(JAVA_LONG);
            CudaDriver.API.cuMemGetInfo(free, total);
            return new long[] {free.get(JAVA_LONG, 0), total.get(JAVA_LONG, 0)};
        }
    }

    /**
     * Waits for all work in this context ({@code cuCtxSynchronize}); reports an earlier asynchronous failure, such as
     * a kernel's illegal address, as a {@link CudaException}.
     */
    public void synchronize()
    {
        ensureCurrent();
        CudaDriver.API.cuCtxSynchronize();
    }

    /**
     * Waits for outstanding work, frees everything this context still owns and releases the primary context. A second
     * close does nothing.
     *
     * @throws CudaException the first failure met; everything is released regardless.
     */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        RuntimeException failure = null;
        try
        {
            bind();
            CudaDriver.API.cuCtxSynchronize();
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
        }
        final List<AutoCloseable> owned = new ArrayList<>(resources);
        for (final AutoCloseable resource : owned)
        {
            try
            {
                resource.close();
            }
            catch (final Exception ex)
            {
                failure = first(failure, ex);
            }
        }
        try
        {
            CudaDriver.API.cuDevicePrimaryCtxRelease(device.handle());
        }
        catch (final RuntimeException ex)
        {
            failure = first(failure, ex);
        }
        final long[] current = CURRENT.get();
        if (current[0] == address)
        {
            current[0] = 0;
        }
        if (failure != null)
        {
            throw failure;
        }
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once closed.
     */
    public boolean isClosed()
    {
        return closed.get();
    }

    @Override
    public String toString()
    {
        return "context of " + device;
    }

    /** Makes this context current on this thread unless it already is; the hot path is one thread-local read. */
    void ensureCurrent()
    {
        checkOpen();
        if (CURRENT.get()[0] != address)
        {
            bind();
        }
    }

    /** Like {@link #ensureCurrent()} but also while closing, for releasing what the context owns. */
    void ensureCurrentForRelease()
    {
        if (CURRENT.get()[0] != address)
        {
            bind();
        }
    }

    /** Forgets a resource that was closed on its own. */
    void forget(final AutoCloseable resource)
    {
        resources.remove(resource);
    }

    private void bind()
    {
        CudaDriver.API.cuCtxSetCurrent(handle);
        CURRENT.get()[0] = address;
    }

    private void checkOpen()
    {
        if (closed.get())
        {
            throw new IllegalStateException("the " + this + " is closed");
        }
    }

    private static RuntimeException first(final RuntimeException failure, final Exception ex)
    {
        if (failure != null)
        {
            failure.addSuppressed(ex);
            return failure;
        }
        return ex instanceof RuntimeException runtime ? runtime : new IllegalStateException(ex);
    }
}
