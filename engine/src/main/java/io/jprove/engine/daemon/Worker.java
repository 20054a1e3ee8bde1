package io.jprove.engine.daemon;

import io.jprove.engine.groth16.StepTimes;
import io.jprove.timeline.Timeline;

/**
 * A worker thread: takes the next partition from its {@link PartitionSource} (the local scheduler, or a claim on the
 * cluster's queue), proves it with its own {@link PartitionProver}, and hands the result back, which makes it
 * durable. Between two partitions it takes the source's next choice, so a cancelled job gets no further partition
 * and a higher priority job goes first at the next boundary. A worker whose device faulted stops while another
 * device can prove ({@link PartitionProver#retired}).
 */
final class Worker implements Runnable
{
    private final int index;
    private final PartitionSource source;
    private final PartitionProver prover;
    private final Metrics metrics;
    private final Timeline timeline;
    private volatile long jobId;
    private volatile int partition = -1;

    Worker(final int index, final PartitionSource source, final PartitionProver prover, final Metrics metrics,
        final Timeline timeline)
    {
        this.index = index;
        this.source = source;
        this.prover = prover;
        this.metrics = metrics;
        this.timeline = timeline;
    }

    /** @return the worker's index. */
    int index()
    {
        return index;
    }

    /** @return the device it proves on. */
    String device()
    {
        return prover.device();
    }

    /** @return the job being proved, 0 when idle. */
    long jobId()
    {
        return jobId;
    }

    /** @return the partition being proved, -1 when idle. */
    int partition()
    {
        return partition;
    }

    @Override
    public void run()
    {
        try
        {
            PartitionSource.Assignment a;
            // a retired worker's device faulted: the partitions it would take go to the other devices' workers
            while (!prover.retired() && (a = source.take()) != null)
            {
                prove(a);
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            prover.close();
        }
    }

    /** Releases the prover of a worker whose thread never started. */
    void stopUnstarted()
    {
        prover.close();
    }

    private void prove(final PartitionSource.Assignment a)
    {
        final Job job = a.job();
        final int p = a.partition();
        jobId = job.id();
        partition = p;
        final long t0 = System.nanoTime();
        try
        {
            final PartitionProver.PartitionProof proof = prover.prove(job.id(), job.spec(), p,
                new StepTimes(timeline, job.id(), p, index, -1));
            metrics.partitionProved(System.nanoTime() - t0);
            source.partitionDone(a, proof, System.currentTimeMillis());
        }
        catch (final RuntimeException | OutOfMemoryError e)
        {
            source.partitionFailed(a, oneLine(e), System.currentTimeMillis());
        }
        finally
        {
            jobId = 0;
            partition = -1;
        }
    }

    /** @return the message and its cause's, on one line: what a client sees of a failed job. */
    static String oneLine(final Throwable e)
    {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        final Throwable cause = e.getCause();
        if (cause != null && cause.getMessage() != null && !text.contains(cause.getMessage()))
        {
            text = text + ": " + cause.getMessage();
        }
        return text.replace('\n', ' ');
    }
}
