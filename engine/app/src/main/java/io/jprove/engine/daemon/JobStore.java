package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Where the daemon keeps its jobs: {@link JobTable} (this host's journal) or {@link ClusterStore} (a PostgreSQL
 * database that several daemons share). The gRPC and HTTP paths see only this; a {@link Job} it returns for an
 * unfinished job tells its listeners when the job ends, whichever host proved it.
 */
interface JobStore
{
    /** An accepted request: the job, and whether an earlier request with the same id and payload made it. */
    record Submission(Job job, boolean duplicate)
    {
    }

    /**
     * Accepts a request: the job of an earlier request with the same id and payload, or a new job, durable before
     * this returns.
     *
     * @param spec     what to prove; its witness path (if any) is where {@code incoming} is moved once accepted.
     * @param incoming the validated witness file written for this request, or null; deleted if not accepted.
     * @param witness  its bytes (empty when none).
     * @throws RequestException CONFLICT for a request id used with another payload, BUSY when the queue is full.
     */
    Submission submit(String requestId, int priority, byte[] digest, LongFunction<JobSpec> spec, Path incoming,
        byte[] witness, long nowMs);

    /** @throws RequestException NOT_FOUND when the job is unknown. */
    Job get(long id);

    /**
     * @return the newest known job whose request id is {@code requestId} or an attempt of it
     *         ({@link RequestAttempts}), or null when none is known.
     */
    Job newestAttempt(String requestId);

    /** Cancels an unfinished job (its running partitions end at their boundary and are discarded). */
    Job cancel(long id, long nowMs);

    /** @return every known job, oldest first. */
    List<Job> jobs();

    /** @return known jobs by state. */
    Map<JobState, Integer> counts();

    /** Forgets the jobs that finished more than the retention ago. @return how many */
    int prune(long nowMs);

    /** @return the queue bound (unfinished jobs). */
    int capacity();

    /** Stops taking changes; a partition that ends afterwards is proved again later. */
    void close();
}
