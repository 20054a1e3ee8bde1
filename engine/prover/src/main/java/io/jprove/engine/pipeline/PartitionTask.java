package io.jprove.engine.pipeline;

import java.util.concurrent.Semaphore;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.timeline.TimelineClock;

/**
 * The descriptor of one synthesized partition, what the queues hand over: which partition, the device it is pinned
 * to, and the pooled buffers that hold its data (by reference: no data moves with it). Exactly one holder at a
 * time owns it and its buffers; the last one {@link #release}s the buffers to their pool.
 */
final class PartitionTask
{
    private final Partition partition;
    private final DeviceLane lane;
    private final PartitionBuffers buffers;
    private final PartitionInputs inputs;
    private final BufferPool pool;
    private final long startNanos;
    private final long synthesisNanos;
    private final Semaphore room;
    /** When its device was handed it (the timeline's clock), or 0 before. */
    private volatile long handedOverNs;
    private boolean released;
    private boolean outOfRoom;

    PartitionTask(final Partition partition, final DeviceLane lane, final PartitionBuffers buffers,
        final PartitionInputs inputs, final BufferPool pool, final long startNanos, final long synthesisNanos,
        final Semaphore room)
    {
        this.room = room;
        this.partition = partition;
        this.lane = lane;
        this.buffers = buffers;
        this.inputs = inputs;
        this.pool = pool;
        this.startNanos = startNanos;
        this.synthesisNanos = synthesisNanos;
    }

    Partition partition()
    {
        return partition;
    }

    ProofJob job()
    {
        return partition.job();
    }

    int index()
    {
        return partition.index();
    }

    DeviceLane lane()
    {
        return lane;
    }

    PartitionInputs inputs()
    {
        return inputs;
    }

    /** @return how long its synthesis took. */
    long synthesisNanos()
    {
        return synthesisNanos;
    }

    /** @return when its synthesis started ({@link System#nanoTime()}). */
    long startNanos()
    {
        return startNanos;
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

    /**
     * Marks the permit of the pipeline's room that its partition took as given back.
     *
     * @return true the first time (the caller gives the permit back), false afterwards.
     */
    boolean leaveRoom()
    {
        if (outOfRoom)
        {
            return false;
        }
        outOfRoom = true;
        return true;
    }

    /** Notes that its device has it now: its wait for the device starts. */
    void handedOver()
    {
        handedOverNs = TimelineClock.nowNs();
    }

    /** @return when its device was handed it, on the timeline's clock (0 before). */
    long handedOverNs()
    {
        return handedOverNs;
    }

    /** @return the permits of partitions in flight its partition took one of. */
    Semaphore room()
    {
        return room;
    }

    /** @return "job 3 (name) partition 1", for messages. */
    String describe()
    {
        return partition.describe();
    }
}
