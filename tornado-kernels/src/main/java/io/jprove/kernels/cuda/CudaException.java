package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;

/**
 * A CUDA driver call returned something other than {@code CUDA_SUCCESS}. The message names the call (the driver
 * function and what it was called on), the result's name (from {@code cuGetErrorName}, or {@link CudaResult} when the
 * driver cannot say), its code and the driver's description, then any detail such as a JIT compiler log.
 */
public final class CudaException extends RuntimeException
{
    private static final long serialVersionUID = 1L;
    private static final long MAX_DRIVER_STRING_BYTES = 1024;

    private final int result;
    private final String resultName;
    private final String call;
    private final String detail;

    /**
     * A failed call.
     *
     * @param result the {@code CUresult} the call returned.
     * @param call   the driver function and what it was called on.
     */
    public CudaException(final int result, final String call)
    {
        this(result, call, "");
    }

    /**
     * A failed call with more to say, e.g. the JIT error log of a PTX that did not load.
     *
     * @param result the {@code CUresult} the call returned.
     * @param call   the driver function and what it was called on.
     * @param detail text appended to the message on its own lines; empty for none.
     */
    public CudaException(final int result, final String call, final String detail)
    {
        this(result, call, detail, driverName(result));
    }

    private CudaException(final int result, final String call, final String detail, final String resultName)
    {
        super(message(result, call, detail, resultName));
        this.result = result;
        this.resultName = resultName;
        this.call = call;
        this.detail = detail;
    }

    /**
     * The raw {@code CUresult}.
     *
     * @return the code, e.g. 2.
     */
    public int result()
    {
        return result;
    }

    /**
     * The result's name.
     *
     * @return e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}.
     */
    public String resultName()
    {
        return resultName;
    }

    /**
     * The call that failed.
     *
     * @return the driver function and what it was called on, e.g. {@code cuMemAlloc_v2(1099511627776 bytes)}.
     */
    public String call()
    {
        return call;
    }

    /**
     * Extra text from the failing operation, such as a JIT log.
     *
     * @return the detail, or an empty string.
     */
    public String detail()
    {
        return detail;
    }

    private static String message(final int result, final String call, final String detail, final String name)
    {
        final StringBuilder message = new StringBuilder()
            .append(call).append(" failed: ").append(name).append(" (").append(result).append(')');
        final String description = driverDescription(result);
        if (!description.isEmpty())
        {
            message.append(": ").append(description);
        }
        if (!detail.isEmpty())
        {
            message.append('\n').append(detail);
        }
        return message.toString();
    }

    /** The driver's name for the code when it knows it, else the table's. Never throws. */
    private static String driverName(final int result)
    {
        final String fromDriver = driverString(result, true);
        return fromDriver.isEmpty() ? CudaResult.name(result) : fromDriver;
    }

    private static String driverDescription(final int result)
    {
        return driverString(result, false);
    }

    @SuppressWarnings("restricted")
    private static String driverString(final int result, final boolean name)
    {
        if (!CudaDriver.isLoaded())
        {
            return "";
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment out = arena.allocate(ADDRESS);
            final int status = name ? CudaDriver.API.cuGetErrorName(result, out)
                : CudaDriver.API.cuGetErrorString(result, out);
            final MemorySegment text = out.get(ADDRESS, 0);
            if (status != CudaDriver.CUDA_SUCCESS || text.equals(MemorySegment.NULL))
            {
                return "";
            }
            // The driver returns a pointer to a static NUL-terminated string; its length is bounded only by the NUL.
            return text.reinterpret(MAX_DRIVER_STRING_BYTES).getString(0);
        }
        catch (final RuntimeException ex)
        {
            return "";
        }
    }
}
