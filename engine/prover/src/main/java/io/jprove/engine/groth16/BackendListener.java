package io.jprove.engine.groth16;

/**
 * Told of every kernel and copy a backend runs for one partition, as it runs them: the source of the timeline's
 * {@code KERNEL} and {@code COPY} events. A GPU backend reports device-measured intervals (CUDA events converted to
 * the timeline clock); the CPU backend reports its compute steps, host-measured, since there the host is the device.
 * Called on the thread that called {@link ProverBackend#prove}, or on a backend thread for asynchronous work; an
 * implementation must not block.
 */
public interface BackendListener
{
    /** Hears nothing. */
    BackendListener NONE = new BackendListener()
    {
        @Override
        public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
        {
        }

        @Override
        public void copy(final String name, final long startNs, final long durationNs, final long bytes)
        {
        }
    };

    /**
     * A kernel (a compute step) ran.
     *
     * @param phase      what it belongs to.
     * @param name       what it was, short ("intt a", "msm h"); a small fixed set per backend.
     * @param startNs    its start on the timeline clock ({@link io.jprove.timeline.TimelineClock}).
     * @param durationNs its duration.
     */
    void kernel(ProvingPhase phase, String name, long startNs, long durationNs);

    /**
     * A step boundary of the partition: the backend is about to start {@code next}, and nothing of the partition is
     * queued on the device (a stop here leaves no work running on its memory). The listener may throw to stop the
     * partition here (the pipeline does once the partition's job has ended, so that a cancelled job's partition does
     * not run to its end); the backend then gives back what the partition used and lets the exception through. Every
     * backend calls it before its H chain and before its MSMs, where it can.
     * <p>
     * It is also the preemption point: the listener may prove other partitions here, on this thread and the same
     * backend ({@link ProverBackend#prove} nested in this one's call: a deadline's partition that must not wait for
     * this one to end), and return; this partition then goes on where it stopped, its result unchanged. A backend
     * that cannot hold the nested partition's memory beside this one's refuses it with
     * {@link NestingRefusedException} before running anything of it.
     *
     * @param next the phase about to start.
     */
    default void boundary(final ProvingPhase next)
    {
    }

    /**
     * A host↔device copy ran.
     *
     * @param name       what was copied ("h2d abc").
     * @param startNs    its start on the timeline clock.
     * @param durationNs its duration.
     * @param bytes      bytes moved.
     */
    void copy(String name, long startNs, long durationNs, long bytes);
}
