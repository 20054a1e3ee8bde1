package io.jprove.engine.pipeline;

/**
 * A job failed because one of its partitions did: the message names the job, the partition, the device (when it got
 * that far) and what went wrong; the cause is the original error. The job's other partitions are dropped; other jobs
 * are not affected.
 */
public final class PartitionFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final long job;
    private final int partition;

    PartitionFailedException(final long job, final String name, final int partition, final String where,
        final Throwable cause)
    {
        super("job " + job + " (" + name + ") partition " + partition + " failed " + where + ": " + reason(cause),
            cause);
        this.job = job;
        this.partition = partition;
    }

    /** @return the job id. */
    public long job()
    {
        return job;
    }

    /** @return the failing partition's index. */
    public int partition()
    {
        return partition;
    }

    private static String reason(final Throwable cause)
    {
        final String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
