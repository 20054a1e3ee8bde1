package io.jprove.engine.daemon;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.concurrent.atomic.LongAdder;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.jprove.engine.pipeline.OneLine;

/**
 * The cluster store's connections (a HikariCP pool) and the one way SQL runs through them: {@link #call} runs a unit
 * of work in one transaction and runs it again, from the start, after a failure that a retry can cure — the database
 * restarting or unreachable for a while, a serialization failure or deadlock — so that the daemon rides out a
 * database restart and loses nothing. Every unit must therefore be safe to run twice (each statement of the store is
 * written so). Counts the statements it sends, for the benchmark and {@code /metrics}.
 */
final class ClusterDatabase implements AutoCloseable
{
    /** A unit of work on one connection, in one transaction (committed by {@link #call}). */
    @FunctionalInterface
    interface Work<T>
    {
        T run(Connection c) throws SQLException;
    }

    /** HikariCP says "Starting..." at INFO for every pool; warnings (a broken connection) still show. */
    private static final java.util.logging.Logger POOL_LOG = java.util.logging.Logger.getLogger("com.zaxxer.hikari");

    static
    {
        POOL_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    /** The longest pause between two retries. */
    private static final long MAX_BACKOFF_MS = 1_000;

    private final HikariDataSource pool;
    private final LongAdder statements = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private volatile boolean closed;

    /**
     * Opens the pool and checks that the database answers.
     *
     * @param connections the most connections this daemon holds.
     * @throws IllegalStateException naming the URL (without its password) when the database cannot be reached.
     */
    ClusterDatabase(final ClusterConfig config, final int connections)
    {
        final HikariConfig h = new HikariConfig();
        h.setJdbcUrl(config.url());
        if (config.password() != null)
        {
            h.setPassword(config.password());
        }
        h.setPoolName("jprove-cluster");
        h.setMaximumPoolSize(connections);
        h.setMinimumIdle(1);
        h.setAutoCommit(false);
        // a caller waits at most this long for a connection before the retry loop takes over
        h.setConnectionTimeout(Math.max(250, Math.min(5_000, config.lease().toMillis())));
        h.setValidationTimeout(250);
        h.addDataSourceProperty("tcpKeepAlive", "true");
        h.addDataSourceProperty("ApplicationName", "jprove " + config.host());
        try
        {
            pool = new HikariDataSource(h);
        }
        catch (final RuntimeException e)
        {
            throw new IllegalStateException("cannot reach the cluster database " + redacted(config.url()) + ": "
                + OneLine.of(e), e);
        }
    }

    /** @return the URL with any password replaced. */
    static String redacted(final String url)
    {
        return url.replaceAll("password=[^&]*", "password=***");
    }

    /**
     * Runs {@code work} in a transaction and commits it, retrying transient failures until {@code deadlineNs}
     * ({@link System#nanoTime}) or until closed.
     *
     * @throws IllegalStateException after the deadline, or at once for a failure that a retry cannot cure (a bad
     *                               statement, a constraint violated), naming {@code what}.
     */
    <T> T call(final String what, final long deadlineNs, final Work<T> work)
    {
        long backoffMs = 10;
        while (true)
        {
            try (Connection c = pool.getConnection())
            {
                try
                {
                    final T result = work.run(c);
                    c.commit();
                    statements.increment();
                    return result;
                }
                catch (final SQLException | RuntimeException e)
                {
                    rollbackQuietly(c);
                    throw e;
                }
            }
            catch (final SQLException e)
            {
                if (!retryable(e) || closed || System.nanoTime() - deadlineNs > 0)
                {
                    throw new IllegalStateException("cluster database, " + what + ": " + oneLine(e), e);
                }
            }
            retries.increment();
            try
            {
                Thread.sleep(backoffMs);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("cluster database, " + what + ": interrupted", e);
            }
            backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
        }
    }

    /** Runs {@code work}, retrying transient failures for as long as the daemon runs. */
    <T> T callUntilClosed(final String what, final Work<T> work)
    {
        return call(what, System.nanoTime() + Long.MAX_VALUE / 2, work);
    }

    /** Counts {@code n} statements sent by a unit of work beyond the commit {@link #call} counts. */
    void sent(final int n)
    {
        statements.add(n);
    }

    /** @return statements sent so far (commits included). */
    long statements()
    {
        return statements.sum();
    }

    /** @return units of work run again after a transient failure. */
    long retries()
    {
        return retries.sum();
    }

    private static boolean retryable(final SQLException e)
    {
        if (e instanceof SQLTransientException || e instanceof SQLRecoverableException)
        {
            return true;
        }
        final String state = e.getSQLState();
        // 08: connection exceptions; 57P0x: the server shutting down or starting; 53: out of resources;
        // 40001/40P01: serialization failure, deadlock (YugabyteDB reports its conflicts as 40001)
        return state == null ? e.getCause() instanceof java.io.IOException : state.startsWith("08")
            || state.startsWith("57P") || state.startsWith("53") || state.equals("40001") || state.equals("40P01");
    }

    private static String oneLine(final SQLException e)
    {
        return (e.getSQLState() == null ? "" : "SQLSTATE " + e.getSQLState() + ": ") + OneLine.of(e);
    }

    private static void rollbackQuietly(final Connection c)
    {
        try
        {
            c.rollback();
        }
        catch (final SQLException ignored)
        {
            // the connection is broken; the pool drops it
        }
    }

    @Override
    public void close()
    {
        closed = true;
        pool.close();
    }
}
