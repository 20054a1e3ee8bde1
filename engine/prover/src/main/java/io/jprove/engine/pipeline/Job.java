package io.jprove.engine.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongPredicate;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.StepTimes;

/**
 * A job submitted to a {@link Pipeline}: its id, what was asked, and its result as a future that completes once, with
 * every partition's proof, or with the first partition's failure, or with a {@link CancellationException}. Partitions
 * complete from several device workers in any order; the proofs are kept in partition order. Thread-safe.
 */
public final class Job implements ProofJob
{
    /** Where a job is. */
    enum State
    {
        /** Partitions are waiting, being synthesized or proved. */
        RUNNING,
        /** Every partition was proved. */
        DONE,
        /** A partition failed; the others were dropped. */
        FAILED,
        /** Cancelled; partitions in progress were dropped at their next boundary. */
        CANCELLED
    }

    private final long id;
    private final JobSpec spec;
    private final LongPredicate canceller;
    private final CompletableFuture<JobResult> result = new CompletableFuture<>();
    private final Proof[] proofs;
    private final long[][] publicInputs;
    private final String[] devices;
    private final StepTimes[] steps;
    private int remaining;
    private volatile State state = State.RUNNING;
    /** A presynthesized job's partitions held until the last is synthesized; guarded by this. */
    private final List<PartitionTask> held = new ArrayList<>();
    private volatile long releasedNanoTime;

    Job(final long id, final JobSpec spec, final LongPredicate canceller)
    {
        this.id = id;
        this.spec = spec;
        this.canceller = canceller;
        this.proofs = new Proof[spec.partitions()];
        this.publicInputs = new long[spec.partitions()][];
        this.devices = new String[spec.partitions()];
        this.steps = new StepTimes[spec.partitions()];
        this.remaining = spec.partitions();
    }

    /** @return the id the pipeline gave it (increasing with submission). */
    @Override
    public long id()
    {
        return id;
    }

    /** @return its name. */
    @Override
    public String name()
    {
        return spec.name();
    }

    @Override
    public int priority()
    {
        return spec.priority();
    }

    /** @return what was submitted. */
    public JobSpec spec()
    {
        return spec;
    }

    @Override
    public BufferShape shape()
    {
        return spec.synthesis().shape();
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        return spec.synthesis().synthesize(partition, buffers, spmvThreads);
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads,
        final boolean spmvOnDevice)
    {
        return spec.synthesis().synthesize(partition, buffers, spmvThreads, spmvOnDevice);
    }

    @Override
    public ProvingKey key()
    {
        return spec.key();
    }

    /** @return the result: completes with the proofs, a {@link PartitionFailedException} or a cancellation. */
    public CompletableFuture<JobResult> result()
    {
        return result;
    }

    /**
     * Cancels the job at partition boundaries: no partition of it starts synthesis or proving after this call; the
     * ones running finish their current stage and are dropped.
     *
     * @return whether this call cancelled it (false when it had already finished).
     */
    public boolean cancel()
    {
        return canceller.test(id);
    }

    /** @return true once it is done, failed or cancelled: its remaining partitions are to be dropped. */
    @Override
    public boolean isFinished()
    {
        return state != State.RUNNING;
    }

    State state()
    {
        return state;
    }

    /** @return partitions proved so far (for progress). */
    public synchronized int provedPartitions()
    {
        return spec.partitions() - remaining;
    }

    /**
     * Holds a synthesized partition of a {@link JobSpec#presynthesized() presynthesized} job.
     *
     * @return every held partition, to go to the devices now, when this was the last; else none.
     */
    synchronized List<PartitionTask> hold(final PartitionTask task)
    {
        held.add(task);
        if (held.size() < spec.partitions())
        {
            return List.of();
        }
        releasedNanoTime = System.nanoTime();
        final List<PartitionTask> all = List.copyOf(held);
        held.clear();
        return all;
    }

    /** @return the partitions still held (the job ended before the last was synthesized), now the caller's. */
    synchronized List<PartitionTask> takeHeld()
    {
        final List<PartitionTask> all = List.copyOf(held);
        held.clear();
        return all;
    }

    /**
     * @return when a presynthesized job's partitions went to the devices ({@link System#nanoTime()}), or 0 before
     *         that and for other jobs.
     */
    public long releasedNanoTime()
    {
        return releasedNanoTime;
    }

    /** Records a partition's proof. @return true when it was the job's last one (the job is now done). */
    synchronized boolean complete(final int partition, final Proof proof, final long[] inputs, final String device,
        final StepTimes times)
    {
        if (state != State.RUNNING || proofs[partition] != null)
        {
            return false;
        }
        proofs[partition] = proof;
        publicInputs[partition] = inputs;
        devices[partition] = device;
        steps[partition] = times;
        if (--remaining > 0)
        {
            return false;
        }
        state = State.DONE;
        result.complete(new JobResult(id, spec.name(), List.of(proofs), List.copyOf(Arrays.asList(publicInputs)),
            List.of(devices), List.of(steps)));
        return true;
    }

    /**
     * Fails the job: with a {@link PartitionFailedException} when a partition failed, or another error when the
     * pipeline stopped under it. @return true when this call failed it.
     */
    synchronized boolean fail(final RuntimeException e)
    {
        if (state != State.RUNNING)
        {
            return false;
        }
        state = State.FAILED;
        result.completeExceptionally(e);
        return true;
    }

    /** Marks it cancelled. @return true when this call cancelled it. */
    synchronized boolean markCancelled()
    {
        if (state != State.RUNNING)
        {
            return false;
        }
        state = State.CANCELLED;
        result.completeExceptionally(new CancellationException("job " + id + " (" + spec.name() + ") was cancelled"));
        return true;
    }

    @Override
    public String toString()
    {
        return "job " + id + " (" + spec.name() + ", priority " + spec.priority() + ", " + spec.partitions()
            + " partitions, " + state + ")";
    }
}
