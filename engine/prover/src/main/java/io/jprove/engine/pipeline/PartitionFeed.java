package io.jprove.engine.pipeline;

/**
 * Where a {@link Pipeline}'s synthesis workers take partitions from, and where each partition's outcome goes: the
 * pipeline's own queue of submitted jobs ({@link JobQueue}), or a daemon's job store (this host's journaled jobs, or
 * claims on a cluster's shared queue). The feed decides the order (priorities, resumed partitions first, what is
 * already done); the pipeline decides where and when each partition runs. Every method is called from pipeline
 * threads, several at once; an outcome method is called once per partition handed out, and must not block long (a
 * journal append is fine).
 */
public interface PartitionFeed
{
    /**
     * @param timeoutMs how long to wait for a partition.
     * @return the next partition to synthesize, or null when none came within the timeout.
     * @throws InterruptedException when the pipeline closes under the waiting thread.
     */
    Partition take(long timeoutMs) throws InterruptedException;

    /**
     * As {@link #take(long)}, for partitions of jobs of a priority at least {@code atLeast} only: what the pipeline's
     * urgent synthesis worker takes, beyond the partitions in flight that bound the others, so that a deadline's
     * partition does not wait for a lower one to end before it is synthesized. A feed that cannot tell says none.
     *
     * @return the next such partition, or null when none came within the timeout.
     * @throws InterruptedException when the pipeline closes under the waiting thread.
     */
    default Partition takeUrgent(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        Thread.sleep(timeoutMs);
        return null;
    }

    /** A partition was proved and its proof verified: the feed keeps it (a daemon journals it first). */
    void proved(Partition partition, ProvedPartition proved);

    /**
     * A partition failed: its job is to fail (the feed decides what that means for the job's other partitions).
     *
     * @param failure names the job, the partition, where it failed; its cause is what went wrong.
     */
    void failed(Partition partition, PartitionFailedException failure);

    /** A partition was dropped unproved: its job had finished, or the pipeline closed. */
    void dropped(Partition partition);
}
