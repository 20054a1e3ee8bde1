package io.jprove.engine.pipeline;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * A synthesis worker: a platform thread that waits for room in the pipeline (partitions in flight bounded, so that a
 * feed's priorities hold at partition boundaries and synthesis runs only a little ahead of the devices), takes the
 * next partition from the feed, pins it to the device with the fewest partitions in flight, takes a buffer set from
 * the pool (waiting while the host memory budget is spent), has its job synthesize into it (which checks every
 * constraint, so a bad witness is named, not proved), and queues the partition's descriptor on its device. A job
 * that finished meanwhile (cancelled, or failed elsewhere) loses the partition at the next boundary. The pipeline's
 * urgent worker takes only partitions of preempting jobs ({@link Pipeline#PREEMPTING}), with room of its own.
 */
final class SynthesisWorker implements Runnable
{
    private static final long TAKE_TIMEOUT_MS = 100;

    private final int id;
    private final Pipeline pipeline;
    private final PartitionFeed feed;
    private final BufferPool pool;
    private final Timeline timeline;
    private final int spmvThreads;
    /** The permits of partitions in flight it takes one of before each partition. */
    private final Semaphore room;
    /** Whether it takes partitions of preempting jobs only ({@link Pipeline#PREEMPTING}). */
    private final boolean urgent;

    SynthesisWorker(final int id, final Pipeline pipeline, final PartitionFeed feed, final BufferPool pool,
        final Timeline timeline, final int spmvThreads, final Semaphore room, final boolean urgent)
    {
        this.room = room;
        this.urgent = urgent;
        this.id = id;
        this.pipeline = pipeline;
        this.feed = feed;
        this.pool = pool;
        this.timeline = timeline;
        this.spmvThreads = spmvThreads;
    }

    @Override
    public void run()
    {
        try
        {
            while (!pipeline.isClosing())
            {
                if (!room.tryAcquire(TAKE_TIMEOUT_MS, TimeUnit.MILLISECONDS))
                {
                    continue;
                }
                final Partition next;
                try
                {
                    next = urgent ? feed.takeUrgent(Pipeline.PREEMPTING, TAKE_TIMEOUT_MS) : feed.take(TAKE_TIMEOUT_MS);
                }
                catch (final InterruptedException | RuntimeException | Error e)
                {
                    room.release();
                    throw e;
                }
                if (next == null)
                {
                    room.release();
                }
                else
                {
                    synthesize(next);
                }
            }
        }
        catch (final InterruptedException e)
        {
            // closing: the pipeline interrupts its synthesis workers and fails what is left
            Thread.currentThread().interrupt();
        }
    }

    private void synthesize(final Partition partition) throws InterruptedException
    {
        final ProofJob job = partition.job();
        if (job.isFinished())
        {
            pipeline.droppedBeforeSynthesis(partition, room);
            return;
        }
        final DeviceLane lane;
        try
        {
            lane = pipeline.pin();
        }
        catch (final IllegalStateException e)
        {
            pipeline.failedBeforeSynthesis(partition, "before synthesis", e, id, room);
            return;
        }
        catch (final InterruptedException e)
        {
            pipeline.droppedBeforeSynthesis(partition, room);
            throw e;
        }
        PartitionBuffers buffers = null;
        try
        {
            buffers = pool.acquire(job.shape());
            if (job.isFinished())
            {
                pool.release(buffers);
                lane.leave();
                pipeline.droppedBeforeSynthesis(partition, room);
                return;
            }
            final long t0 = System.nanoTime();
            timeline.append(EventKind.SYNTH_START, job.id(), partition.index(), id, -1);
            final PartitionInputs inputs = job.synthesize(partition.index(), buffers, spmvThreads,
                lane.spmvOnDevice());
            timeline.append(EventKind.SYNTH_END, job.id(), partition.index(), id, -1);
            final PartitionTask task = new PartitionTask(partition, lane, buffers, inputs, pool, t0,
                System.nanoTime() - t0, room);
            if (job.isFinished())
            {
                pipeline.dropped(task);
                return;
            }
            pipeline.handOver(task);
        }
        catch (final InterruptedException e)
        {
            release(buffers);
            lane.leave();
            pipeline.droppedBeforeSynthesis(partition, room);
            throw e;
        }
        catch (final RuntimeException | Error e)
        {
            release(buffers);
            lane.leave();
            pipeline.failedBeforeSynthesis(partition, "in synthesis (worker " + id + ")", e, id, room);
        }
    }

    private void release(final PartitionBuffers buffers)
    {
        if (buffers != null)
        {
            pool.release(buffers);
        }
    }
}
