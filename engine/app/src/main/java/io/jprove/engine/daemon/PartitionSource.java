package io.jprove.engine.daemon;

/**
 * The daemon's job store as the proving runtime sees it: where partitions come from and where their results go.
 * {@link JobTable} hands out this host's journaled jobs in the scheduler's order; {@link ClusterClaims} claims
 * partitions on the cluster's shared queue. {@link DaemonFeed} turns it into the pipeline's feed. Many threads call
 * it at once.
 */
interface PartitionSource
{
    /**
     * A partition handed out.
     *
     * @param claim the fencing token of a cluster claim (0 on a single host): the result is accepted only while the
     *              claim is still this host's.
     */
    record Assignment(Job job, int partition, long claim)
    {
    }

    /**
     * @param timeoutMs how long to wait for one.
     * @return the next partition to prove, or null when none came within the timeout (or the store is closed).
     * @throws InterruptedException when the waiting thread is interrupted.
     */
    Assignment take(long timeoutMs) throws InterruptedException;

    /**
     * As {@link #take(long)}, for partitions of jobs of a priority at least {@code atLeast} only (the pipeline's
     * urgent synthesis worker). A store that cannot hand them out apart (a cluster's claims) waits and says none.
     *
     * @return such a partition, or null when none came within the timeout.
     * @throws InterruptedException when the waiting thread is interrupted.
     */
    default Assignment takeUrgent(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        Thread.sleep(timeoutMs);
        return null;
    }

    /**
     * Keeps a proved (and verified) partition, unless the job ended meanwhile or the claim was lost.
     *
     * @return whether the proof was kept.
     */
    boolean partitionDone(Assignment a, PartitionProof proof, long nowMs);

    /** Fails the job of a partition that could not be proved (unless the claim was lost). */
    void partitionFailed(Assignment a, String error, long nowMs);

    /** A partition handed out ended unproved: its job had ended, or the daemon is closing. */
    void partitionDropped(Assignment a);
}
