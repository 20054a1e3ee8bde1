package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.LongFunction;

import io.jprove.engine.pipeline.OneLine;
import io.jprove.engine.pipeline.Scheduler;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * Every job the daemon knows, and every change of a job: each is journaled first, then applied, all under the
 * table's lock, so the journal's order is the order of the changes and a replay ({@link #recover}) rebuilds the same
 * table. This is where a job is accepted exactly once per request id, where the queue bound is enforced, where a job
 * finishes exactly once (a second finish is never journaled), and where finished jobs are pruned after the
 * retention. A job's first hand-out in a daemon's run is journaled ({@link JournalRecord.Started}) before any of its
 * work, and a clean close says so ({@link JournalRecord.CleanStop}): a job the daemon died while proving is counted
 * at the next start and, past the {@code job-retries} setting, failed with the reason instead of resumed, so that a
 * job that kills the process cannot crash-loop the daemon and the queue behind it moves on.
 */
final class JobTable implements JobStore, PartitionSource
{
    /** More than the bytes of a submission's entry other than its witness (ids, paths, the frame). */
    private static final long ENTRY_FIELDS_BYTES = 64 << 10;

    private final Journal journal;
    private final DiskSpace disk;
    private final Scheduler<Job> scheduler = new Scheduler<>(Job::priority, Job::id);
    private final Function<Job, CompletableFuture<?>> accepted;
    private final Metrics metrics;
    private final Timeline timeline;
    private final Path spoolDir;
    private final int capacity;
    private final Duration retention;
    private final int retries;
    private final Map<Long, Job> jobs = new LinkedHashMap<>();
    private final Map<String, Job> byRequest = new HashMap<>();
    private long nextJobId = 1;
    private int unfinished;
    private boolean closed;

    /**
     * @param disk     the free space new jobs are checked against before they are journaled.
     * @param retries  how many times a job the daemon died while proving is resumed before it is failed.
     * @param accepted told of every job accepted (submitted, or resumed by {@link #recover}), under the table's lock:
     *                 it has the job's key loaded and answers when the key is here; the job's partitions are handed
     *                 out only then (no pipeline worker waits for a load), or the job fails with why it could not be.
     */
    JobTable(final Journal journal, final DiskSpace disk, final Metrics metrics, final Timeline timeline,
        final Path spoolDir, final int capacity, final Duration retention, final int retries,
        final Function<Job, CompletableFuture<?>> accepted)
    {
        this.retries = retries;
        this.journal = journal;
        this.disk = disk;
        this.accepted = accepted;
        this.metrics = metrics;
        this.timeline = timeline;
        this.spoolDir = spoolDir;
        this.capacity = capacity;
        this.retention = retention;
    }

    /**
     * Rebuilds the table from the journal, writes the witnesses of unfinished jobs back to the spool, finishes a job
     * whose partitions were all journaled before a crash, compacts the journal, and schedules the unfinished jobs.
     * What the journal's open found (a torn tail dropped, damage skipped, a conversion) is printed on stderr; entries
     * that name a job whose submission was lost to damage are skipped, and an unfinished job whose witness was lost
     * fails with that reason, so that damage costs only the jobs it touched. A job that was running when the last
     * daemon died counts one more unclean stop; past the retries it fails, naming how many.
     *
     * @return how many unfinished jobs were resumed.
     */
    synchronized int recover(final long nowMs)
    {
        journal.notices().forEach(n -> System.err.println("jprove daemon: journal: " + n));
        final Map<Long, byte[]> witnesses = new HashMap<>();
        final List<String> orphans = new ArrayList<>();
        final Set<Long> running = new HashSet<>();
        journal.replay(entry -> apply(entry, witnesses, orphans, running));
        for (final long id : running)
        {
            final Job job = jobs.get(id);
            if (job != null && !job.state().isFinished())
            {
                // started by the last daemon, which never closed cleanly: it was running when the process died
                job.stops(job.stops() + 1);
            }
        }
        if (!orphans.isEmpty())
        {
            System.err.println("jprove daemon: journal: skipped " + orphans.size() + " entries of jobs whose submission"
                + " was lost to damage: " + String.join(", ", orphans.subList(0, Math.min(8, orphans.size())))
                + (orphans.size() > 8 ? ", ..." : ""));
        }
        int resumed = 0;
        for (final Job job : jobs.values())
        {
            if (job.state().isFinished())
            {
                continue;
            }
            unfinished++;
            if (job.allDone())
            {
                // every partition was journaled but the daemon died before the job's end was
                finish(job, JobState.SUCCEEDED, "", nowMs);
                continue;
            }
            if (job.stops() > retries)
            {
                final String why = "the daemon stopped " + job.stops() + " times while proving it (job-retries = "
                    + retries + "); not resumed again";
                System.err.println("jprove daemon: job " + job.id() + " (" + job.requestId() + ") failed: " + why);
                finish(job, JobState.FAILED, why, nowMs);
                continue;
            }
            if (witnessFile(job) != null && witnesses.get(job.id()) == null)
            {
                finish(job, JobState.FAILED, "its witness was lost with damaged journal entries; submit it again",
                    nowMs);
                continue;
            }
            spool(job, witnesses.get(job.id()));
            resumed++;
        }
        try
        {
            compact();
        }
        catch (final UncheckedIOException e)
        {
            // the old generation stays and serves; the next prune tries again
            System.err.println("jprove daemon: journal: " + e.getMessage());
        }
        for (final Job job : jobs.values())
        {
            if (!job.state().isFinished())
            {
                schedule(job);
            }
        }
        return resumed;
    }

    /**
     * Applies one replayed entry; entries of a job whose submission is unknown go to {@code orphans}; {@code running}
     * holds the jobs started since the last clean stop.
     */
    private void apply(final JournalRecord entry, final Map<Long, byte[]> witnesses, final List<String> orphans,
        final Set<Long> running)
    {
        switch (entry)
        {
            case JournalRecord.Generation g -> nextJobId = Math.max(nextJobId, g.nextJobId());
            case JournalRecord.Submitted s ->
            {
                final Job job = new Job(s.job(), s.requestId(), s.digest(), s.priority(), s.submittedMs(),
                    s.spec());
                jobs.put(s.job(), job);
                byRequest.put(s.requestId(), job);
                nextJobId = Math.max(nextJobId, s.job() + 1);
                if (s.witness().length > 0)
                {
                    witnesses.put(s.job(), s.witness());
                }
            }
            case JournalRecord.PartitionDone p ->
            {
                final Job job = jobs.get(p.job());
                if (job == null || p.partition() < 0 || p.partition() >= job.spec().partitions())
                {
                    orphans.add("partition " + p.partition() + " of job " + Long.toUnsignedString(p.job()));
                }
                else
                {
                    job.partitionDone(p.partition(), p.proof(), p.publicInputs());
                }
            }
            case JournalRecord.Finished f ->
            {
                final Job job = jobs.get(f.job());
                if (job == null)
                {
                    orphans.add("the end of job " + Long.toUnsignedString(f.job()));
                }
                else
                {
                    job.finish(f.state(), f.error(), f.finishedMs());
                }
                witnesses.remove(f.job());
            }
            case JournalRecord.Pruned p ->
            {
                final Job gone = jobs.remove(p.job());
                if (gone != null)
                {
                    byRequest.remove(gone.requestId(), gone);
                }
            }
            case JournalRecord.Started s ->
            {
                final Job job = jobs.get(s.job());
                if (job == null)
                {
                    orphans.add("the start of job " + Long.toUnsignedString(s.job()));
                }
                else
                {
                    job.stops(s.stops());
                    running.add(s.job());
                }
            }
            case JournalRecord.CleanStop c -> running.clear();
        }
    }

    private void spool(final Job job, final byte[] witness)
    {
        final Path file = witnessFile(job);
        if (file == null)
        {
            return;
        }
        try
        {
            Files.createDirectories(spoolDir);
            Files.write(file, witness);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write the witness of job " + job.id() + " to " + file, e);
        }
    }

    private static Path witnessFile(final Job job)
    {
        return switch (job.spec())
        {
            case JobSpec.Builtin b -> null;
            case JobSpec.Circom c -> c.witness();
            case JobSpec.Zkey z -> z.witness();
            case JobSpec.Porep r -> r.c1();
            case JobSpec.Post t -> t.input();
            case JobSpec.Snap u -> u.input();
        };
    }

    /**
     * Accepts a request: the job of an earlier request with the same id and payload, or a new job, journaled before
     * this returns.
     *
     * @param spec     what to prove; its witness path (if any) is where {@code incoming} is moved once accepted.
     * @param incoming the validated witness file written for this request, or null; deleted if not accepted.
     * @param witness  its bytes, for the journal (empty when none).
     * @throws RequestException CONFLICT for a request id used with another payload, BUSY when the queue is full,
     *                          NO_SPACE when the disk cannot take the job's entry and keep the reserve.
     */
    @Override
    public synchronized Submission submit(final String requestId, final int priority, final byte[] digest,
        final LongFunction<JobSpec> spec, final Path incoming, final byte[] witness,
        final long nowMs)
    {
        try
        {
            final Job earlier = byRequest.get(requestId);
            if (earlier != null)
            {
                if (!earlier.sameDigest(digest))
                {
                    throw new RequestException(RequestException.Reason.CONFLICT, "request id \"" + requestId
                        + "\" was used for another payload by job " + earlier.id() + "; use a new request id");
                }
                metrics.submitted(true);
                return new Submission(earlier, true);
            }
            if (unfinished >= capacity)
            {
                throw new RequestException(RequestException.Reason.BUSY, "busy: " + unfinished
                    + " unfinished jobs fill the queue (queue-capacity " + capacity + "); retry later");
            }
            final long id = nextJobId++;
            final JobSpec s = spec.apply(id);
            final Job job = new Job(id, requestId, digest, priority, nowMs, s);
            final JournalRecord.Submitted entry = new JournalRecord.Submitted(id, requestId, digest, priority, nowMs, s,
                witness);
            // the witness and a few paths and ids: an entry's size to within the fields' few kilobytes
            disk.requireRoomFor(witness.length + ENTRY_FIELDS_BYTES, "the job's journal entry");
            // the witness is in place before the job is journaled: a journaled job always has its spool file (or, after
            // a crash, its bytes in the journal), and a failed append leaves only a file the next start clears
            if (incoming != null)
            {
                Files.move(incoming, witnessFile(job), StandardCopyOption.REPLACE_EXISTING);
            }
            try
            {
                journal.append(entry);
            }
            catch (final UncheckedIOException e)
            {
                deleteQuietly(witnessFile(job));
                throw refusal(e);
            }
            jobs.put(id, job);
            byRequest.put(requestId, job);
            unfinished++;
            metrics.submitted(false);
            timeline.append(EventKind.JOB_SUBMIT, id, -1, -1, -1);
            schedule(job);
            return new Submission(job, false);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot move the witness into the spool " + spoolDir, e);
        }
        finally
        {
            deleteQuietly(incoming);
        }
    }

    /** @return a failed append as the client should see it: NO_SPACE when the disk is full or short of the reserve. */
    private RuntimeException refusal(final UncheckedIOException e)
    {
        final boolean noSpace = String.valueOf(e.getMessage()).contains("No space left on device");
        try
        {
            disk.requireRoomFor(0, "the journal");
        }
        catch (final RequestException full)
        {
            full.addSuppressed(e);
            return full;
        }
        return noSpace ? new RequestException(RequestException.Reason.NO_SPACE, "the data directory's disk is full: "
            + e.getMessage()) : e;
    }

    @Override
    public synchronized Job get(final long id)
    {
        final Job job = jobs.get(id);
        if (job == null)
        {
            throw new RequestException(RequestException.Reason.NOT_FOUND, "job " + Long.toUnsignedString(id)
                + " is unknown: never"
                + " submitted, or finished more than the retention (" + retention + ") ago and pruned");
        }
        return job;
    }

    @Override
    public synchronized Job newestAttempt(final String requestId)
    {
        // the jobs are in acceptance order: the last match is the newest
        Job newest = null;
        for (final Job job : jobs.values())
        {
            if (RequestAttempts.attempt(job.requestId(), requestId) > 0)
            {
                newest = job;
            }
        }
        return newest;
    }

    @Override
    public synchronized Job cancel(final long id, final long nowMs)
    {
        final Job job = get(id);
        if (!job.state().isFinished())
        {
            scheduler.remove(job);
            finish(job, JobState.CANCELLED, "cancelled by request", nowMs);
        }
        return job;
    }

    /**
     * Tells the runtime of the job, which has its key loaded; once the key is here its queued partitions are made
     * available (those journaled are done).
     */
    private void schedule(final Job job)
    {
        accepted.apply(job).whenComplete((ready, failure) -> keyArrived(job, failure));
    }

    /** The job's key is here, or could not be had: its partitions are handed out now, or it fails with the reason. */
    private synchronized void keyArrived(final Job job, final Throwable failure)
    {
        if (closed || job.state().isFinished())
        {
            return;
        }
        final Throwable cause = failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause() : failure;
        if (cause instanceof CancellationException)
        {
            // the job let go of its key (it ended) or the daemon is closing: nothing to fail
            return;
        }
        if (cause != null)
        {
            try
            {
                final KeyRef key = job.spec().key();
                finish(job, JobState.FAILED, "cannot load the " + key.kindName() + " key " + key.path() + ": "
                    + OneLine.of(cause), System.currentTimeMillis());
            }
            catch (final UncheckedIOException e)
            {
                // unjournaled, the job stays unfinished here; the next start loads its key again
                System.err.println("jprove daemon: the failure of job " + job.id() + " could not be journaled: "
                    + e.getMessage());
            }
            return;
        }
        try
        {
            scheduler.submit(job, job.queuedPartitions());
        }
        catch (final IllegalStateException e)
        {
            // stopping: the job resumes at the next start
        }
    }

    /**
     * Hands out the scheduler's next partition, now running, skipping those of jobs that ended meanwhile (without the
     * table's lock: it blocks).
     */
    @Override
    public Assignment take(final long timeoutMs) throws InterruptedException
    {
        return takeAtLeast(Integer.MIN_VALUE, timeoutMs);
    }

    @Override
    public Assignment takeUrgent(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        return takeAtLeast(atLeast, timeoutMs);
    }

    private Assignment takeAtLeast(final int atLeast, final long timeoutMs) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (true)
        {
            final long left = (deadline - System.nanoTime()) / 1_000_000;
            final Scheduler.Scheduled<Job> next = scheduler.take(Math.max(0, left), atLeast);
            if (next == null)
            {
                return null;
            }
            if (next.job().startPartition(next.partition()))
            {
                started(next.job());
                return new Assignment(next.job(), next.partition(), 0);
            }
        }
    }

    /**
     * Journals the job's start in this run, once, before its first partition goes to the pipeline: if the process
     * dies while proving it, the next start counts it.
     */
    private synchronized void started(final Job job)
    {
        if (closed || !job.startHere())
        {
            return;
        }
        try
        {
            journal.append(new JournalRecord.Started(job.id(), job.stops()));
        }
        catch (final UncheckedIOException e)
        {
            // the job runs regardless; only a crash during it would go uncounted
            System.err.println("jprove daemon: the start of job " + job.id() + " could not be journaled: "
                + e.getMessage());
        }
    }

    /** Stops handing out partitions: a waiting take returns null. */
    void stop()
    {
        scheduler.close();
    }

    /** Keeps a proved partition (unless the job ended meanwhile) and finishes the job when it was the last. */
    @Override
    public synchronized boolean partitionDone(final Assignment a, final PartitionProof p,
        final long nowMs)
    {
        final Job job = a.job();
        final int partition = a.partition();
        if (closed || job.state().isFinished())
        {
            job.partitionDropped(partition);
            return false;
        }
        try
        {
            journal.append(new JournalRecord.PartitionDone(job.id(), partition, p.proof(), p.publicInputs()));
        }
        catch (final UncheckedIOException e)
        {
            // not durable, so not kept: proved again, here once the disk takes it, or after a restart
            System.err.println("jprove daemon: partition " + partition + " of job " + job.id() + " is proved again: "
                + e.getMessage());
            job.requeue(partition);
            scheduler.submit(job, new int[] {partition});
            return false;
        }
        job.partitionDone(partition, p.proof(), p.publicInputs());
        if (job.allDone())
        {
            finish(job, JobState.SUCCEEDED, "", nowMs);
            timeline.append(EventKind.PROOF_DONE, job.id(), -1, -1, -1);
        }
        return true;
    }

    /** Fails the job of a partition that could not be proved. */
    @Override
    public synchronized void partitionFailed(final Assignment a, final String error, final long nowMs)
    {
        final Job job = a.job();
        final int partition = a.partition();
        job.partitionDropped(partition);
        if (!closed && !job.state().isFinished())
        {
            scheduler.remove(job);
            try
            {
                finish(job, JobState.FAILED, "partition " + partition + ": " + error, nowMs);
            }
            catch (final UncheckedIOException e)
            {
                // the job stays unfinished here; the next start resumes it and proves the partition again
                System.err.println("jprove daemon: the failure of job " + job.id() + " could not be journaled: "
                    + e.getMessage());
            }
        }
    }

    /** A running partition ended unproved: it is not kept, and is proved again if the job resumes. */
    @Override
    public void partitionDropped(final Assignment a)
    {
        a.job().partitionDropped(a.partition());
    }

    private void finish(final Job job, final JobState state, final String error, final long nowMs)
    {
        journal.append(new JournalRecord.Finished(job.id(), state, error, nowMs));
        if (job.finish(state, error, nowMs))
        {
            unfinished--;
            metrics.finished(state, (nowMs - job.submittedMs()) * 1_000_000L);
            deleteQuietly(witnessFile(job));
        }
    }

    /**
     * Forgets the jobs that finished more than the retention ago, and compacts the journal when most of it is then
     * dead.
     *
     * @return how many were pruned.
     */
    @Override
    public synchronized int prune(final long nowMs)
    {
        final List<Job> expired = new ArrayList<>();
        for (final Job job : jobs.values())
        {
            if (job.state().isFinished() && nowMs - job.finishedMs() >= retention.toMillis())
            {
                expired.add(job);
            }
        }
        for (final Job job : expired)
        {
            journal.append(new JournalRecord.Pruned(job.id()));
            jobs.remove(job.id());
            byRequest.remove(job.requestId(), job);
        }
        if (!expired.isEmpty() && journal.entries() > 4 * liveEntries() + 256)
        {
            try
            {
                compact();
            }
            catch (final UncheckedIOException e)
            {
                // the old generation stays and serves; the next prune tries again
                System.err.println("jprove daemon: journal: " + e.getMessage());
            }
        }
        return expired.size();
    }

    private long liveEntries()
    {
        long n = 1;
        for (final Job job : jobs.values())
        {
            n += 2 + job.partitionsDone();
        }
        return n;
    }

    /** Rewrites the journal as the entries of the jobs known now (witnesses of unfinished jobs read back). */
    private void compact()
    {
        final List<JournalRecord> live = new ArrayList<>();
        live.add(new JournalRecord.Generation(nextJobId));
        for (final Job job : jobs.values())
        {
            final boolean finished = job.state().isFinished();
            final Path w = witnessFile(job);
            final byte[] witness;
            try
            {
                witness = finished || w == null ? new byte[0] : Files.readAllBytes(w);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("cannot read the spooled witness of job " + job.id() + " at " + w, e);
            }
            live.add(new JournalRecord.Submitted(job.id(), job.requestId(), job.digest(), job.priority(),
                job.submittedMs(), job.spec(), witness));
            for (int i = 0; i < job.spec().partitions(); i++)
            {
                final JournalRecord.PartitionDone done = job.doneRecord(i);
                if (done != null)
                {
                    live.add(done);
                }
            }
            if (finished)
            {
                live.add(new JournalRecord.Finished(job.id(), job.state(), job.error(), job.finishedMs()));
            }
        }
        // the unclean stops of unfinished jobs survive the compaction; those started in this run stay open
        final List<JournalRecord> open = new ArrayList<>();
        boolean counted = false;
        for (final Job job : jobs.values())
        {
            if (!job.state().isFinished() && job.startedHere())
            {
                open.add(new JournalRecord.Started(job.id(), job.stops()));
            }
            else if (!job.state().isFinished() && job.stops() > 0)
            {
                live.add(new JournalRecord.Started(job.id(), job.stops()));
                counted = true;
            }
        }
        if (counted)
        {
            live.add(new JournalRecord.CleanStop());
        }
        live.addAll(open);
        journal.compact(live);
    }

    /** @return every known job, oldest first (a copy). */
    @Override
    public synchronized List<Job> jobs()
    {
        return new ArrayList<>(jobs.values());
    }

    /** @return known jobs by state. */
    @Override
    public synchronized Map<JobState, Integer> counts()
    {
        final Map<JobState, Integer> m = new EnumMap<>(JobState.class);
        for (final JobState s : JobState.values())
        {
            m.put(s, 0);
        }
        for (final Job job : jobs.values())
        {
            m.merge(job.state(), 1, Integer::sum);
        }
        return m;
    }

    /**
     * Journals a clean stop (the pipeline has stopped: no job of this run was interrupted by a crash) and closes the
     * journal; a partition that ends afterwards is not kept (it is proved again at the next start).
     */
    @Override
    public synchronized void close()
    {
        if (!closed)
        {
            closed = true;
            try
            {
                journal.append(new JournalRecord.CleanStop());
            }
            catch (final RuntimeException e)
            {
                // the next start counts the jobs of this run as interrupted: a retry lost, never a job
                System.err.println("jprove daemon: journal: the clean stop could not be written: " + e.getMessage());
            }
            journal.close();
        }
    }

    /** @return the queue bound. */
    @Override
    public int capacity()
    {
        return capacity;
    }

    /** Deletes a spool file if there is one; a failure costs disk only. */
    static void deleteQuietly(final Path file)
    {
        if (file == null)
        {
            return;
        }
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException e)
        {
            // a stale spool file costs disk only; it is overwritten if its job id (or input) comes back
        }
    }
}
