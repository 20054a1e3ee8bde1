package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

/**
 * A CUDA event: a marker recorded into a stream, completed when the stream reaches it. Two recorded events give the
 * device-measured time between them, which is how jprove times kernels (never from host clocks).
 */
public final class CudaEvent implements AutoCloseable
{
    /** {@code CU_EVENT_DEFAULT}: records timing; waiting spins. */
    public static final int DEFAULT = 0;
    /** {@code CU_EVENT_BLOCKING_SYNC}: {@link #synchronize()} blocks the thread instead of spinning. */
    public static final int BLOCKING_SYNC = 1;
    /** {@code CU_EVENT_DISABLE_TIMING}: no timing (cheaper, for ordering only). */
    public static final int DISABLE_TIMING = 2;

    private final CudaContext context;
    private final MemorySegment handle;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CudaEvent(final CudaContext context, final MemorySegment handle)
    {
        this.context = context;
        this.handle = handle;
    }

    static CudaEvent create(final CudaContext context, final int flags)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment event = arena.allocate(ADDRESS);
            CudaDriver.API.cuEventCreate(event, flags);
            return new CudaEvent(context, event.get(ADDRESS, 0));
        }
    }

    /**
     * Records this event at the current end of {@code stream}.
     *
     * @param stream the stream, or null for the legacy default stream.
     */
    public void record(final CudaStream stream)
    {
        context.ensureCurrent();
        CudaDriver.API.cuEventRecord(segment(), CudaStream.handleOf(stream));
    }

    /** Waits until the stream has reached this event's latest record. */
    public void synchronize()
    {
        context.ensureCurrent();
        CudaDriver.API.cuEventSynchronize(segment());
    }

    /**
     * Whether the latest record has been reached ({@code cuEventQuery}), without waiting.
     *
     * @return true when complete (or never recorded).
     */
    public boolean isComplete()
    {
        context.ensureCurrent();
        final int result = CudaDriver.API.cuEventQuery(segment());
        if (result == CudaDriver.CUDA_ERROR_NOT_READY)
        {
            return false;
        }
        CudaDriver.check(result, "cuEventQuery(" + this + ")");
        return true;
    }

    /**
     * The device time from {@code start} to this event ({@code cuEventElapsedTime_v2}); both must have completed.
     *
     * @param start the earlier event.
     * @return milliseconds, with a resolution of about half a microsecond.
     */
    public float elapsedMillis(final CudaEvent start)
    {
        context.ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment millis = arena.allocate(JAVA_FLOAT);
            CudaDriver.API.cuEventElapsedTime(millis, start.segment(), segment());
            return millis.get(JAVA_FLOAT, 0);
        }
    }

    /**
     * Destroys the event ({@code cuEventDestroy_v2}). A second close does nothing.
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
        CudaDriver.API.cuEventDestroy(handle);
    }

    @Override
    public String toString()
    {
        return "event 0x" + Long.toHexString(handle.address());
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
