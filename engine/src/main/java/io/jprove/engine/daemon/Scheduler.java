package io.jprove.engine.daemon;

import java.util.Comparator;
import java.util.Iterator;
import java.util.TreeSet;

/**
 * Hands partitions to workers: the highest priority first, then the oldest job, then the lowest partition (the
 * order of the design's scheduler). Producers are the submit path and recovery ({@link #add}); consumers are the
 * workers ({@link #take}), which receive a job and a partition index, the partition already marked running in the
 * job. A job leaves the set when it has no partition left to hand out, so a cancelled job is never handed out again.
 */
final class Scheduler
{
    private static final Comparator<Job> ORDER = Comparator.comparingInt(Job::priority).reversed()
        .thenComparingLong(Job::id);

    private final TreeSet<Job> runnable = new TreeSet<>(ORDER);
    private boolean closed;

    /** Makes a job's queued partitions available. */
    synchronized void add(final Job job)
    {
        if (job.hasQueuedPartition())
        {
            runnable.add(job);
            notifyAll();
        }
    }

    /** Forgets a job (cancelled or failed). */
    synchronized void remove(final Job job)
    {
        runnable.remove(job);
    }

    /** @return the next partition; blocks until there is one; null once closed. */
    synchronized PartitionSource.Assignment take() throws InterruptedException
    {
        while (!closed)
        {
            final Iterator<Job> it = runnable.iterator();
            while (it.hasNext())
            {
                final Job job = it.next();
                final int partition = job.startNextPartition();
                if (!job.hasQueuedPartition())
                {
                    it.remove();
                }
                if (partition >= 0)
                {
                    return new PartitionSource.Assignment(job, partition, 0);
                }
            }
            wait();
        }
        return null;
    }

    /** Wakes every waiting worker with null. */
    synchronized void close()
    {
        closed = true;
        notifyAll();
    }
}
