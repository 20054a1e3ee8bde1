package io.jprove.engine.pipeline;

/**
 * One partition of a job, as a {@link PartitionFeed} hands it to the pipeline and gets it back with its outcome.
 *
 * @param job   its job.
 * @param index its index in the job, from 0.
 * @param claim the feed's own number for this hand-out, given back unchanged (a cluster claim's fencing token); 0
 *              for a feed that has none.
 */
public record Partition(ProofJob job, int index, long claim)
{
    /** @return "job 3 (name) partition 1", for messages. */
    public String describe()
    {
        return "job " + job.id() + " (" + job.name() + ") partition " + index;
    }
}
