package io.jprove.engine.pipeline;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.engine.r1cs.WitnessAssignment;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * A synthesis worker: a platform thread that takes the next partition from the scheduler, pins it to the device with
 * the fewest partitions in flight, takes a buffer set from the pool (waiting while the host memory budget is spent),
 * synthesizes into it (witness only plus the recorded matrices' sparse product when the shape was recorded),
 * checks every constraint (so a bad witness is named, not proved), and queues the partition's descriptor on its
 * device. A job that finished meanwhile (cancelled, or failed elsewhere) loses the partition at the next boundary.
 */
final class SynthesisWorker implements Runnable
{
    private static final long TAKE_TIMEOUT_MS = 100;

    private final int id;
    private final Pipeline pipeline;
    private final Scheduler scheduler;
    private final BufferPool pool;
    private final Timeline timeline;
    private final int spmvThreads;

    SynthesisWorker(final int id, final Pipeline pipeline, final Scheduler scheduler, final BufferPool pool,
        final Timeline timeline, final int spmvThreads)
    {
        this.id = id;
        this.pipeline = pipeline;
        this.scheduler = scheduler;
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
                final Scheduler.Scheduled next = scheduler.take(TAKE_TIMEOUT_MS);
                if (next != null)
                {
                    synthesize(next.job(), next.partition());
                }
            }
        }
        catch (final InterruptedException e)
        {
            // closing: the pipeline interrupts its synthesis workers and fails what is left
            Thread.currentThread().interrupt();
        }
    }

    private void synthesize(final Job job, final int partition) throws InterruptedException
    {
        if (job.isFinished())
        {
            return;
        }
        final DeviceLane lane;
        try
        {
            lane = pipeline.pin();
        }
        catch (final IllegalStateException e)
        {
            pipeline.failed(job, partition, "before synthesis", e, id, -1);
            return;
        }
        PartitionBuffers buffers = null;
        try
        {
            buffers = pool.acquire(BufferShape.of(job.spec().shape().counts()));
            if (job.isFinished())
            {
                pool.release(buffers);
                lane.leave();
                return;
            }
            timeline.append(EventKind.SYNTH_START, job.id(), partition, id, -1);
            final PartitionInputs inputs = synthesizeInto(job, partition, buffers);
            timeline.append(EventKind.SYNTH_END, job.id(), partition, id, -1);
            if (job.isFinished())
            {
                pool.release(buffers);
                lane.leave();
                return;
            }
            final PartitionTask task = new PartitionTask(job, partition, lane, buffers, inputs, pool);
            if (job.spec().presynthesized())
            {
                for (final PartitionTask ready : job.hold(task))
                {
                    ready.lane().offer(ready);
                }
                if (job.isFinished())
                {
                    pipeline.releaseHeld(job); // it ended while this one was held
                }
            }
            else
            {
                lane.offer(task);
            }
        }
        catch (final InterruptedException e)
        {
            release(buffers);
            lane.leave();
            throw e;
        }
        catch (final RuntimeException | Error e)
        {
            release(buffers);
            lane.leave();
            pipeline.failed(job, partition, "in synthesis (worker " + id + ")", e, id, -1);
        }
    }

    private PartitionInputs synthesizeInto(final Job job, final int partition, final PartitionBuffers buffers)
    {
        final CircuitShape shape = job.spec().shape();
        final Circuit circuit = job.spec().source().circuit(partition);
        final SynthesisBuffers views = buffers.synthesisBuffers();
        final ConstraintMatrices matrices = shape.matrices();
        try (ProverInputs inputs = matrices == null ? ProvingAssignment.synthesizeInto(circuit, views)
            : matrices.evaluate(WitnessAssignment.synthesizeInto(circuit, views), circuit, spmvThreads, views))
        {
            if (!inputs.witness().counts().equals(shape.counts()))
            {
                throw new SynthesisException("the partition's circuit has " + inputs.witness().counts()
                    + " but the job's shape is " + shape.counts());
            }
            inputs.checkSatisfied();
            buffers.zeroPadding(inputs.rows());
            return buffers.partitionInputs(inputs);
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
