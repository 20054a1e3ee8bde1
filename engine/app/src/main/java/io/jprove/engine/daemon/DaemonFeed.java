package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
 * back. A job's key is loaded on the feed's loader threads as the job is accepted ({@link #accepted}; the job store
 * hands out its partitions once the key is here, so no pipeline worker waits for a load), or on this host's first
 * claim of it in a cluster (the claiming synthesis worker waits for it), then prepared on every device while its
 * first partitions are synthesized.
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
     * A job accepted on this host (submitted, or resumed at start): its key is asked for now (a load on the loader
     * threads unless it is resident), and kept until the job ends here.
     *
     * @return when the key is here, or why it could not be had: the store hands out the job's partitions then.
     */
    CompletableFuture<Void> accepted(final Job job)
    {
        final JobRun run = run(job);
        synchronized (this)
        {
            run.hold();
        }
        job.whenFinished(j -> unhold(run));
        return run.keyReady();
    }

    /** @return the job's run, made and its key asked for if it has none here. */
    private JobRun run(final Job job)
    {
        final JobRun fresh;
        synchronized (this)
        {
            final JobRun known = runs.get(job.id());
            if (known != null)
            {
                return known;
            }
            fresh = new JobRun(job, porepMatrices);
            runs.put(job.id(), fresh);
        }
        // outside the feed's lock: a resident key's lease arrives at once, and its preparation starts from here
        fresh.load(keys, loader, pipeline);
        return fresh;
    }

    /**
     * @return what the job waits for or does besides proving, for status pages ("loading key K (x %)",
     *         "discarding 1 partition"), or "" when nothing or when the job is not here.
     */
    String activity(final long job)
    {
        synchronized (this)
        {
            final JobRun run = runs.get(job);
            return run == null ? "" : run.activity(run.inFlight());
        }
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
        return handOut(source.take(timeoutMs));
    }

    @Override
    public Partition takeUrgent(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        return handOut(source.takeUrgent(atLeast, timeoutMs));
    }

    /** @return the store's assignment as the pipeline's partition, its job's run entered and its key waited for. */
    private Partition handOut(final PartitionSource.Assignment a) throws InterruptedException
    {
        if (a == null)
        {
            return null;
        }
        // a cluster's job is accepted here when this host first claims one of its partitions
        final JobRun run = run(a.job());
        synchronized (this)
        {
            run.enter();
        }
        a.job().timings().started(System.currentTimeMillis());
        final Partition partition = new Partition(run, a.partition(), a.claim());
        // a claim is this host's already: its key is waited for here, on the claiming synthesis worker, so that no
        // device worker waits for a load (a failed load fails the partition when it asks for the key)
        try
        {
            run.keyReady().get();
        }
        catch (final ExecutionException | CancellationException e)
        {
            // the partition fails with the reason when it asks for its key
        }
        catch (final InterruptedException e)
        {
            dropped(partition);
            throw e;
        }
        return partition;
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
