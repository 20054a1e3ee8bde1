package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.jprove.engine.pipeline.OneLine;
import io.jprove.engine.pipeline.Partition;
import io.jprove.engine.pipeline.PartitionFailedException;
import io.jprove.engine.pipeline.PartitionFeed;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.ProvedPartition;
import io.jprove.field.Fr;

/**
 * The daemon's side of the one runtime: the {@link Pipeline}'s feed. Partitions come from the job store (this host's
 * {@link JobTable}, in the scheduler's order and skipping partitions already journaled, or claims on the cluster's
 * queue, {@link ClusterClaims}), each job as a {@link JobRun}; their outcomes go back to it: a proof is kept (journaled
 * or stored under its claim) before it counts, a failure fails the job with its reason, a dropped partition is given
 * back. A job's key is loaded and prepared on every device as the job is accepted ({@link #accepted}), or on this
 * host's first claim of it, while its first partitions are synthesized.
 */
final class DaemonFeed implements PartitionFeed, AutoCloseable
{
    private final PartitionSource source;
    private final KeyCache keys;
    private final Metrics metrics;
    private final PorepMatrices porepMatrices;
    /** Loads keys (each may take seconds, or minutes for a large one) off the request and pipeline threads. */
    private final ExecutorService loader = Executors.newCachedThreadPool(r ->
    {
        final Thread t = new Thread(r, "jprove-daemon-key-loader");
        t.setDaemon(true);
        return t;
    });
    /** The jobs accepted or in flight here, by id; guarded by this. */
    private final Map<Long, JobRun> runs = new HashMap<>();
    private volatile Pipeline pipeline;

    DaemonFeed(final PartitionSource source, final KeyCache keys, final PorepMatrices porepMatrices,
        final Metrics metrics)
    {
        this.source = source;
        this.keys = keys;
        this.porepMatrices = porepMatrices;
        this.metrics = metrics;
    }

    /** Gives the feed the pipeline it feeds, where keys are prepared; before any job is accepted. */
    void attach(final Pipeline feeding)
    {
        this.pipeline = feeding;
    }

    /**
     * A job accepted on this host (submitted, or resumed at start): its key is loaded and prepared now, and kept
     * until the job ends here.
     */
    void accepted(final Job job)
    {
        final JobRun run;
        synchronized (this)
        {
            run = runs.computeIfAbsent(job.id(), id -> start(job));
            run.hold();
        }
        job.whenFinished(j -> unhold(run));
    }

    /** @return a run of the job, its key loading; under this. */
    private JobRun start(final Job job)
    {
        final JobRun run = new JobRun(job, porepMatrices);
        loader.execute(() -> run.load(keys, pipeline));
        return run;
    }

    private void unhold(final JobRun run)
    {
        final boolean idle;
        synchronized (this)
        {
            idle = run.unhold() && runs.remove(run.id(), run);
        }
        if (idle)
        {
            run.close();
        }
    }

    @Override
    public Partition take(final long timeoutMs) throws InterruptedException
    {
        final PartitionSource.Assignment a = source.take(timeoutMs);
        if (a == null)
        {
            return null;
        }
        final JobRun run;
        synchronized (this)
        {
            // a cluster's job is accepted here when this host first claims one of its partitions
            run = runs.computeIfAbsent(a.job().id(), id -> start(a.job()));
            run.enter();
        }
        a.job().timings().started(System.currentTimeMillis());
        return new Partition(run, a.partition(), a.claim());
    }

    /** @return the store's assignment of a partition, its run let go of. */
    private PartitionSource.Assignment ended(final Partition partition)
    {
        final JobRun run = (JobRun)partition.job();
        final boolean idle;
        synchronized (this)
        {
            idle = run.leave() && runs.remove(run.id(), run);
        }
        if (idle)
        {
            run.close();
        }
        return new PartitionSource.Assignment(run.job(), partition.index(), partition.claim());
    }

    @Override
    public void proved(final Partition partition, final ProvedPartition proved)
    {
        final String refusal;
        try
        {
            refusal = ((JobRun)partition.job()).refusal(partition.index(), proved);
        }
        catch (final RuntimeException e)
        {
            source.partitionFailed(ended(partition), OneLine.of(e), System.currentTimeMillis());
            return;
        }
        if (refusal != null)
        {
            source.partitionFailed(ended(partition), refusal, System.currentTimeMillis());
            return;
        }
        metrics.partitionProved(proved.nanos());
        ((JobRun)partition.job()).job().timings().proved(proved.steps());
        source.partitionDone(ended(partition), new PartitionProof(proved.proof().toBytes(),
            canonical(proved.publicInputs())), System.currentTimeMillis());
    }

    @Override
    public void failed(final Partition partition, final PartitionFailedException failure)
    {
        source.partitionFailed(ended(partition), OneLine.of(failure.getCause()), System.currentTimeMillis());
    }

    @Override
    public void dropped(final Partition partition)
    {
        source.partitionDropped(ended(partition));
    }

    /** @return Fr values (Montgomery limbs) as 32-byte canonical little-endian encodings. */
    static byte[] canonical(final long[] limbs)
    {
        final byte[] out = new byte[limbs.length / Fr.LIMBS * Fr.BYTES];
        for (int i = 0; i < limbs.length / Fr.LIMBS; i++)
        {
            Fr.toBytes(limbs, i * Fr.LIMBS, out, i * Fr.BYTES);
        }
        return out;
    }

    /** Stops loading keys and lets go of every key still held (after the pipeline has closed). */
    @Override
    public void close()
    {
        loader.shutdownNow();
        final List<JobRun> left;
        synchronized (this)
        {
            left = new ArrayList<>(runs.values());
            runs.clear();
        }
        left.forEach(JobRun::close);
    }

    @Override
    public String toString()
    {
        return "the daemon's job store";
    }
}
