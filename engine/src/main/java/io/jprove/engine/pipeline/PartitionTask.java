package io.jprove.engine.pipeline;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;

/**
 * The descriptor of one synthesized partition, what the queues hand over: which job and partition, the device it is
 * pinned to, and the pooled buffers that hold its data (by reference: no data moves with it). Exactly one holder at a
 * time owns it and its buffers; the last one {@link #release}s the buffers to their pool.
 */
final class PartitionTask
{
    private final Job job;
    private final int partition;
    private final DeviceLane lane;
    private final PartitionBuffers buffers;
    private final PartitionInputs inputs;
    private final BufferPool pool;
    private boolean released;

    PartitionTask(final Job job, final int partition, final DeviceLane lane, final PartitionBuffers buffers,
        final PartitionInputs inputs, final BufferPool pool)
    {
        this.job = job;
        this.partition = partition;
        this.lane = lane;
        this.buffers = buffers;
        this.inputs = inputs;
        this.pool = pool;
    }

    Job job()
    {
        return job;
    }

    int partition()
    {
        return partition;
    }

    DeviceLane lane()
    {
        return lane;
    }

    PartitionInputs inputs()
    {
        return inputs;
    }

    /** Gives the buffers back to their pool, once; the inputs are invalid afterwards. */
    void release()
    {
        if (!released)
        {
            released = true;
            pool.release(buffers);
        }
    }

    /** @return "job 3 (name) partition 1", for messages. */
    String describe()
    {
        return "job " + job.id() + " (" + job.name() + ") partition " + partition;
    }
}
