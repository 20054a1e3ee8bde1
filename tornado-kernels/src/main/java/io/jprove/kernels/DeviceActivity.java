package io.jprove.kernels;

/**
 * One kernel run or copy as the device measured it, for a {@link DeviceActivity.Listener}: the source of the
 * timeline's {@code KERNEL} and {@code COPY} events. On a GPU the start and duration come from CUDA events around the
 * work, placed on the host clock through an anchor event; on the CPU executor they are host readings around the call.
 *
 * @param kind          what ran.
 * @param name          the kernel's {@code Owner.method}, or the copy's direction.
 * @param device        the accelerator's device string ({@code cuda:0}, {@code cpu}).
 * @param stream        a number naming the stream within the accelerator (0 for the default stream).
 * @param startNanoTime when it started, on the {@link System#nanoTime()} clock of this process.
 * @param durationNs    how long it ran on the device.
 * @param bytes         bytes copied or filled; 0 for kernels.
 * @param tag           the {@link ActivityTag} of the thread that queued the work, or null.
 */
public record DeviceActivity(Kind kind, String name, String device, long stream, long startNanoTime, long durationNs,
    long bytes, Object tag)
{
    /** An activity queued without a tag. */
    public DeviceActivity(final Kind kind, final String name, final String device, final long stream,
        final long startNanoTime, final long durationNs, final long bytes)
    {
        this(kind, name, device, stream, startNanoTime, durationNs, bytes, null);
    }

    /** What a {@link DeviceActivity} is. */
    public enum Kind
    {
        /** A kernel launch. */
        KERNEL,
        /** A copy from host to device memory. */
        COPY_TO_DEVICE,
        /** A copy from device to host memory. */
        COPY_TO_HOST,
        /** A copy within device memory. */
        COPY_ON_DEVICE,
        /** A fill of device memory. */
        FILL
    }

    /**
     * Receives activities, on the thread that made the accelerator call during which they were found complete (a
     * launch, a copy, a synchronize), in completion order per stream. Implementations must be quick and must not call
     * back into the accelerator.
     */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * @param activity a completed kernel run or copy.
         */
        void onActivity(DeviceActivity activity);
    }
}
