package io.jprove.engine.daemon;

/**
 * Where a {@link Worker} gets its partitions and returns their results: the local {@link Scheduler} through the
 * {@link JobTable}, or claims on the cluster's shared queue ({@link ClusterStore}). Many workers call it at once.
 */
interface PartitionSource
{
    /**
     * A partition for a worker.
     *
     * @param claim the fencing token of a cluster claim (0 on a single host): the result is accepted only while the
     *              claim is still this host's.
     */
    record Assignment(Job job, int partition, long claim)
    {
    }

    /** @return the next partition; blocks until there is one; null once closed. */
    Assignment take() throws InterruptedException;

    /**
     * Keeps a proved (and verified) partition, unless the job ended meanwhile or the claim was lost.
     *
     * @return whether the proof was kept.
     */
    boolean partitionDone(Assignment a, PartitionProver.PartitionProof proof, long nowMs);

    /** Fails the job of a partition that could not be proved (unless the claim was lost). */
    void partitionFailed(Assignment a, String error, long nowMs);
}
