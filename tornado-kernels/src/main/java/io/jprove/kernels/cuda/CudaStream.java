package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.lang.foreign.ValueLayout.ADDRESS;

/**
 * A CUDA stream: work queued on it runs in order, and may overlap work on other streams. Where an API takes a stream,
 * null means the legacy default stream.
 */
public final class CudaStream implements AutoCloseable
{
    /** {@code CU_STREAM_DEFAULT}: also ordered against the legacy default stream. */
    public static final int DEFAULT = 0;
    /** {@code CU_STREAM_NON_BLOCKING}: not ordered against the legacy default stream. */
    public static final int NON_BLOCKING = 1;

    private final CudaContext context;
    private final MemorySegment handle;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CudaStream(final CudaContext context, final MemorySegment handle)
    {
        this.context = context;
        this.handle = handle;
    }

    static CudaStream create(final CudaContext context, final int flags)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment stream = arena.allocate(ADDRESS);
            CudaDriver.API.cuStreamCreate(stream, flags);
            return new CudaStream(context, stream.get(ADDRESS, 0));
        }
    }

    /** The driver handle of {@code stream}, or NULL (the legacy default stream) for null. */
    static MemorySegment handleOf(final CudaStream stream)
    {
        return stream == null ? MemorySegment.NULL : stream.segment();
    }

    /**
     * Waits until everything queued on this stream has run; reports an asynchronous failure as a
     * {@link CudaException}.
     */
    public void synchronize()
    {
        context.ensureCurrent();
        CudaDriver.API.cuStreamSynchronize(segment());
    }

    /**
     * Whether everything queued so far has run ({@code cuStreamQuery}), without waiting.
     *
     * @return true when the stream is idle.
     */
    public boolean isIdle()
    {
        context.ensureCurrent();
        final int result = CudaDriver.API.cuStreamQuery(segment());
        if (result == CudaDriver.CUDA_ERROR_NOT_READY)
        {
            return false;
        }
        CudaDriver.check(result, "cuStreamQuery(" + this + ")");
        return true;
    }

    /**
     * Makes later work on this stream wait until {@code event} has completed (its latest record), without blocking
     * the host.
     *
     * @param event the event to wait for.
     */
    public void waitFor(final CudaEvent event)
    {
        context.ensureCurrent();
        CudaDriver.API.cuStreamWaitEvent(segment(), event.segment(), 0);
    }

    /**
     * The driver's {@code CUstream}.
     *
     * @return the handle as an address.
     */
    public long handle()
    {
        return segment().address();
    }

    /**
     * Destroys the stream ({@code cuStreamDestroy_v2}); work already queued still completes. A second close does
     * nothing.
     */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        context.forget(this);
        context.ensureCurrentForRelease();
        CudaDriver.API.cuStreamDestroy(handle);
    }

    @Override
    public String toString()
    {
        return "stream 0x" + Long.toHexString(handle.address()) + " of " + context;
    }

    MemorySegment segment()
    {
        if (closed.get())
        {
            throw new IllegalStateException(this + " is closed");
        }
        return handle;
    }
}
