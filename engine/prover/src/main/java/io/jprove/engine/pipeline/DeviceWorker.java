package io.jprove.engine.pipeline;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.backend.TimelineListener;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.NestingRefusedException;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

/**
 * One worker of one device, an Agrona {@link Agent} on its own thread: it takes synthesized partitions from its
 * inbound queue and proves each on its device (the backend's part inside the GPU_START..GPU_END window, its kernels
 * and copies written to the timeline by a {@link TimelineListener}), gives the buffers back, then assembles and
 * self-verifies the proof on the host. A GPU has at least two, so one worker's host work (upload, assembly,
 * verification) overlaps another's kernels. A partition whose job ends meanwhile is dropped at its next step boundary:
 * at pickup, once its key is prepared, and at the backend's boundaries (before the upload, the H chain and the MSMs,
 * {@link BackendListener#boundary}); until then status pages show it as discarding. Lifecycle as {@link Agent}'s:
 * {@code doWork} proves at most one partition and returns 1, or 0 when its queue was empty (the idle strategy then
 * backs off); device resources belong to its {@link DeviceLane}, which frees them after every worker has stopped.
 */
final class DeviceWorker implements Agent
{
    /**
     * Said of a partition whose a, b, c the device made from its witness: no host check of the constraints ran, so a
     * witness that does not satisfy the circuit shows only as a proof that does not verify.
     */
    static final String DEVICE_PRODUCTS = " (a, b, c made on the device, where an unsatisfied witness is not named;"
        + " -Djprove.gpu.spmv=false has the host check name its constraint)";

    /** Inbound queue capacity; the buffer pool's set limit keeps it from filling. */
    static final int QUEUE_CAPACITY = OffHeapBufferPool.MAX_SETS;

    /**
     * Inbound partitions: producers are the synthesis workers; the consumer is this agent; handed over is a
     * {@link PartitionTask}, a descriptor that references the partition's pooled buffers (no data is copied); after
     * the hand-over this agent owns the task and its buffers until it releases them to their pool, whose reverse
     * queue is the return path.
     */
    private final ManyToOneConcurrentArrayQueue<PartitionTask> inbound =
        new ManyToOneConcurrentArrayQueue<>(QUEUE_CAPACITY);
    /** Partitions queued here or being proved: the lane gives new ones to the worker with the fewest. */
    private final AtomicInteger outstanding = new AtomicInteger();
    private final DeviceLane lane;
    private final int index;
    private final Timeline timeline;
    private final Pipeline pipeline;
    /** The partition being proved, for status pages; null when idle. */
    private volatile Partition current;

    DeviceWorker(final DeviceLane lane, final int index, final Timeline timeline, final Pipeline pipeline)
    {
        this.lane = lane;
        this.index = index;
        this.timeline = timeline;
        this.pipeline = pipeline;
    }

    @Override
    public String roleName()
    {
        return "jprove-" + lane.name() + "-w" + index;
    }

    /** @return the worker's index on its device (its timeline worker id). */
    int index()
    {
        return index;
    }

    /** @return partitions queued here or in progress. */
    int outstanding()
    {
        return outstanding.get();
    }

    /** @return what it proves now. */
    WorkerView view()
    {
        final Partition p = current;
        return new WorkerView(lane.name(), index, p == null ? 0 : p.job().id(), p == null ? -1 : p.index(),
            p != null && p.job().isFinished());
    }

    /** Queues a partition for this worker. @return false when the queue is full (the caller retries). */
    boolean offer(final PartitionTask task)
    {
        outstanding.incrementAndGet();
        if (inbound.offer(task))
        {
            return true;
        }
        outstanding.decrementAndGet();
        return false;
    }

    /** @return a task left in the queue after the agent stopped, or null. */
    PartitionTask pollLeftOver()
    {
        return inbound.poll();
    }

    @Override
    public int doWork()
    {
        // a preempting job's partition first: it does not wait behind the ones queued here
        PartitionTask task = lane.takeUrgent(Integer.MAX_VALUE, null);
        final boolean queuedHere = task == null;
        if (task == null)
        {
            task = inbound.poll();
        }
        if (task == null)
        {
            return 0;
        }
        try
        {
            prove(task);
        }
        finally
        {
            current = null;
            if (queuedHere)
            {
                outstanding.decrementAndGet();
            }
        }
        return 1;
    }

    /**
     * @return {@code next}, whose step boundaries stop the partition once its job has ended and, unless the
     *         partition is itself nested, are the preemption points: the device's urgent partitions of higher jobs
     *         run there, inside it ({@link #preempt}).
     */
    private BackendListener stoppable(final BackendListener next, final PartitionTask task, final boolean nested)
    {
        final Partition partition = task.partition();
        return new BackendListener()
        {
            @Override
            public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
            {
                next.kernel(phase, name, startNs, durationNs);
            }

            @Override
            public void copy(final String name, final long startNs, final long durationNs, final long bytes)
            {
                next.copy(name, startNs, durationNs, bytes);
            }

            @Override
            public void boundary(final ProvingPhase phase)
            {
                if (partition.job().isFinished())
                {
                    throw new PartitionDiscardedException(partition);
                }
                if (!nested)
                {
                    preempt(task);
                }
                next.boundary(phase);
            }
        };
    }

    private void prove(final PartitionTask task)
    {
        final ProofJob job = task.job();
        final long id = job.id();
        final int p = task.index();
        final int device = lane.device();
        timeline.append(EventKind.GPU_PICKUP, id, p, index, device);
        if (job.isFinished())
        {
            // cancelled or failed while it waited: dropped at this boundary, never proved
            pipeline.dropped(task);
            return;
        }
        final String unusable;
        try
        {
            // waits while the device restarts after a fault: the partition then proves on the fresh one
            unusable = lane.enterUse();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            pipeline.dropped(task);
            return;
        }
        if (unusable != null)
        {
            pipeline.failed(task, "on " + lane.name(), new IllegalStateException(unusable), index, device);
            return;
        }
        run(task, false);
    }

    /**
     * The preemption point, at a step boundary of {@code outer} (nothing of it queued on the device): proves here,
     * on this thread and the same backend, every urgent partition of a job above the outer's whose key (another one)
     * is ready on the device, each from pickup to its verified proof; the outer then resumes where it stopped. The
     * outer's window gets a {@code STAGE} "preempted" over the time they took; their kernels are theirs.
     */
    private void preempt(final PartitionTask outer)
    {
        final int below = outer.job().priority();
        final ProvingKey key = outer.job().key();
        for (PartitionTask u = lane.takeUrgent(below, key); u != null; u = lane.takeUrgent(below, key))
        {
            final long startNs = TimelineClock.nowNs();
            timeline.append(EventKind.GPU_PICKUP, u.job().id(), u.index(), index, lane.device());
            if (u.job().isFinished())
            {
                pipeline.dropped(u);
                continue;
            }
            final Partition was = current;
            final boolean ran;
            try
            {
                ran = run(u, true);
            }
            finally
            {
                current = was;
                timeline.stage(outer.job().id(), outer.index(), index, lane.device(), timeline.nameId("preempted"),
                    startNs, TimelineClock.nowNs() - startNs);
            }
            if (!ran)
            {
                return; // the device is another partition's at this boundary: the next boundary tries again
            }
        }
    }

    /**
     * Proves a picked-up partition, its share of the device's use held: by this worker's own ({@code nested} false,
     * given back here), or by the partition it runs inside.
     *
     * @return false when the backend refused to prove it inside another now, and it waits again on the urgent queue.
     */
    private boolean run(final PartitionTask task, final boolean nested)
    {
        final ProofJob job = task.job();
        final long id = job.id();
        final int p = task.index();
        final int device = lane.device();
        current = task.partition();
        // whether this worker's share of the device's use has been given back (a nested partition has none)
        boolean released = nested;
        try
        {
            final Groth16Prover prover = lane.prover(job.key(), job.keyName(), id, p, index);
            if (job.isFinished())
            {
                // it ended while the key was prepared
                pipeline.dropped(task);
                return true;
            }
            final long[] publicInputs = Groth16Prover.publicInputs(task.inputs());
            // synthesis hands over the matrices only when the device makes a, b, c from them
            final String what = task.describe() + (task.inputs().matrices() != null ? DEVICE_PRODUCTS : "");
            final StepTimes steps = new StepTimes(timeline, id, p, index, device);
            steps.record("synthesis", task.synthesisNanos());
            timeline.append(EventKind.GPU_START, id, p, index, device);
            final MsmSums sums;
            try
            {
                sums = prover.sums(task.inputs(), stoppable(steps.listener(waited(new TimelineListener(timeline,
                    id, p, index, device), task, steps)), task, nested));
            }
            finally
            {
                timeline.append(EventKind.GPU_END, id, p, index, device);
            }
            exitOnce(released);
            released = true;
            // the vectors are consumed: the buffers go back before the host assembles and verifies
            task.release();
            final Proof proof = prover.assembleVerified(sums, publicInputs, steps, what);
            pipeline.proved(task, new ProvedPartition(proof, publicInputs, lane.name(), steps,
                System.nanoTime() - task.startNanos()), index);
        }
        catch (final PartitionDiscardedException e)
        {
            pipeline.dropped(task);
        }
        catch (final NestingRefusedException e)
        {
            // nothing of it ran: it waits for the next boundary or a worker (and when the device lacks the room, so
            // do its key's later partitions)
            lane.refuseNesting(task, e);
            return false;
        }
        catch (final RuntimeException | Error e)
        {
            if (e instanceof DeviceUnusableException)
            {
                // released first: the restart this starts waits for every worker's use of the device to end
                exitOnce(released);
                released = true;
                lane.markUnusable(OneLine.of(e));
            }
            pipeline.failed(task, "on " + lane.name(), e, index, device);
        }
        finally
        {
            exitOnce(released);
        }
        return true;
    }

    /**
     * @return {@code next}, which also records the partition's step "wait": from its hand-over to its device to the
     *         start of its first kernel (what a deadline's partition waits for the device, beside other work).
     */
    private static BackendListener waited(final BackendListener next, final PartitionTask task,
        final StepTimes steps)
    {
        final AtomicBoolean first = new AtomicBoolean(true);
        return new BackendListener()
        {
            @Override
            public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
            {
                if (first.getAndSet(false))
                {
                    steps.record(Pipeline.WAIT_STEP, Math.max(0, startNs - task.handedOverNs()));
                }
                next.kernel(phase, name, startNs, durationNs);
            }

            @Override
            public void copy(final String name, final long startNs, final long durationNs, final long bytes)
            {
                next.copy(name, startNs, durationNs, bytes);
            }
        };
    }

    private void exitOnce(final boolean released)
    {
        if (!released)
        {
            lane.exitUse();
        }
    }
}
