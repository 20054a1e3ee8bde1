package io.jprove.timeline;

import java.nio.file.Path;

/**
 * Where the engine records its stage boundaries. Every method may be called from any thread; the append methods take
 * no lock, perform no compare-and-swap and, after a thread's first append (which creates its ring buffer), allocate
 * nothing: a claim in the calling thread's own ring buffer, then plain stores, so recording does not disturb what it
 * measures. Arguments that do not apply are -1 (partition, worker, device) or 0 (name id).
 * <p>
 * Names (kernels, copies, stages) are passed as ids from {@link #nameId(String)}; look each one up once, outside the
 * hot path. Intervals ({@link #kernel}, {@link #copy}, {@link #stage}) are on the {@link TimelineClock}; device
 * times from CUDA events must be converted to it by the caller (for example via {@link TimelineClock#fromNanoTime}).
 */
public sealed interface Timeline extends AutoCloseable permits ChronicleTimeline, DisabledTimeline,
    SwitchedTimeline
{
    /**
     * @return a timeline that records nothing and costs one virtual call per event.
     */
    static Timeline disabled()
    {
        return DisabledTimeline.INSTANCE;
    }

    /**
     * Opens (or creates) a timeline queue in a directory with the default settings.
     *
     * @param directory the queue directory.
     * @return a timeline writing there.
     */
    static Timeline open(final Path directory)
    {
        return ChronicleTimeline.open(TimelineSettings.of(directory));
    }

    /**
     * @return true when events are recorded.
     */
    boolean isEnabled();

    /**
     * Registers a name once (appending a {@code NAME} event the first time) and returns its id.
     *
     * @param name a kernel, copy or stage name.
     * @return the id to pass to the append methods.
     */
    int nameId(String name);

    /**
     * Appends a point event stamped now.
     *
     * @param kind      what happened.
     * @param job       the job id.
     * @param partition the partition index, or -1.
     * @param worker    the worker id, or -1.
     * @param device    the device ordinal, or -1.
     */
    void append(EventKind kind, long job, int partition, int worker, int device);

    /**
     * Appends a point event stamped now, with a name and a value.
     *
     * @param kind      what happened.
     * @param job       the job id.
     * @param partition the partition index, or -1.
     * @param worker    the worker id, or -1.
     * @param device    the device ordinal, or -1.
     * @param nameId    a name id from {@link #nameId(String)}, or 0.
     * @param value     a free value (for example a count).
     */
    void append(EventKind kind, long job, int partition, int worker, int device, int nameId, long value);

    /**
     * Appends a kernel that ran on a device.
     *
     * @param job        the job id.
     * @param partition  the partition index, or -1.
     * @param worker     the GPU worker id.
     * @param device     the device ordinal.
     * @param nameId     the kernel's name id.
     * @param startNs    device-measured start, on the timeline clock.
     * @param durationNs device-measured duration.
     */
    void kernel(long job, int partition, int worker, int device, int nameId, long startNs, long durationNs);

    /**
     * Appends a host↔device copy.
     *
     * @param job        the job id.
     * @param partition  the partition index, or -1.
     * @param worker     the GPU worker id.
     * @param device     the device ordinal.
     * @param nameId     the copy's name id.
     * @param startNs    device-measured start, on the timeline clock.
     * @param durationNs device-measured duration.
     * @param bytes      bytes copied.
     */
    void copy(long job, int partition, int worker, int device, int nameId, long startNs, long durationNs, long bytes);

    /**
     * Appends a host-side stage (CPU work such as proof assembly or a CPU MSM tail).
     *
     * @param job        the job id.
     * @param partition  the partition index, or -1.
     * @param worker     the worker id.
     * @param device     the device the stage serves, or -1.
     * @param nameId     the stage's name id.
     * @param startNs    host-measured start, on the timeline clock.
     * @param durationNs host-measured duration.
     */
    void stage(long job, int partition, int worker, int device, int nameId, long startNs, long durationNs);

    /**
     * Appends an error with a message (not for the hot path: the message is encoded).
     *
     * @param job       the job id.
     * @param partition the partition index, or -1.
     * @param worker    the worker id, or -1.
     * @param device    the device ordinal, or -1.
     * @param message   what failed; cut to {@link EventLayout#MAX_TEXT_LENGTH} bytes.
     */
    void error(long job, int partition, int worker, int device, String message);

    /**
     * Says what a device ordinal is (not for the hot path: the text is encoded).
     *
     * @param device      the device ordinal.
     * @param description its name and kind, "NAME KIND…": for example "cpu:0 cpu, 2 threads" or "cuda:0 NVIDIA
     *                    H200"; cut to {@link EventLayout#MAX_TEXT_LENGTH} bytes.
     */
    void device(int device, String description);

    /**
     * Waits until every event appended before this call is in the queue.
     */
    void flush();

    /**
     * Flushes and closes the queue; later appends are dropped.
     */
    @Override
    void close();
}
