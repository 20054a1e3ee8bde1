package io.jprove.engine.daemon;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

import io.jprove.engine.pipeline.OneLine;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;

/**
 * This host's side of the cluster's shared queue: its workers' partitions come from claims on the partition rows,
 * and their results go back fenced. The mechanics, each one statement (times are the database's clock):
 * <ul>
 *   <li><b>claim</b>: a free worker takes the queued partition of highest priority (then oldest job, lowest
 *       partition) whose memory need fits what is left of the host's budget, with {@code FOR UPDATE SKIP LOCKED}, so
 *       hosts claiming at once never wait for each other nor take the same row; the claim counter is incremented
 *       (the fencing token) and a deadline set. A host claims only for a worker that is idle: its capacity is its
 *       workers and its memory budget.</li>
 *   <li><b>completion</b>: the proof is stored only if the row is still claimed by this host under the same token,
 *       and the job's done count goes up in the same transaction; a host that lost the claim (silent past the
 *       lease, or past the partition timeout) is refused, so no partition is counted twice.</li>
 *   <li><b>heartbeat</b>: every period the host writes its heartbeat, then returns to the queue the claims of hosts
 *       silent past the lease and those past their deadline (every host does this; it is idempotent).</li>
 *   <li><b>resume</b>: at start, the claims still held under this host's name are proved again first.</li>
 *   <li><b>no device</b>: while none of the host's devices can prove (every one faulted, or restarting after a
 *       fault), the host claims nothing, so the other hosts prove the queue; it claims again once one is back.</li>
 * </ul>
 * Thread-safe: the workers call {@link #take} and the results at once; one heartbeat thread.
 */
final class ClusterClaims implements PartitionSource
{
    private final ClusterDatabase db;
    private final ClusterConfig config;
    private final ClusterStore store;
    private final Metrics metrics;
    private final Timeline timeline;
    /** Held while claiming, so that each claim sees the memory of the claims before it. */
    private final Object claimLock = new Object();
    /** Idle workers wait here for a poll period or a {@link #wake}. */
    private final Object idle = new Object();
    private final ConcurrentLinkedDeque<long[]> resumed = new ConcurrentLinkedDeque<>();
    private final AtomicLong inFlightBytes = new AtomicLong();
    private final LongAdder claims = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder claimNanos = new LongAdder();
    private final LongAdder returned = new LongAdder();
    private volatile boolean closed;
    private volatile boolean registered;
    private volatile boolean reachable = true;
    private boolean woken;
    /** Whether a device of this host can prove now: claims are made only then. */
    private final BooleanSupplier canProve;
    private volatile boolean claiming = true;

    /** @param canProve whether a device of this host can prove now (no claim is made while none can). */
    ClusterClaims(final ClusterDatabase db, final ClusterConfig config, final ClusterStore store,
        final Metrics metrics, final Timeline timeline, final BooleanSupplier canProve)
    {
        this.canProve = canProve;
        this.db = db;
        this.config = config;
        this.store = store;
        this.metrics = metrics;
        this.timeline = timeline;
    }

    /**
     * Registers the host (or takes its row over again after a restart) and picks up the claims it still holds.
     *
     * @return how many claims were resumed.
     */
    int register(final String address, final int workers)
    {
        final List<long[]> owned = db.call("registering host " + config.host(), deadline(), c ->
        {
            try (PreparedStatement p = store.prepare(c, "INSERT INTO jprove_host (name, address, workers,"
                + " memory_budget, started, heartbeat) VALUES (?, ?, ?, ?, now(), now()) ON CONFLICT (name) DO UPDATE"
                + " SET address = excluded.address, workers = excluded.workers, memory_budget ="
                + " excluded.memory_budget, started = now(), heartbeat = now()"))
            {
                p.setString(1, config.host());
                p.setString(2, address);
                p.setInt(3, workers);
                p.setLong(4, config.memoryBudgetBytes());
                p.executeUpdate();
            }
            final List<long[]> out = new ArrayList<>();
            try (PreparedStatement p = store.prepare(c, "UPDATE jprove_partition SET deadline = now() + ? * interval"
                + " '1 millisecond' WHERE state = " + ClusterSchema.CLAIMED + " AND owner = ? RETURNING job, part,"
                + " claim, bytes"))
            {
                p.setLong(1, config.partitionTimeout().toMillis());
                p.setString(2, config.host());
                try (ResultSet r = p.executeQuery())
                {
                    while (r.next())
                    {
                        out.add(new long[] {r.getLong(1), r.getInt(2), r.getLong(3), r.getLong(4)});
                    }
                }
            }
            return out;
        });
        resumed.addAll(owned);
        registered = true;
        wake();
        return owned.size();
    }

    private long deadline()
    {
        return System.nanoTime() + config.lease().toNanos();
    }

    /** Writes the heartbeat, then returns the claims of silent hosts and expired ones. Runs every heartbeat. */
    void heartbeat()
    {
        try
        {
            final int back = db.call("heartbeat", System.nanoTime() + config.heartbeat().toNanos(), c ->
            {
                try (PreparedStatement p = store.prepare(c, "UPDATE jprove_host SET heartbeat = now() WHERE"
                    + " name = ?"))
                {
                    p.setString(1, config.host());
                    p.executeUpdate();
                }
                try (PreparedStatement p = store.prepare(c, "UPDATE jprove_partition SET state = "
                    + ClusterSchema.QUEUED + ", owner = NULL, deadline = NULL WHERE state = " + ClusterSchema.CLAIMED
                    + " AND (deadline < now() OR owner IN (SELECT name FROM jprove_host WHERE heartbeat < now() - ?"
                    + " * interval '1 millisecond'))"))
                {
                    p.setLong(1, config.lease().toMillis());
                    return p.executeUpdate();
                }
            });
            returned.add(back);
            if (!reachable)
            {
                reachable = true;
                System.err.println("jprove daemon: the cluster database answers again");
            }
            if (back > 0)
            {
                wake();
            }
        }
        catch (final IllegalStateException e)
        {
            if (reachable && !closed)
            {
                reachable = false;
                System.err.println("jprove daemon: " + e.getMessage() + "; retrying");
            }
        }
    }

    /** Wakes idle workers to claim at once (a submission on this host, a claim returned, a budget freed). */
    void wake()
    {
        synchronized (idle)
        {
            woken = true;
            idle.notifyAll();
        }
    }

    /**
     * Claims the next partition: one held under this host's name before a restart first, once the host has
     * registered; else the queue's best that fits the memory left.
     */
    @Override
    public Assignment take(final long timeoutMs) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (!closed)
        {
            if (registered && deviceReady())
            {
                final long[] claim;
                synchronized (claimLock)
                {
                    final long[] again = resumed.poll();
                    claim = again != null ? again : claim();
                    if (claim != null)
                    {
                        inFlightBytes.addAndGet(claim[3]);
                    }
                }
                if (claim != null)
                {
                    final Assignment a = assignment(claim);
                    if (a != null)
                    {
                        return a;
                    }
                    continue;
                }
            }
            final long leftMs = (deadline - System.nanoTime()) / 1_000_000;
            if (leftMs <= 0)
            {
                return null;
            }
            synchronized (idle)
            {
                if (!woken)
                {
                    idle.wait(Math.min(leftMs, config.poll().toMillis()));
                }
                woken = false;
            }
        }
        return null;
    }

    /** @return whether a device can prove; says so on stderr when that changes. */
    private boolean deviceReady()
    {
        final boolean can = canProve.getAsBoolean();
        if (can != claiming)
        {
            claiming = can;
            System.err.println("jprove daemon: " + (can ? "a device can prove again: claiming partitions again"
                : "no device of this host can prove (faulted or restarting): claiming no partitions meanwhile"));
        }
        return can;
    }

    /** @return (job, partition, claim, bytes) of a new claim, or null when nothing fits or the database is away. */
    private long[] claim()
    {
        final long inFlight = inFlightBytes.get();
        final long budget = config.memoryBudgetBytes();
        final long free = budget == 0 || inFlight == 0 ? Long.MAX_VALUE : budget - inFlight;
        if (free <= 0)
        {
            return null;
        }
        final long t0 = System.nanoTime();
        try
        {
            final long[] c = db.call("claiming a partition", deadline(), conn ->
            {
                try (PreparedStatement p = store.prepare(conn, "UPDATE jprove_partition SET state = "
                    + ClusterSchema.CLAIMED + ", owner = ?, claim = claim + 1, deadline = now() + ? * interval"
                    + " '1 millisecond' WHERE (job, part) = (SELECT job, part FROM jprove_partition WHERE state = "
                    + ClusterSchema.QUEUED + " AND bytes <= ? ORDER BY priority DESC, job, part LIMIT 1 FOR UPDATE"
                    + " SKIP LOCKED) RETURNING job, part, claim, bytes"))
                {
                    p.setString(1, config.host());
                    p.setLong(2, config.partitionTimeout().toMillis());
                    p.setLong(3, free);
                    try (ResultSet r = p.executeQuery())
                    {
                        return r.next() ? new long[] {r.getLong(1), r.getInt(2), r.getLong(3), r.getLong(4)} : null;
                    }
                }
            });
            if (c != null)
            {
                claims.increment();
                claimNanos.add(System.nanoTime() - t0);
            }
            return c;
        }
        catch (final IllegalStateException e)
        {
            // the database was away past the lease, or refused the statement: the next poll tries again
            if (!closed)
            {
                System.err.println("jprove daemon: " + e.getMessage());
            }
            return null;
        }
    }

    /** @return the worker's assignment, its input fetched; null (its memory given back) if there is none. */
    private Assignment assignment(final long[] claim)
    {
        ClusterStore.JobRow row = null;
        try
        {
            row = store.row(claim[0]);
            if (row == null)
            {
                inFlightBytes.addAndGet(-claim[3]);
                return null;
            }
            store.fetchInput(row);
            return new Assignment(row.newJob(), (int)claim[1], claim[2]);
        }
        catch (final RuntimeException e)
        {
            if (row != null && !closed)
            {
                // its input cannot be had: the job fails (if the claim is still this host's), as a bad witness would
                partitionFailed(new Assignment(row.newJob(), (int)claim[1], claim[2]), OneLine.of(e),
                    System.currentTimeMillis());
            }
            else
            {
                inFlightBytes.addAndGet(-claim[3]);
            }
            return null;
        }
    }

    private void release(final Assignment a)
    {
        final ClusterStore.JobRow row = store.row(a.job().id());
        inFlightBytes.addAndGet(row == null ? 0 : -row.partitionBytes());
        wake();
    }

    /** Stores the proof if the claim is still this host's; retries through a database restart. */
    @Override
    public boolean partitionDone(final Assignment a, final PartitionProof proof, final long nowMs)
    {
        final long job = a.job().id();
        try
        {
            final String outcome = db.callUntilClosed("storing job " + job + " partition " + a.partition(), c ->
            {
                try (PreparedStatement p = store.prepare(c, "UPDATE jprove_partition SET state = "
                    + ClusterSchema.DONE + ", proof = ?, public_inputs = ?, proved_by = owner, proved_at = now(),"
                    + " owner = NULL, deadline = NULL WHERE job = ? AND part = ? AND state = "
                    + ClusterSchema.CLAIMED + " AND owner = ? AND claim = ?"))
                {
                    p.setBytes(1, proof.proof());
                    p.setBytes(2, proof.publicInputs());
                    p.setLong(3, job);
                    p.setInt(4, a.partition());
                    p.setString(5, config.host());
                    p.setLong(6, a.claim());
                    if (p.executeUpdate() == 0)
                    {
                        // refused, unless an earlier try of this very completion committed before its answer was lost
                        return storedBefore(c, a) ? "kept" : "refused";
                    }
                }
                try (PreparedStatement p = store.prepare(c, "UPDATE jprove_job SET done = done + 1, state = CASE WHEN"
                    + " done + 1 = partitions THEN 'succeeded' ELSE state END, finished_ms = CASE WHEN done + 1 ="
                    + " partitions THEN ? ELSE finished_ms END WHERE id = ? AND state = '" + ClusterStore.OPEN
                    + "' RETURNING state"))
                {
                    p.setLong(1, nowMs);
                    p.setLong(2, job);
                    try (ResultSet r = p.executeQuery())
                    {
                        return r.next() && r.getString(1).equals("succeeded") ? "last" : "kept";
                    }
                }
            });
            if (outcome.equals("refused"))
            {
                refused.increment();
                return false;
            }
            if (outcome.equals("last"))
            {
                metrics.finished(JobState.SUCCEEDED, (nowMs - a.job().submittedMs()) * 1_000_000L);
                timeline.append(EventKind.PROOF_DONE, job, -1, -1, -1);
            }
            return true;
        }
        catch (final RuntimeException e)
        {
            // the claim stays this host's: the partition is proved again after a restart, or elsewhere after the lease
            if (!closed)
            {
                System.err.println("jprove daemon: the proof of job " + job + " partition " + a.partition()
                    + " was not stored: " + OneLine.of(e));
            }
            return false;
        }
        finally
        {
            release(a);
        }
    }

    private boolean storedBefore(final java.sql.Connection c, final Assignment a) throws java.sql.SQLException
    {
        try (PreparedStatement p = store.prepare(c, "SELECT 1 FROM jprove_partition WHERE job = ? AND part = ? AND"
            + " state = " + ClusterSchema.DONE + " AND proved_by = ? AND claim = ?"))
        {
            p.setLong(1, a.job().id());
            p.setInt(2, a.partition());
            p.setString(3, config.host());
            p.setLong(4, a.claim());
            try (ResultSet r = p.executeQuery())
            {
                return r.next();
            }
        }
    }

    /** Fails the job if the claim is still this host's (a host that lost it says nothing about the job). */
    @Override
    public void partitionFailed(final Assignment a, final String error, final long nowMs)
    {
        final long job = a.job().id();
        try
        {
            final boolean failed = db.callUntilClosed("failing job " + job, c ->
            {
                try (PreparedStatement p = store.prepare(c, "UPDATE jprove_job SET state = 'failed', error = ?,"
                    + " finished_ms = ? WHERE id = ? AND state = '" + ClusterStore.OPEN + "' AND EXISTS (SELECT 1 FROM"
                    + " jprove_partition WHERE job = ? AND part = ? AND state = " + ClusterSchema.CLAIMED + " AND owner"
                    + " = ? AND claim = ?)"))
                {
                    p.setString(1, "partition " + a.partition() + ": " + error);
                    p.setLong(2, nowMs);
                    p.setLong(3, job);
                    p.setLong(4, job);
                    p.setInt(5, a.partition());
                    p.setString(6, config.host());
                    p.setLong(7, a.claim());
                    if (p.executeUpdate() == 0)
                    {
                        return false;
                    }
                }
                store.dropPartitions(c, job);
                return true;
            });
            if (failed)
            {
                metrics.finished(JobState.FAILED, 0);
            }
            else
            {
                refused.increment();
            }
        }
        catch (final RuntimeException e)
        {
            // the claim is resumed after a restart (or proved elsewhere after the lease), where it fails again
            if (!closed)
            {
                System.err.println("jprove daemon: the failure of job " + job + " partition " + a.partition()
                    + " was not stored: " + OneLine.of(e));
            }
        }
        finally
        {
            release(a);
        }
    }

    /** Gives the claim's memory back; the claim stays this host's (resumed at the next start, or returned later). */
    @Override
    public void partitionDropped(final Assignment a)
    {
        release(a);
    }

    /** A host as {@code /status} shows it. */
    record Host(String name, String address, int workers, long memoryBudgetBytes, long heartbeatAgeMs, int claimed)
    {
    }

    /** The cluster as {@code /status} shows it. */
    record View(List<Host> hosts, long queued, long claimed)
    {
    }

    /** @return every host with its capacity, heartbeat age and claims, and the partitions queued and claimed. */
    View view()
    {
        return db.call("reading the cluster", deadline(), c ->
        {
            final List<Host> hosts = new ArrayList<>();
            try (PreparedStatement p = store.prepare(c, "SELECT h.name, h.address, h.workers, h.memory_budget,"
                + " (extract(epoch FROM now() - h.heartbeat) * 1000)::bigint, (SELECT count(*) FROM jprove_partition p"
                + " WHERE p.state = " + ClusterSchema.CLAIMED + " AND p.owner = h.name) FROM jprove_host h ORDER BY"
                + " h.name"); ResultSet r = p.executeQuery())
            {
                while (r.next())
                {
                    hosts.add(new Host(r.getString(1), r.getString(2), r.getInt(3), r.getLong(4), r.getLong(5),
                        r.getInt(6)));
                }
            }
            try (PreparedStatement p = store.prepare(c, "SELECT count(*) FILTER (WHERE state = "
                + ClusterSchema.QUEUED + "), count(*) FILTER (WHERE state = " + ClusterSchema.CLAIMED + ") FROM"
                + " jprove_partition"); ResultSet r = p.executeQuery())
            {
                r.next();
                return new View(hosts, r.getLong(1), r.getLong(2));
            }
        });
    }

    /** @return the claim counters in the Prometheus text format. */
    String metricsText()
    {
        final StringBuilder out = new StringBuilder(512);
        counter(out, "jprove_cluster_claims_total", "Partitions this host claimed.", claims.sum());
        counter(out, "jprove_cluster_claim_seconds_sum", "Time spent in successful claim statements.",
            claimNanos.sum() / 1e9);
        counter(out, "jprove_cluster_refused_total", "Results refused because this host no longer held the claim.",
            refused.sum());
        counter(out, "jprove_cluster_returned_total", "Claims of silent hosts or past their deadline that this host"
            + " returned to the queue.", returned.sum());
        counter(out, "jprove_cluster_statements_total", "SQL statements and commits sent.", db.statements());
        counter(out, "jprove_cluster_retries_total", "Units of work run again after a transient database failure.",
            db.retries());
        out.append("# HELP jprove_cluster_claiming 1 while this host claims partitions, 0 while none of its devices"
            + " can prove.\n# TYPE jprove_cluster_claiming gauge\njprove_cluster_claiming ").append(claiming ? 1 : 0)
            .append('\n');
        return out.toString();
    }

    private static void counter(final StringBuilder out, final String name, final String help, final double v)
    {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n').append("# TYPE ").append(name)
            .append(" counter\n").append(name).append(' ').append(v == Math.rint(v) ? String.valueOf((long)v)
            : String.valueOf(v)).append('\n');
    }

    /** Wakes waiting workers with null; claims held stay this host's (resumed at the next start). */
    void close()
    {
        closed = true;
        wake();
    }
}
