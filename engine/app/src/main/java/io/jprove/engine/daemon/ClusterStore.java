package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateShape;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * The jobs of a cluster of daemons, in a PostgreSQL database they share ({@link ClusterSchema}): any daemon accepts a
 * submission (one transaction: the job row, its partition rows, its witness stored once by digest), answers for any
 * job, cancels any job, and prunes finished jobs after the retention. A {@link Job} it hands out for an unfinished
 * job is this host's view of it: {@link #refreshWatched} (every poll) tells its listeners when the job has ended,
 * with the proofs read in partition order, wherever they were proved.
 */
final class ClusterStore implements JobStore
{
    /** A job's row: what every host needs to prove its partitions. */
    record JobRow(long id, String requestId, byte[] digest, int priority, JobSpec spec, long partitionBytes,
        byte[] inputDigest, String state, String error, long submittedMs, long finishedMs)
    {
        /** @return a fresh view of the job, every partition queued. */
        Job newJob()
        {
            return new Job(id, requestId, digest, priority, submittedMs, spec);
        }
    }

    static final String OPEN = "open";
    private static final String JOB_COLUMNS = "id, request_id, digest, priority, kind, name, key_path, r1cs_path,"
        + " seed, partitions, partition_bytes, input_digest, state, error, submitted_ms, finished_ms";

    private final ClusterDatabase db;
    private final Metrics metrics;
    private final Timeline timeline;
    private final Path spoolDir;
    private final int capacity;
    private final Duration retention;
    private final Duration requestWait;
    private final Map<Long, Job> watched = new HashMap<>();
    private final Map<Long, JobRow> rows = new ConcurrentHashMap<>();
    private Runnable onSubmit = () -> { };

    /**
     * @param requestWait how long a client's request rides out an unreachable database before it is refused.
     */
    ClusterStore(final ClusterDatabase db, final Metrics metrics, final Timeline timeline, final Path spoolDir,
        final int capacity, final Duration retention, final Duration requestWait)
    {
        this.db = db;
        this.metrics = metrics;
        this.timeline = timeline;
        this.spoolDir = spoolDir;
        this.capacity = capacity;
        this.retention = retention;
        this.requestWait = requestWait;
    }

    /** Runs {@code r} after each accepted submission (wakes this host's idle workers). */
    void onSubmit(final Runnable r)
    {
        onSubmit = r;
    }

    private long deadline()
    {
        return System.nanoTime() + requestWait.toNanos();
    }

    @Override
    public Submission submit(final String requestId, final int priority, final byte[] digest,
        final LongFunction<JobSpec> spec, final Path incoming, final byte[] witness, final long nowMs)
    {
        try
        {
            final JobSpec s = spec.apply(0);
            final byte[] input = witness.length == 0 ? null : sha256(witness);
            if (input != null && incoming != null)
            {
                // this host proves from the spool file as every other host does after fetching the input once
                Files.createDirectories(spoolDir);
                Files.move(incoming, inputFile(input), StandardCopyOption.REPLACE_EXISTING);
            }
            final long keyBytes = keyBytes(s);
            final long[] id = new long[1];
            final boolean duplicate = db.call("accepting request " + requestId, deadline(), c ->
                insert(c, requestId, priority, digest, s, keyBytes, input, witness, nowMs, id));
            metrics.submitted(duplicate);
            if (!duplicate)
            {
                timeline.append(EventKind.JOB_SUBMIT, id[0], -1, -1, -1);
                onSubmit.run();
            }
            return new Submission(get(id[0]), duplicate);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot move the witness into the spool " + spoolDir, e);
        }
        finally
        {
            JobTable.deleteQuietly(incoming);
        }
    }

    /** @return whether an earlier request made the job; its id in {@code id[0]}. */
    private boolean insert(final Connection c, final String requestId, final int priority, final byte[] digest,
        final JobSpec s, final long keyBytes, final byte[] input, final byte[] witness, final long nowMs,
        final long[] id) throws SQLException
    {
        // the lock on one row serializes submissions, so the bound on open jobs holds across hosts
        query(c, "SELECT value FROM jprove_meta WHERE name = 'submit' FOR UPDATE").close();
        try (PreparedStatement p = prepare(c, "SELECT id, digest FROM jprove_job WHERE request_id = ?"))
        {
            p.setString(1, requestId);
            try (ResultSet r = p.executeQuery())
            {
                if (r.next())
                {
                    id[0] = r.getLong(1);
                    if (!java.util.Arrays.equals(r.getBytes(2), digest))
                    {
                        throw new RequestException(RequestException.Reason.CONFLICT, "request id \"" + requestId
                            + "\" was used for another payload by job " + id[0] + "; use a new request id");
                    }
                    return true;
                }
            }
        }
        try (ResultSet r = query(c, "SELECT count(*) FROM jprove_job WHERE state = '" + OPEN + "'"))
        {
            r.next();
            final long open = r.getLong(1);
            if (open >= capacity)
            {
                throw new RequestException(RequestException.Reason.BUSY, "busy: " + open + " unfinished jobs fill"
                    + " the cluster's queue (queue-capacity " + capacity + "); retry later");
            }
        }
        if (input != null)
        {
            try (PreparedStatement p = prepare(c, "INSERT INTO jprove_input (digest, bytes) VALUES (?, ?)"
                + " ON CONFLICT (digest) DO NOTHING"))
            {
                p.setBytes(1, input);
                p.setBytes(2, witness);
                p.executeUpdate();
            }
        }
        try (PreparedStatement p = prepare(c, "INSERT INTO jprove_job (request_id, digest, priority, kind, name,"
            + " key_path, r1cs_path, seed, partitions, partition_bytes, input_digest, state, done, error,"
            + " submitted_ms, finished_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '" + OPEN + "', 0, '', ?, 0)"
            + " RETURNING id"))
        {
            int k = 1;
            p.setString(k++, requestId);
            p.setBytes(k++, digest);
            p.setInt(k++, priority);
            p.setString(k++, s.kind());
            p.setString(k++, s instanceof final JobSpec.Builtin b ? b.name()
                : s instanceof final JobSpec.Porep r ? r.proof().name()
                : s instanceof final JobSpec.Post t ? t.proof().name()
                : s instanceof final JobSpec.Snap u ? u.shape().name() : "");
            p.setString(k++, s.key().path().toString());
            p.setString(k++, s instanceof final JobSpec.Circom ci ? ci.r1cs().toString() : "");
            p.setLong(k++, s instanceof final JobSpec.Builtin b ? b.seed() : 0);
            p.setInt(k++, s.partitions());
            p.setLong(k++, keyBytes);
            p.setBytes(k++, input);
            p.setLong(k, nowMs);
            try (ResultSet r = p.executeQuery())
            {
                r.next();
                id[0] = r.getLong(1);
            }
        }
        try (PreparedStatement p = prepare(c, "INSERT INTO jprove_partition (job, part, priority, bytes, state, claim)"
            + " SELECT ?, g, ?, ?, " + ClusterSchema.QUEUED + ", 0 FROM generate_series(0, ? - 1) AS g"))
        {
            p.setLong(1, id[0]);
            p.setInt(2, priority);
            p.setLong(3, keyBytes);
            p.setInt(4, s.partitions());
            p.executeUpdate();
        }
        return false;
    }

    @Override
    public Job get(final long id)
    {
        final Job job = db.call("reading job " + id, deadline(), c -> read(c, id));
        if (job == null)
        {
            throw new RequestException(RequestException.Reason.NOT_FOUND, "job " + id + " is unknown: never"
                + " submitted, or finished more than the retention (" + retention + ") ago and pruned");
        }
        return job;
    }

    @Override
    public Job newestAttempt(final String requestId)
    {
        // RequestAttempts' names: the id itself, or #digits:id
        final Long id = db.call("looking up request " + requestId, deadline(), c ->
        {
            try (PreparedStatement p = prepare(c, "SELECT id FROM jprove_job WHERE request_id = ? OR (left(request_id,"
                + " 1) = '#' AND right(request_id, ?) = ? AND substr(request_id, 2, length(request_id) - ? - 1)"
                + " ~ '^[0-9]+$') ORDER BY id DESC LIMIT 1"))
            {
                final String suffix = ":" + requestId;
                p.setString(1, requestId);
                p.setInt(2, suffix.length());
                p.setString(3, suffix);
                p.setInt(4, suffix.length());
                try (ResultSet r = p.executeQuery())
                {
                    return r.next() ? r.getLong(1) : null;
                }
            }
        });
        if (id == null)
        {
            return null;
        }
        try
        {
            return get(id);
        }
        catch (final RequestException e)
        {
            // pruned between the two reads
            return null;
        }
    }

    /** @return the job (this host's watched instance while unfinished), or null when unknown. */
    private Job read(final Connection c, final long id) throws SQLException
    {
        final JobRow row;
        try (PreparedStatement p = prepare(c, "SELECT " + JOB_COLUMNS + " FROM jprove_job WHERE id = ?"))
        {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery())
            {
                if (!r.next())
                {
                    return null;
                }
                row = row(r);
            }
        }
        final int n = row.spec().partitions();
        final Job.PartitionState[] states = new Job.PartitionState[n];
        final byte[][] proofs = new byte[n][];
        final byte[][] inputs = new byte[n][];
        final boolean ended = !OPEN.equals(row.state());
        try (PreparedStatement p = prepare(c, "SELECT part, state" + (ended ? ", proof, public_inputs" : "")
            + " FROM jprove_partition WHERE job = ? ORDER BY part"))
        {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery())
            {
                while (r.next())
                {
                    final int part = r.getInt(1);
                    states[part] = partitionState(r.getInt(2));
                    if (ended)
                    {
                        proofs[part] = r.getBytes(3);
                        inputs[part] = r.getBytes(4);
                    }
                }
            }
        }
        if (!ended)
        {
            final Job job;
            synchronized (watched)
            {
                job = watched.computeIfAbsent(id, k -> row.newJob());
            }
            job.observe(states);
            return job;
        }
        final Job job;
        synchronized (watched)
        {
            final Job w = watched.remove(id);
            job = w != null ? w : row.newJob();
        }
        for (int i = 0; i < n; i++)
        {
            if (states[i] == Job.PartitionState.DONE)
            {
                job.partitionDone(i, proofs[i], inputs[i]);
            }
        }
        // the listeners of a watched job hear of its end here, on whichever host's thread read it
        job.finish(JobState.valueOf(row.state().toUpperCase(java.util.Locale.ROOT)), row.error(), row.finishedMs());
        return job;
    }

    private static Job.PartitionState partitionState(final int stored)
    {
        return switch (stored)
        {
            case ClusterSchema.QUEUED -> Job.PartitionState.QUEUED;
            case ClusterSchema.CLAIMED -> Job.PartitionState.RUNNING;
            case ClusterSchema.DONE -> Job.PartitionState.DONE;
            default -> Job.PartitionState.DROPPED;
        };
    }

    private JobRow row(final ResultSet r) throws SQLException
    {
        final String kind = r.getString(5);
        final Path key = Path.of(r.getString(7));
        final byte[] input = r.getBytes(12);
        final JobSpec spec = switch (kind)
        {
            case "builtin" -> new JobSpec.Builtin(r.getString(6), key, r.getInt(10), r.getLong(9));
            case "circom" -> new JobSpec.Circom(key, Path.of(r.getString(8)), inputFile(input));
            case "zkey" -> new JobSpec.Zkey(key, inputFile(input));
            case "porep" -> new JobSpec.Porep(RegisteredSealProof.ofName(r.getString(6)), key, inputFile(input));
            case "post" -> new JobSpec.Post(RegisteredPostProof.valueOf(r.getString(6)), key, inputFile(input));
            case "snap" -> new JobSpec.Snap(UpdateShape.byName(r.getString(6)), key, inputFile(input));
            default -> throw new IllegalStateException("job " + r.getLong(1) + " has an unknown kind " + kind);
        };
        return new JobRow(r.getLong(1), r.getString(2), r.getBytes(3), r.getInt(4), spec, r.getLong(11), input,
            r.getString(13), r.getString(14), r.getLong(15), r.getLong(16));
    }

    /** @return a job's row (read once per host: a job's spec never changes), for the claims. */
    JobRow row(final long id)
    {
        final JobRow cached = rows.get(id);
        if (cached != null)
        {
            return cached;
        }
        final JobRow row = db.callUntilClosed("reading job " + id, c ->
        {
            try (PreparedStatement p = prepare(c, "SELECT " + JOB_COLUMNS + " FROM jprove_job WHERE id = ?"))
            {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery())
                {
                    return r.next() ? row(r) : null;
                }
            }
        });
        if (row != null)
        {
            rows.put(id, row);
        }
        return row;
    }

    /**
     * Writes a job's input (its witness) to this host's spool unless it is there: read from the database once per
     * host, never on the claim path.
     */
    void fetchInput(final JobRow row)
    {
        if (row.inputDigest() == null || Files.exists(inputFile(row.inputDigest())))
        {
            return;
        }
        final byte[] bytes = db.callUntilClosed("reading the input of job " + row.id(), c ->
        {
            try (PreparedStatement p = prepare(c, "SELECT bytes FROM jprove_input WHERE digest = ?"))
            {
                p.setBytes(1, row.inputDigest());
                try (ResultSet r = p.executeQuery())
                {
                    return r.next() ? r.getBytes(1) : null;
                }
            }
        });
        if (bytes == null)
        {
            throw new IllegalStateException("the cluster database holds no input for job " + row.id());
        }
        final Path file = inputFile(row.inputDigest());
        try
        {
            Files.createDirectories(spoolDir);
            final Path part = Files.createTempFile(spoolDir, "input", ".part");
            Files.write(part, bytes);
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write the input of job " + row.id() + " to " + file, e);
        }
    }

    private Path inputFile(final byte[] digest)
    {
        return digest == null ? null : spoolDir.resolve(HexFormat.of().formatHex(digest) + ".wtns");
    }

    /** Tells the listeners of watched jobs that have ended; called every poll period. */
    void refreshWatched()
    {
        final Long[] ids;
        synchronized (watched)
        {
            if (watched.isEmpty())
            {
                return;
            }
            ids = watched.keySet().toArray(new Long[0]);
        }
        final List<Long> ended = db.call("polling awaited jobs", deadline(), c ->
        {
            final List<Long> out = new ArrayList<>();
            try (PreparedStatement p = prepare(c, "SELECT id FROM jprove_job WHERE id = ANY (?) AND state <> '"
                + OPEN + "'"))
            {
                p.setArray(1, c.createArrayOf("bigint", ids));
                try (ResultSet r = p.executeQuery())
                {
                    while (r.next())
                    {
                        out.add(r.getLong(1));
                    }
                }
            }
            // a watched job pruned meanwhile (it ended long ago on other hosts) is forgotten
            return out;
        });
        for (final long id : ended)
        {
            get(id);
        }
    }

    @Override
    public Job cancel(final long id, final long nowMs)
    {
        final boolean cancelled = db.call("cancelling job " + id, deadline(), c ->
        {
            try (PreparedStatement p = prepare(c, "UPDATE jprove_job SET state = 'cancelled', error = 'cancelled by"
                + " request', finished_ms = ? WHERE id = ? AND state = '" + OPEN + "'"))
            {
                p.setLong(1, nowMs);
                p.setLong(2, id);
                if (p.executeUpdate() == 0)
                {
                    return false;
                }
            }
            dropPartitions(c, id);
            return true;
        });
        final Job job = get(id);
        if (cancelled)
        {
            metrics.finished(JobState.CANCELLED, 0);
        }
        return job;
    }

    /** Drops the unfinished partitions of an ended job: a claim on one is no longer honoured. */
    void dropPartitions(final Connection c, final long id) throws SQLException
    {
        try (PreparedStatement p = prepare(c, "UPDATE jprove_partition SET state = " + ClusterSchema.DROPPED
            + ", owner = NULL, deadline = NULL WHERE job = ? AND state IN (" + ClusterSchema.QUEUED + ", "
            + ClusterSchema.CLAIMED + ")"))
        {
            p.setLong(1, id);
            p.executeUpdate();
        }
    }

    @Override
    public List<Job> jobs()
    {
        final List<Long> ids = db.call("listing jobs", deadline(), c ->
        {
            final List<Long> out = new ArrayList<>();
            try (ResultSet r = query(c, "SELECT id FROM jprove_job ORDER BY id"))
            {
                while (r.next())
                {
                    out.add(r.getLong(1));
                }
            }
            return out;
        });
        final List<Job> out = new ArrayList<>();
        for (final long id : ids)
        {
            final Job job = db.call("reading job " + id, deadline(), c -> read(c, id));
            if (job != null)
            {
                out.add(job);
            }
        }
        return out;
    }

    @Override
    public Map<JobState, Integer> counts()
    {
        final Map<JobState, Integer> m = new EnumMap<>(JobState.class);
        for (final JobState s : JobState.values())
        {
            m.put(s, 0);
        }
        db.call("counting jobs", deadline(), c ->
        {
            try (ResultSet r = query(c, "SELECT j.state, EXISTS (SELECT 1 FROM jprove_partition p WHERE p.job = j.id"
                + " AND p.state <> " + ClusterSchema.QUEUED + "), count(*) FROM jprove_job j GROUP BY 1, 2"))
            {
                while (r.next())
                {
                    final String state = r.getString(1);
                    final JobState s = OPEN.equals(state) ? (r.getBoolean(2) ? JobState.RUNNING : JobState.QUEUED)
                        : JobState.valueOf(state.toUpperCase(java.util.Locale.ROOT));
                    m.merge(s, r.getInt(3), Integer::sum);
                }
            }
            return null;
        });
        return m;
    }

    @Override
    public int prune(final long nowMs)
    {
        final Set<String> keep = new HashSet<>();
        final Set<Long> open = new HashSet<>();
        final int pruned = db.call("pruning finished jobs", deadline(), c ->
        {
            final int n;
            try (PreparedStatement p = prepare(c, "DELETE FROM jprove_job WHERE state <> '" + OPEN + "' AND"
                + " finished_ms <= ?"))
            {
                p.setLong(1, nowMs - retention.toMillis());
                n = p.executeUpdate();
            }
            // an input is kept while an open job needs it
            try (PreparedStatement p = prepare(c, "DELETE FROM jprove_input i WHERE NOT EXISTS (SELECT 1 FROM"
                + " jprove_job j WHERE j.input_digest = i.digest AND j.state = '" + OPEN + "')"))
            {
                p.executeUpdate();
            }
            try (ResultSet r = query(c, "SELECT id, input_digest FROM jprove_job WHERE state = '" + OPEN + "'"))
            {
                while (r.next())
                {
                    open.add(r.getLong(1));
                    final byte[] input = r.getBytes(2);
                    if (input != null)
                    {
                        keep.add(HexFormat.of().formatHex(input) + ".wtns");
                    }
                }
            }
            return n;
        });
        rows.keySet().retainAll(open);
        pruneSpool(keep);
        return pruned;
    }

    /** Deletes spooled inputs no open job needs (older than a minute: a submission may be writing one now). */
    private void pruneSpool(final Set<String> keep)
    {
        if (!Files.isDirectory(spoolDir))
        {
            return;
        }
        final long before = System.currentTimeMillis() - 60_000;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(spoolDir, "*.wtns"))
        {
            for (final Path f : files)
            {
                if (!keep.contains(f.getFileName().toString()) && Files.getLastModifiedTime(f).toMillis() < before)
                {
                    Files.deleteIfExists(f);
                }
            }
        }
        catch (final IOException e)
        {
            // a stale spool file costs disk only; the next prune tries again
        }
    }

    @Override
    public int capacity()
    {
        return capacity;
    }

    @Override
    public void close()
    {
        synchronized (watched)
        {
            watched.clear();
        }
    }

    /** @return a statement, counted. */
    PreparedStatement prepare(final Connection c, final String sql) throws SQLException
    {
        db.sent(1);
        return c.prepareStatement(sql);
    }

    private ResultSet query(final Connection c, final String sql) throws SQLException
    {
        db.sent(1);
        // closing the result set closes the statement (closeOnCompletion)
        final PreparedStatement p = c.prepareStatement(sql);
        p.closeOnCompletion();
        return p.executeQuery();
    }

    private static long keyBytes(final JobSpec s)
    {
        try
        {
            return Files.size(s.key().path());
        }
        catch (final IOException e)
        {
            return 0;
        }
    }

    private static byte[] sha256(final byte[] bytes)
    {
        try
        {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }
}
