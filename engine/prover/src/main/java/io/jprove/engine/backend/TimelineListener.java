package io.jprove.engine.backend;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.timeline.Timeline;

/**
 * Writes a backend's kernels and copies for one partition to the timeline as {@code KERNEL} and {@code COPY} events,
 * with the partition's job, index, worker and device. Kernel names are looked up once each (the timeline keeps the
 * ids), so after the first partition a kernel costs one map lookup and one append.
 */
public final class TimelineListener implements BackendListener
{
    private final Timeline timeline;
    private final long job;
    private final int partition;
    private final int worker;
    private final int device;

    /**
     * @param timeline  where the events go.
     * @param job       the job id.
     * @param partition the partition index.
     * @param worker    the worker proving it.
     * @param device    the device ordinal.
     */
    public TimelineListener(final Timeline timeline, final long job, final int partition, final int worker,
        final int device)
    {
        this.timeline = timeline;
        this.job = job;
        this.partition = partition;
        this.worker = worker;
        this.device = device;
    }

    /** Writes the {@code DEVICE} event that tells a report what the backend's ordinal is. */
    public static void describeDevice(final Timeline timeline, final ProverBackend backend)
    {
        timeline.device(backend.device(), backend.name() + " " + backend.description());
    }

    @Override
    public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
    {
        if (timeline.isEnabled())
        {
            timeline.kernel(job, partition, worker, device, timeline.nameId(name), startNs, durationNs);
        }
    }

    @Override
    public void copy(final String name, final long startNs, final long durationNs, final long bytes)
    {
        if (timeline.isEnabled())
        {
            timeline.copy(job, partition, worker, device, timeline.nameId(name), startNs, durationNs, bytes);
        }
    }
}
