package io.jprove.engine.pipeline;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * The pipeline's own feed: the jobs {@link Pipeline#submit} was given, handed out by the {@link Scheduler}
 * (priority, then job, then partition), each job's result completed from its partitions' outcomes. A failing
 * partition fails its job and drops its waiting partitions; the other jobs go on.
 */
final class JobQueue implements PartitionFeed
{
    private final Scheduler<Job> scheduler = new Scheduler<>(j -> j.spec().priority(), Job::id);
    private final Map<Long, Job> running = new ConcurrentHashMap<>();
    private final AtomicLong nextJob = new AtomicLong(1);
    private final Timeline timeline;
    private final Pipeline pipeline;

    JobQueue(final Timeline timeline, final Pipeline pipeline)
    {
        this.timeline = timeline;
        this.pipeline = pipeline;
    }

    /** Checks the key against the shape, then schedules every partition. */
    Job submit(final JobSpec spec)
    {
        final BufferShape shape = spec.synthesis().shape();
        Groth16Prover.checkSizes(spec.key(), shape.numInputs(), shape.numAux(), shape.domainSize());
        final Job job = new Job(nextJob.getAndIncrement(), spec, this::cancel);
        running.put(job.id(), job);
        timeline.append(EventKind.JOB_SUBMIT, job.id(), -1, -1, -1, 0, spec.partitions());
        scheduler.submit(job, spec.partitions());
        return job;
    }

    /** @return whether the job was running and is now cancelled (its waiting partitions dropped). */
    boolean cancel(final long jobId)
    {
        final Job job = running.remove(jobId);
        if (job == null || !job.markCancelled())
        {
            return false;
        }
        scheduler.remove(job);
        pipeline.releaseHeld(job);
        timeline.append(EventKind.MARK, jobId, -1, -1, -1, timeline.nameId("cancelled"), 0);
        return true;
    }

    /** @return partitions waiting for synthesis. */
    int waiting()
    {
        return scheduler.size();
    }

    @Override
    public Partition take(final long timeoutMs) throws InterruptedException
    {
        final Scheduler.Scheduled<Job> next = scheduler.take(timeoutMs);
        return next == null ? null : new Partition(next.job(), next.partition(), 0);
    }

    @Override
    public Partition takeUrgent(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        final Scheduler.Scheduled<Job> next = scheduler.take(timeoutMs, atLeast);
        return next == null ? null : new Partition(next.job(), next.partition(), 0);
    }

    @Override
    public void proved(final Partition partition, final ProvedPartition proved)
    {
        final Job job = (Job)partition.job();
        if (job.complete(partition.index(), proved.proof(), proved.publicInputs(), proved.device(), proved.steps()))
        {
            running.remove(job.id());
            timeline.append(EventKind.PROOF_DONE, job.id(), -1, -1, -1);
        }
    }

    @Override
    public void failed(final Partition partition, final PartitionFailedException failure)
    {
        final Job job = (Job)partition.job();
        if (job.fail(failure))
        {
            running.remove(job.id());
            scheduler.remove(job);
        }
        pipeline.releaseHeld(job);
    }

    @Override
    public void dropped(final Partition partition)
    {
        // its job has ended already, with its own outcome
    }

    /** Refuses later submits and hands out nothing more. */
    void stop()
    {
        scheduler.close();
    }

    /** Fails every job not done: the pipeline closed under it. */
    void failUnfinished()
    {
        for (final Job job : List.copyOf(running.values()))
        {
            job.fail(new IllegalStateException(job + " did not finish: the pipeline closed"));
            pipeline.releaseHeld(job);
        }
        running.clear();
    }
}
