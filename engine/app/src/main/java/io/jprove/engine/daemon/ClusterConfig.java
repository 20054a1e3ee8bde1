package io.jprove.engine.daemon;

import java.time.Duration;

/**
 * The cluster settings of a daemon: which database holds the shared job store, the name this host claims under, and
 * the liveness times. The times must be the same on every host of a cluster (each host returns the claims of the
 * others by them).
 *
 * @param url              the JDBC URL of the PostgreSQL (or YugabyteDB YSQL) database, {@code jdbc:postgresql://...}.
 * @param password         the database password (from {@code cluster-password-file}), or null to use the URL's.
 * @param host             this daemon's name in the cluster: unique per daemon and the same across its restarts (a
 *                         restarted daemon resumes the claims held under it).
 * @param heartbeat        how often the host writes its heartbeat (and returns expired claims of others).
 * @param lease            a host whose heartbeat is older than this loses its claims.
 * @param partitionTimeout a claim older than this is returned even when its host is alive.
 * @param poll             how often an idle host looks for partitions and for the end of jobs it is awaiting.
 * @param memoryBudgetBytes the partitions in flight on this host may need at most this much (estimated per partition
 *                         as its key file's size); 0 for no budget beyond the workers. A host with nothing in flight
 *                         takes one partition whatever its size, so that no partition waits forever.
 */
public record ClusterConfig(String url, String password, String host, Duration heartbeat, Duration lease,
    Duration partitionTimeout, Duration poll, long memoryBudgetBytes)
{
    /** Default heartbeat period. */
    public static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(5);
    /** Default lease: six missed heartbeats. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** Default partition timeout: far beyond a 32 GiB PoRep partition on a GPU (tens of seconds). */
    public static final Duration DEFAULT_PARTITION_TIMEOUT = Duration.ofHours(1);
    /** Default idle poll period. */
    public static final Duration DEFAULT_POLL = Duration.ofMillis(500);

    /** Checks that the lease outlasts a heartbeat, so that a live host never loses its claims between two. */
    public ClusterConfig
    {
        if (!url.startsWith("jdbc:postgresql:"))
        {
            throw new IllegalArgumentException("\"" + url + "\" is not a PostgreSQL JDBC URL"
                + " (jdbc:postgresql://HOST:PORT/DATABASE)");
        }
        if (lease.compareTo(heartbeat.multipliedBy(2)) < 0)
        {
            throw new IllegalArgumentException("cluster-lease " + lease + " must be at least twice cluster-heartbeat "
                + heartbeat);
        }
    }

    /** @return the settings, the password shown only as whether one is set. */
    @Override
    public String toString()
    {
        return "ClusterConfig[url=" + url.replaceAll("password=[^&]*", "password=***") + ", password="
            + (password == null ? "none" : "set") + ", host=" + host + ", heartbeat=" + heartbeat + ", lease=" + lease
            + ", partitionTimeout=" + partitionTimeout + ", poll=" + poll + ", memoryBudgetBytes="
            + memoryBudgetBytes + "]";
    }
}
