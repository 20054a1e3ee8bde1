package io.jprove.engine.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.TimelineListener;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * The proving pipeline of the design, for any number of devices:
 * <pre>
 *  submit ─► Scheduler (priority, job, partition) ─► synthesis workers ─► pooled buffers (host memory budget)
 *            ─► per-device queues ─► ≥ 1 worker agents per device: backend (H chain, split, MSMs) ─► assembly,
 *            self-verification ─► the job's result; buffers back to the pool through its reverse queue
 * </pre>
 * A partition is pinned at synthesis to the device with the fewest partitions in flight and stays there. Every
 * partition's proof is verified before it counts; a failing partition fails its job, named (job, partition, device,
 * reason), and drops the job's other partitions at their next boundary, while other jobs go on. Cancelling works at
 * the same boundaries. Every stage writes timeline events (JOB_SUBMIT, SYNTH_START/END, QUEUED, GPU_PICKUP,
 * GPU_START, the backend's KERNEL/COPY, GPU_END, the host STAGEs, PROOF_DONE, ERROR).
 * <p>
 * The backends, the pool and the timeline belong to the caller, who closes them after this pipeline.
 */
public final class Pipeline implements AutoCloseable
{
    private final Timeline timeline;
    private final BufferPool pool;
    private final Scheduler scheduler = new Scheduler();
    private final List<DeviceLane> lanes = new ArrayList<>();
    private final List<Thread> synthesis = new ArrayList<>();
    private final Map<Long, Job> running = new ConcurrentHashMap<>();
    private final AtomicLong nextJob = new AtomicLong(1);
    private volatile boolean closing;

    /**
     * Starts the workers.
     *
     * @param config   the sizes.
     * @param backends one per device, distinct ordinals.
     * @param pool     the buffers and the host memory budget.
     * @param timeline where the events go.
     */
    public Pipeline(final PipelineConfig config, final List<ProverBackend> backends, final BufferPool pool,
        final Timeline timeline)
    {
        if (backends.isEmpty())
        {
            throw new IllegalArgumentException("a pipeline needs at least one device");
        }
        if (backends.stream().map(ProverBackend::device).distinct().count() != backends.size())
        {
            throw new IllegalArgumentException("devices must have distinct ordinals: " + backends.stream()
                .map(ProverBackend::name).toList());
        }
        this.timeline = timeline;
        this.pool = pool;
        for (final ProverBackend backend : backends)
        {
            TimelineListener.describeDevice(timeline, backend);
            final DeviceLane lane = new DeviceLane(backend, config.workersPerDevice(), timeline, this);
            lanes.add(lane);
            lane.start();
        }
        for (int s = 0; s < config.synthesisWorkers(); s++)
        {
            synthesis.add(Thread.ofPlatform().name("jprove-synthesis-" + s).start(
                new SynthesisWorker(s, this, scheduler, pool, timeline, config.spmvThreads())));
        }
    }

    /** @return the devices, as their backends name them. */
    public List<String> devices()
    {
        return lanes.stream().map(DeviceLane::name).toList();
    }

    /** @return what preparing each key on each device took, as the backends describe it (empty for none). */
    public List<String> preparations()
    {
        return lanes.stream().flatMap(l -> l.preparations().stream()).toList();
    }

    /**
     * Submits a job; its partitions are scheduled at once. A {@link JobSpec#presynthesized() presynthesized} job's key
     * is prepared on every device first, on the calling thread.
     *
     * @return the job, whose result completes when every partition is proved, one fails, or it is cancelled.
     * @throws io.jprove.engine.groth16.ParameterMismatchException when the key does not fit the shape (nothing is
     *                                                             scheduled).
     * @throws IllegalStateException                               when the pipeline is closed.
     */
    public Job submit(final JobSpec spec)
    {
        Groth16Prover.checkCounts(spec.key(), spec.shape().counts());
        final Job job = new Job(nextJob.getAndIncrement(), spec, this::cancel);
        if (spec.presynthesized())
        {
            // its measurement starts at the hand-over: the key is ready on every device before that, not after
            for (final DeviceLane lane : lanes)
            {
                lane.prover(spec.key(), job.id(), -1, 0);
            }
        }
        running.put(job.id(), job);
        timeline.append(EventKind.JOB_SUBMIT, job.id(), -1, -1, -1, 0, spec.partitions());
        scheduler.submit(job);
        return job;
    }

    /**
     * Cancels a job at partition boundaries: its waiting partitions are dropped now, the running ones at their next
     * boundary (end of synthesis, pickup by a worker); its result completes with a cancellation.
     *
     * @return whether the job was running and is now cancelled.
     */
    public boolean cancel(final long jobId)
    {
        final Job job = running.remove(jobId);
        if (job == null || !job.markCancelled())
        {
            return false;
        }
        scheduler.remove(job);
        releaseHeld(job);
        timeline.append(EventKind.MARK, jobId, -1, -1, -1, timeline.nameId("cancelled"), 0);
        return true;
    }

    /** Gives back the buffers of an ended job's partitions that were held for the rest of its synthesis. */
    void releaseHeld(final Job job)
    {
        for (final PartitionTask task : job.takeHeld())
        {
            task.release();
            dropped(task);
        }
    }

    /** @return partitions waiting for synthesis (all jobs). */
    public int waitingPartitions()
    {
        return scheduler.size();
    }

    boolean isClosing()
    {
        return closing;
    }

    /**
     * @return the device to pin a new partition to: of the usable ones, the fewest in flight, the lowest ordinal on a
     *         tie.
     * @throws IllegalStateException when no device is usable any more (each one's reason in the message).
     */
    DeviceLane pin()
    {
        DeviceLane best = null;
        for (final DeviceLane lane : lanes)
        {
            if (lane.unusable() == null && (best == null || lane.inFlight() < best.inFlight()))
            {
                best = lane;
            }
        }
        if (best == null)
        {
            throw new IllegalStateException("no device can prove any more: " + String.join("; ",
                lanes.stream().map(DeviceLane::unusable).toList()));
        }
        best.enter();
        return best;
    }

    void proved(final PartitionTask task, final Proof proof, final long[] publicInputs, final int worker)
    {
        final Job job = task.job();
        final DeviceLane lane = task.lane();
        lane.leave();
        if (job.complete(task.partition(), proof, publicInputs, lane.name()))
        {
            running.remove(job.id());
            timeline.append(EventKind.PROOF_DONE, job.id(), -1, worker, lane.device());
        }
    }

    void dropped(final PartitionTask task)
    {
        task.lane().leave();
    }

    void failed(final Job job, final int partition, final String where, final Throwable error, final int worker,
        final int device)
    {
        final PartitionFailedException e = new PartitionFailedException(job.id(), job.name(), partition, where, error);
        timeline.error(job.id(), partition, worker, device, e.getMessage());
        if (job.fail(e))
        {
            running.remove(job.id());
            scheduler.remove(job);
        }
        releaseHeld(job);
    }

    /**
     * Stops: no new partition starts; partitions in synthesis or on a device finish their stage; jobs not done fail
     * with "the pipeline closed"; every buffer set goes back to the pool.
     */
    @Override
    public void close()
    {
        closing = true;
        scheduler.close();
        synthesis.forEach(Thread::interrupt);
        for (final Thread t : synthesis)
        {
            joinUninterruptibly(t);
        }
        lanes.forEach(DeviceLane::close);
        for (final DeviceLane lane : lanes)
        {
            for (final PartitionTask task : lane.leftOver())
            {
                task.release();
                dropped(task);
            }
        }
        for (final Job job : List.copyOf(running.values()))
        {
            job.fail(new IllegalStateException(job + " did not finish: the pipeline closed"));
            releaseHeld(job);
        }
        running.clear();
        timeline.flush();
    }

    private static void joinUninterruptibly(final Thread t)
    {
        boolean interrupted = false;
        while (true)
        {
            try
            {
                t.join();
                break;
            }
            catch (final InterruptedException e)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }
}
