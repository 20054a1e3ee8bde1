package io.jprove.engine.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.TimelineListener;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.timeline.Timeline;

/**
 * The proving pipeline of the design, the one runtime every proof goes through ({@code prove}, {@code demo},
 * {@code bench engine}, the daemon, a cluster's claims), for any number of devices:
 * <pre>
 *  feed (the pipeline's own queue of submitted jobs, or a daemon's job store) ─► synthesis workers
 *            ─► pooled buffers (host memory budget) ─► per-device queues ─► worker agents per device: backend
 *            (H chain, split, MSMs; kernels and copies on the timeline) ─► assembly, self-verification
 *            ─► the feed's outcome hooks; buffers back to the pool through its reverse queue
 * </pre>
 * A partition is pinned at synthesis to the device with the fewest partitions in flight and stays there. Partitions
 * in flight are bounded by the devices' workers plus a lookahead ({@link PipelineConfig#lookahead()}), so synthesis
 * runs only a little ahead of the devices and a feed's priorities hold at each partition boundary; a partition leaves
 * the bound only once its feed has its outcome. Every partition's proof is verified before it
 * counts; a failing partition is named (job, partition, device, reason) to its feed, which fails its job; partitions
 * of a finished job are dropped at their next boundary. A job's key is prepared on every device as the job arrives
 * ({@link #prepare}), concurrently with its synthesis. Every stage writes timeline events (JOB_SUBMIT, SYNTH_START/END,
 * QUEUED, GPU_PICKUP, GPU_START, the backend's KERNEL/COPY, GPU_END, the host STAGEs, PROOF_DONE, ERROR).
 * <p>
 * The backends, the pool and the timeline belong to the caller, who closes them after this pipeline.
 */
public final class Pipeline implements AutoCloseable
{
    /**
     * The priority from which a job's partitions preempt: cuzk's HIGH (WindowPoSt) and CRITICAL (WinningPoSt) on
     * jprove's scale (LOW 1 to CRITICAL 4). Such a partition is synthesized by a worker of its own beyond the
     * partitions in flight, and runs on its device at the next step boundary of a partition of a lower job there,
     * inside it ({@link BackendListener#boundary}), which then resumes where it stopped.
     */
    public static final int PREEMPTING = 3;
    /**
     * The step of a proved partition's {@link io.jprove.engine.groth16.StepTimes} that holds its wait for the device,
     * in nanoseconds: from its hand-over to its device to the start of its first kernel there.
     */
    public static final String WAIT_STEP = "wait";

    private final Timeline timeline;
    private final BufferPool pool;
    private final PartitionFeed feed;
    /** The pipeline's own queue, or null when the partitions come from the caller's feed. */
    private final JobQueue queue;
    private final List<DeviceLane> lanes = new ArrayList<>();
    private final List<Thread> synthesis = new ArrayList<>();
    /** One permit per partition that may be in flight (taken from the feed, not yet proved, failed or dropped). */
    private final Semaphore room;
    /**
     * Room for the preempting partitions the urgent synthesis worker takes beyond {@link #room}: one per device, so
     * that a deadline's partition never waits for a lower one to leave the pipeline before its synthesis.
     */
    private final Semaphore urgentRoom;
    private volatile boolean closing;

    /**
     * Starts the workers over the pipeline's own queue: jobs come through {@link #submit}.
     *
     * @param config   the sizes.
     * @param backends one per device, distinct ordinals.
     * @param pool     the buffers and the host memory budget.
     * @param timeline where the events go.
     */
    public Pipeline(final PipelineConfig config, final List<ProverBackend> backends, final BufferPool pool,
        final Timeline timeline)
    {
        this(config, backends, pool, timeline, null);
    }

    /**
     * Starts the workers over a feed of the caller's (a daemon's job store).
     *
     * @param feed where partitions come from and their outcomes go; null for the pipeline's own queue.
     */
    public Pipeline(final PipelineConfig config, final List<ProverBackend> backends, final BufferPool pool,
        final Timeline timeline, final PartitionFeed feed)
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
        this.queue = feed == null ? new JobQueue(timeline, this) : null;
        this.feed = feed == null ? queue : feed;
        int deviceWorkers = 0;
        for (int i = 0; i < backends.size(); i++)
        {
            final ProverBackend backend = backends.get(i);
            TimelineListener.describeDevice(timeline, backend);
            final DeviceLane lane = new DeviceLane(backend, config.workersOn(i, backend), timeline, this);
            deviceWorkers += lane.workers();
            lanes.add(lane);
            lane.start();
        }
        this.room = new Semaphore(deviceWorkers + config.lookahead());
        this.urgentRoom = new Semaphore(lanes.size());
        for (int s = 0; s < config.synthesisWorkers(); s++)
        {
            synthesis.add(Thread.ofPlatform().name("jprove-synthesis-" + s).start(
                new SynthesisWorker(s, this, this.feed, pool, timeline, config.spmvThreads(), room, false)));
        }
        // the urgent one: partitions of PREEMPTING jobs only, so that they are not queued behind lower ones' synthesis
        final int urgent = config.synthesisWorkers();
        synthesis.add(Thread.ofPlatform().name("jprove-synthesis-urgent").start(
            new SynthesisWorker(urgent, this, this.feed, pool, timeline, config.spmvThreads(), urgentRoom, true)));
    }

    /** @return the devices, as their backends name them. */
    public List<String> devices()
    {
        return lanes.stream().map(DeviceLane::name).toList();
    }

    /** @return the devices with their workers, faults and prepared keys, in order. */
    public List<DeviceView> deviceViews()
    {
        return lanes.stream().map(DeviceLane::view).toList();
    }

    /** @return every device worker and what it proves now, device by device. */
    public List<WorkerView> workerViews()
    {
        return lanes.stream().flatMap(l -> l.workerViews().stream()).toList();
    }

    /** @return what preparing each key on each device took, as the backends describe it (empty for none). */
    public List<String> preparations()
    {
        return lanes.stream().flatMap(l -> l.preparations().stream()).toList();
    }

    /**
     * Prepares a key on every device that can still prove, the devices at once, each on a thread of its own; a key
     * prepared (or being prepared) on a device is not prepared there again. Returns at once: a partition that needs
     * the key on a device waits there for its preparation.
     *
     * @param keyName names the key in an error ("the params key /keys/x.params").
     * @param job     the job that needs it, for the timeline's "prepare key" stage.
     * @return when every device has it, or why one could not.
     */
    public CompletableFuture<Void> prepare(final ProvingKey key, final String keyName, final long job)
    {
        final List<CompletableFuture<?>> all = new ArrayList<>();
        for (final DeviceLane lane : lanes)
        {
            if (lane.unusable() == null)
            {
                try
                {
                    all.add(lane.prepareInBackground(key, keyName, job));
                }
                catch (final IllegalStateException e)
                {
                    all.add(CompletableFuture.failedFuture(e)); // it faulted, or the pipeline closed, just now
                }
            }
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
    }

    /**
     * Frees the key's preparations on every device (waiting for one under way). For a key no job needs any more: no
     * partition may be using it.
     */
    public void release(final ProvingKey key)
    {
        lanes.forEach(l -> l.release(key));
    }

    /**
     * Submits a job to the pipeline's own queue; its partitions are scheduled at once and its key is prepared on
     * every device meanwhile. A {@link JobSpec#presynthesized() presynthesized} job's key is prepared on every device
     * first, on the calling thread, so that its measurement starts with the key ready.
     *
     * @return the job, whose result completes when every partition is proved, one fails, or it is cancelled.
     * @throws io.jprove.engine.groth16.ParameterMismatchException when the key does not fit the shape (nothing is
     *                                                             scheduled).
     * @throws IllegalStateException when the pipeline is closed or takes its partitions from a feed of the caller's.
     */
    public Job submit(final JobSpec spec)
    {
        if (queue == null)
        {
            throw new IllegalStateException("this pipeline takes its partitions from " + feed);
        }
        final Job job = queue.submit(spec);
        final CompletableFuture<Void> ready = prepare(spec.key(), job.keyName(), job.id());
        if (spec.presynthesized())
        {
            ready.handle((r, e) -> null).join(); // a failure shows on the job's partitions
        }
        return job;
    }

    /**
     * Cancels one of the pipeline's own jobs at partition boundaries: its waiting partitions are dropped now, the
     * running ones at their next boundary (end of synthesis, pickup by a worker); its result completes with a
     * cancellation.
     *
     * @return whether the job was running and is now cancelled.
     */
    public boolean cancel(final long jobId)
    {
        return queue != null && queue.cancel(jobId);
    }

    /** @return partitions waiting for synthesis in the pipeline's own queue. */
    public int waitingPartitions()
    {
        return queue == null ? 0 : queue.waiting();
    }

    /** @return partitions of preempting jobs synthesized and waiting for their device (for tests). */
    int urgentWaiting()
    {
        return lanes.stream().mapToInt(DeviceLane::urgentWaiting).sum();
    }

    boolean isClosing()
    {
        return closing;
    }


    /**
     * @return the device to pin a new partition to: of the usable ones, the fewest in flight, the lowest ordinal on a
     *         tie; while none is usable but one restarts after a fault, waits for it.
     * @throws IllegalStateException when no device is usable any more: the one device's reason, or each one's.
     * @throws InterruptedException  when the pipeline closes meanwhile.
     */
    DeviceLane pin() throws InterruptedException
    {
        while (true)
        {
            DeviceLane best = null;
            for (final DeviceLane lane : lanes)
            {
                if (lane.unusable() == null && (best == null || lane.inFlight() < best.inFlight()))
                {
                    best = lane;
                }
            }
            if (best != null)
            {
                best.enter();
                return best;
            }
            if (closing || lanes.stream().noneMatch(DeviceLane::restarting))
            {
                final List<String> reasons = lanes.stream().map(DeviceLane::unusable).toList();
                throw new IllegalStateException(reasons.size() == 1 ? reasons.getFirst()
                    : "no device can prove any more: " + String.join("; ", reasons));
            }
            // a device restarts after a fault: the partition waits for it rather than failing
            Thread.sleep(10);
        }
    }

    /** @return whether a device can take partitions now (none while every device is faulted or restarting). */
    public boolean canProve()
    {
        return lanes.stream().anyMatch(l -> l.unusable() == null);
    }

    /** Sends a synthesized partition to its device, or holds it while its presynthesized job is not all there. */
    void handOver(final PartitionTask task)
    {
        if (task.job() instanceof final Job own && own.spec().presynthesized())
        {
            // held partitions leave the room: a job of more partitions than the room must still all be synthesized
            leaveRoom(task);
            for (final PartitionTask ready : own.hold(task))
            {
                ready.lane().offer(ready);
            }
            if (own.isFinished())
            {
                releaseHeld(own); // it ended while this one was held
            }
            return;
        }
        task.lane().offer(task);
    }

    /** Gives back the buffers of an ended job's partitions that were held for the rest of its synthesis. */
    void releaseHeld(final Job job)
    {
        for (final PartitionTask task : job.takeHeld())
        {
            task.release();
            task.lane().leave();
            feed.dropped(task.partition());
        }
    }

    /** Gives back the task's permit of the room, if it still holds it. */
    private void leaveRoom(final PartitionTask task)
    {
        if (task.leaveRoom())
        {
            task.room().release();
        }
    }

    private void ended(final PartitionTask task)
    {
        task.release();
        task.lane().leave();
    }

    void proved(final PartitionTask task, final ProvedPartition proved, final int worker)
    {
        ended(task);
        try
        {
            feed.proved(task.partition(), proved);
        }
        finally
        {
            leaveRoom(task);
        }
    }

    void dropped(final PartitionTask task)
    {
        ended(task);
        try
        {
            feed.dropped(task.partition());
        }
        finally
        {
            leaveRoom(task);
        }
    }

    void failed(final PartitionTask task, final String where, final Throwable error, final int worker,
        final int device)
    {
        ended(task);
        try
        {
            failed(task.partition(), where, error, worker, device);
        }
        finally
        {
            leaveRoom(task);
        }
    }

    /** A partition that never became a task (its job had ended) is dropped. */
    void droppedBeforeSynthesis(final Partition partition, final Semaphore itsRoom)
    {
        try
        {
            feed.dropped(partition);
        }
        finally
        {
            itsRoom.release();
        }
    }

    /** A partition failed before it became a task: no device was left, or its synthesis failed. */
    void failedBeforeSynthesis(final Partition partition, final String where, final Throwable error,
        final int worker, final Semaphore itsRoom)
    {
        try
        {
            failed(partition, where, error, worker, -1);
        }
        finally
        {
            itsRoom.release();
        }
    }

    private void failed(final Partition partition, final String where, final Throwable error, final int worker,
        final int device)
    {
        final ProofJob job = partition.job();
        final PartitionFailedException e = new PartitionFailedException(job.id(), job.name(), partition.index(),
            where, error);
        timeline.error(job.id(), partition.index(), worker, device, e.getMessage());
        feed.failed(partition, e);
    }

    /**
     * Stops: no new partition starts; partitions in synthesis or on a device finish their stage; the pipeline's own
     * jobs not done fail with "the pipeline closed"; every buffer set goes back to the pool.
     */
    @Override
    public void close()
    {
        closing = true;
        if (queue != null)
        {
            queue.stop();
        }
        synthesis.forEach(Thread::interrupt);
        for (final Thread t : synthesis)
        {
            joinUninterruptibly(t);
        }
        lanes.forEach(DeviceLane::close);
        for (final DeviceLane lane : lanes)
        {
            lane.leftOver().forEach(this::dropped);
        }
        if (queue != null)
        {
            queue.failUnfinished();
        }
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
