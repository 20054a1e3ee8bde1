package io.jprove.engine.daemon;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The cluster store's tables, created at a daemon's start when missing. Plain PostgreSQL that YugabyteDB's YSQL also
 * runs: no advisory locks, no LISTEN/NOTIFY, no triggers; row locks ({@code FOR UPDATE}, {@code SKIP LOCKED}),
 * partial indexes, {@code ON CONFLICT} and {@code generate_series} only.
 * <pre>
 * jprove_meta       name → value; the row 'submit' is locked by each submission, so the queue bound holds
 *                   cluster-wide
 * jprove_host       one row per daemon: its capacity and heartbeat (the database's clock, never a host's)
 * jprove_input      large inputs (witnesses) by SHA-256, stored once, read once per host that proves them
 * jprove_job        one row per job: what to prove, its state ('open' until it ends), partitions done
 * jprove_partition  one row per partition: state 0 queued, 1 claimed, 2 done, 3 dropped; owner and claim (the
 *                   fencing token: incremented at every claim, checked by the completion), deadline, proof
 * </pre>
 */
final class ClusterSchema
{
    /** Partition states, as stored. */
    static final int QUEUED = 0;
    static final int CLAIMED = 1;
    static final int DONE = 2;
    static final int DROPPED = 3;

    private static final List<String> DDL = List.of(
        "CREATE TABLE IF NOT EXISTS jprove_meta (name text PRIMARY KEY, value bigint NOT NULL)",
        "INSERT INTO jprove_meta (name, value) VALUES ('schema', 1), ('submit', 0) ON CONFLICT (name) DO NOTHING",
        "CREATE TABLE IF NOT EXISTS jprove_host (name text PRIMARY KEY, address text NOT NULL, workers int NOT NULL,"
            + " memory_budget bigint NOT NULL, started timestamptz NOT NULL, heartbeat timestamptz NOT NULL)",
        "CREATE TABLE IF NOT EXISTS jprove_input (digest bytea PRIMARY KEY, bytes bytea NOT NULL)",
        "CREATE TABLE IF NOT EXISTS jprove_job (id bigserial PRIMARY KEY, request_id text NOT NULL UNIQUE,"
            + " digest bytea NOT NULL, priority int NOT NULL, kind text NOT NULL, name text NOT NULL,"
            + " key_path text NOT NULL, r1cs_path text NOT NULL, seed bigint NOT NULL, partitions int NOT NULL,"
            + " partition_bytes bigint NOT NULL, input_digest bytea, state text NOT NULL, done int NOT NULL,"
            + " error text NOT NULL, submitted_ms bigint NOT NULL, finished_ms bigint NOT NULL)",
        "CREATE TABLE IF NOT EXISTS jprove_partition (job bigint NOT NULL REFERENCES jprove_job (id) ON DELETE"
            + " CASCADE, part int NOT NULL, priority int NOT NULL, bytes bigint NOT NULL, state smallint NOT NULL,"
            + " owner text, claim bigint NOT NULL, deadline timestamptz, proved_by text, proved_at timestamptz,"
            + " proof bytea, public_inputs bytea, PRIMARY KEY (job, part))",
        "CREATE INDEX IF NOT EXISTS jprove_partition_queued ON jprove_partition (priority DESC, job, part)"
            + " WHERE state = 0",
        "CREATE INDEX IF NOT EXISTS jprove_partition_claimed ON jprove_partition (owner) WHERE state = 1",
        "CREATE INDEX IF NOT EXISTS jprove_job_open ON jprove_job (state, finished_ms)");

    private ClusterSchema()
    {
    }

    /** Creates what is missing; several daemons starting at once may race, so a lost race is tried again. */
    static void create(final ClusterDatabase db)
    {
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                db.callUntilClosed("creating the tables", c ->
                {
                    try (Statement s = c.createStatement())
                    {
                        for (final String sql : DDL)
                        {
                            s.execute(sql);
                        }
                    }
                    return null;
                });
                return;
            }
            catch (final IllegalStateException e)
            {
                // two CREATE ... IF NOT EXISTS at once: one fails on the catalog's unique index (23505, 42P07)
                if (attempt >= 5 || !(e.getCause() instanceof final SQLException sql)
                    || !("23505".equals(sql.getSQLState()) || "42P07".equals(sql.getSQLState())))
                {
                    throw e;
                }
            }
        }
    }
}
