package io.jprove.engine.pipeline;

/**
 * Thrown at a step boundary of a partition whose job has ended (cancelled, or failed in another partition): the
 * device worker stops the partition there and drops it, rather than proving it to the end for nothing.
 */
final class PartitionDiscardedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param partition the partition stopped, for messages. */
    PartitionDiscardedException(final Partition partition)
    {
        super(partition.describe() + " is discarded: its job has ended", null, false, false);
    }
}
