package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.formats.InputFile;

/**
 * The daemon's settings: a properties file of {@code key = value} lines ({@code #} starts a comment), every key
 * optional. An unknown key, a bad value, or a listener off loopback without a token is an error naming the file, the
 * line and the key, so a typo never silently falls back to a default.
 * <pre>
 * listen             = 127.0.0.1:7420     gRPC; host:port, port 0 picks a free one
 * http-listen        = 127.0.0.1:7421     GET /status and /metrics; "off" for none
 * token-file         =                    a file holding the bearer token; required when a listener is not loopback
 * data-dir           = .jprove/daemon     the journal and the witness spool
 * key-roots          = (see below)        the folders key and circuit files may be read from, comma-separated
 * disk-reserve       = 256m               free space on the data-dir's disk kept for the jobs already accepted
 * device             = auto               cpu, jvm, cuda (every GPU), cuda:N; auto: the GPUs, else cpu
 * workers            = (per device)       partitions proved at once: 2 per GPU, 1 on the CPU
 * threads            = (all processors)   threads of the CPU backend (and of checking a key's points)
 * queue-capacity     = 64                 unfinished jobs accepted; past it requests are answered "busy"
 * max-request-bytes  = 67108864           a larger request is refused
 * result-retention   = 1h                 how long finished jobs stay retrievable (ms, s, m, h or d)
 * journal-sync       = sync               sync: fdatasync each entry before acknowledging; async; none
 * job-retries        = 2                  times a job the daemon died while proving is resumed, then it fails
 * timeline           = (data-dir)/timeline  the timeline of the proofs; "off" for none
 * cluster            = off                jdbc:postgresql://... : share one job store with other daemons
 * cluster-password-file =                 a file holding the database password (else the URL's, if any)
 * cluster-host       = (host name)        this daemon's name in the cluster; unique, kept across restarts
 * cluster-heartbeat  = 5s                 how often the heartbeat is written
 * cluster-lease      = 30s                a host silent this long loses its claims
 * cluster-partition-timeout = 1h          a claim this old is returned even from a live host
 * cluster-poll       = 500ms              how often an idle host looks for work and for awaited jobs' ends
 * memory-budget      = 0                  bytes the partitions in flight may need (cluster only; 0: no budget)
 * partition-memory   = 0                  host memory for the partitions' buffers in flight (0: half the host's)
 * parameter-cache    = (see below)        Filecoin's parameter cache, where PoRep jobs find their parameters
 * cuzk-socket        = off                the cuzk API (Curio's [Cuzk] client) on a Unix socket: a path, such as
 *                                         cuzk's /run/curio/cuzk.sock (created 0660)
 * cuzk-listen        = off                the cuzk API on TCP: host:port, such as cuzk's 127.0.0.1:9820
 * cuzk-max-request-bytes = 268435456      a larger cuzk request is refused (Curio's client sends up to 256 MiB)
 * </pre>
 * {@code parameter-cache} defaults to {@code $FIL_PROOFS_PARAMETER_CACHE}, else {@code
 * /var/tmp/filecoin-proof-parameters}. {@code key-roots} defaults to the data directory and the parameter cache: a
 * request naming a file anywhere else is refused without the file being looked at ({@link KeyRoots}).
 *
 * @param listen          the gRPC listener.
 * @param httpListen      the HTTP listener, or null for none.
 * @param token           the bearer token, or null when none is required.
 * @param dataDir         where the journal and spool live.
 * @param workers         worker threads, each proving one partition at a time; 0: the default for the devices.
 * @param threads         threads of the CPU backend and of key checks.
 * @param device          where to prove, as {@code --device} takes it ("auto", "cpu", "jvm", "cuda", "cuda:N").
 * @param queueCapacity   the most unfinished jobs.
 * @param maxRequestBytes the largest request accepted.
 * @param resultRetention how long finished jobs are kept.
 * @param journalSync     how journal records reach the disk.
 * @param timeline        the timeline directory, or null for none.
 * @param cluster         the shared job store, or null for the single-host journal.
 * @param diskReserveBytes the free space new work may not take from the data directory's disk.
 * @param keyRoots        the folders (absolute, normalized) whose files requests may name.
 * @param jobRetries      how many times a job that was running when the daemon died is resumed before it fails.
 * @param cuzk            the cuzk API's listeners (none: not served) and parameter cache.
 * @param partitionMemoryBytes host memory for the buffers of the partitions in flight; 0: half the host's memory.
 */
public record DaemonConfig(Endpoint listen, Endpoint httpListen, String token, Path dataDir, int workers,
    int threads, String device, int queueCapacity, int maxRequestBytes, Duration resultRetention,
    JournalSync journalSync, Path timeline, ClusterConfig cluster, long diskReserveBytes, List<Path> keyRoots,
    int jobRetries, CuzkConfig cuzk, long partitionMemoryBytes)
{
    /** Default gRPC port. */
    public static final int DEFAULT_PORT = 7420;
    /** Default HTTP port. */
    public static final int DEFAULT_HTTP_PORT = 7421;

    /** The largest settings file read. */
    private static final int MAX_FILE_BYTES = 1 << 20;
    /** Filecoin's parameter cache when {@code FIL_PROOFS_PARAMETER_CACHE} is not set (rust-fil-proofs' default). */
    private static final String FILECOIN_PARAMETER_CACHE = "/var/tmp/filecoin-proof-parameters";

    private static final List<String> KEYS = List.of("listen", "http-listen", "token-file", "data-dir", "key-roots",
        "disk-reserve", "device",
        "workers", "threads", "queue-capacity", "max-request-bytes", "result-retention", "journal-sync", "job-retries",
        "timeline",
        "cluster", "cluster-password-file", "cluster-host", "cluster-heartbeat", "cluster-lease",
        "cluster-partition-timeout", "cluster-poll", "memory-budget", "parameter-cache", "cuzk-socket", "cuzk-listen",
        "cuzk-max-request-bytes", "partition-memory");
    private static final String OFF = "off";

    /** How a journal record reaches the disk before the request is acknowledged. */
    public enum JournalSync
    {
        /** fdatasync each entry before it is acknowledged: survives the machine losing power. */
        SYNC,
        /** start the write-back at once, do not wait for it. */
        ASYNC,
        /** leave it to the page cache: survives the process being killed, not the machine. */
        NONE
    }

    /** A host and port to listen on. */
    public record Endpoint(String host, int port)
    {
        /**
         * @return whether the host resolves, now, to loopback addresses only (127.0.0.0/8, ::1): a name is resolved
         *         and every address it has must be loopback, so a name that merely starts with "127." is not.
         */
        public boolean isLoopback()
        {
            try
            {
                final java.net.InetAddress[] all = java.net.InetAddress.getAllByName(host);
                return all.length > 0 && java.util.Arrays.stream(all).allMatch(java.net.InetAddress::isLoopbackAddress);
            }
            catch (final java.net.UnknownHostException | SecurityException e)
            {
                return false;
            }
        }

        /** @return host:port, IPv6 hosts in brackets. */
        @Override
        public String toString()
        {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }

        /**
         * @param text host:port or [v6]:port.
         * @throws IllegalArgumentException naming the text when it is not one.
         */
        public static Endpoint parse(final String text)
        {
            final int colon = text.lastIndexOf(':');
            if (colon <= 0 || colon == text.length() - 1)
            {
                throw new IllegalArgumentException("\"" + text + "\" is not host:port");
            }
            String host = text.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]"))
            {
                host = host.substring(1, host.length() - 1);
            }
            final int port;
            try
            {
                port = Integer.parseInt(text.substring(colon + 1));
            }
            catch (final NumberFormatException e)
            {
                throw new IllegalArgumentException("\"" + text + "\" has no port number");
            }
            if (port < 0 || port > 65535 || host.isEmpty())
            {
                throw new IllegalArgumentException("\"" + text + "\" is not host:port with a port in [0, 65535]");
            }
            return new Endpoint(host, port);
        }
    }

    /** @return the defaults, as with an empty file. */
    public static DaemonConfig defaults()
    {
        return of(Map.of(), "defaults");
    }

    /**
     * Reads a config file.
     *
     * @throws IllegalArgumentException naming file, line and key for anything wrong.
     */
    public static DaemonConfig read(final Path file) throws IOException
    {
        final List<String> lines = InputFile.readString(file, MAX_FILE_BYTES, "a settings file").lines().toList();
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, String> lineOf = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++)
        {
            final String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!"))
            {
                continue;
            }
            final int eq = separator(line);
            final String where = file + ":" + (i + 1);
            if (eq < 0)
            {
                throw new IllegalArgumentException(where + ": \"" + line + "\" is not key = value");
            }
            final String key = line.substring(0, eq).strip();
            if (values.put(key, line.substring(eq + 1).strip()) != null)
            {
                throw new IllegalArgumentException(where + ": " + key + " is set twice");
            }
            lineOf.put(key, where);
        }
        return of(values, lineOf, file.toString());
    }

    private static int separator(final String line)
    {
        final int eq = line.indexOf('=');
        final int colon = line.indexOf(':');
        return eq < 0 ? colon : colon < 0 ? eq : Math.min(eq, colon);
    }

    /**
     * Settings from key/value pairs (keys as in the file); absent keys take their defaults.
     *
     * @param source named in errors.
     * @throws IllegalArgumentException naming the source and key for anything wrong.
     */
    public static DaemonConfig of(final Map<String, String> values, final String source)
    {
        return of(values, Map.of(), source);
    }

    /** @param lineOf where each key was set ("file:line"), for errors. */
    private static DaemonConfig of(final Map<String, String> values, final Map<String, String> lineOf,
        final String source)
    {
        for (final String key : values.keySet())
        {
            if (!KEYS.contains(key))
            {
                throw new IllegalArgumentException(lineOf.getOrDefault(key, source) + ": unknown key " + key
                    + " (known: " + String.join(", ", KEYS) + ")");
            }
        }
        final Settings s = new Settings(values, lineOf, source);
        final Endpoint listen = s.get("listen", "127.0.0.1:" + DEFAULT_PORT, Endpoint::parse);
        final String http = s.get("http-listen", "127.0.0.1:" + DEFAULT_HTTP_PORT, v -> v);
        final Endpoint httpListen = OFF.equals(http) ? null : s.get("http-listen", http, Endpoint::parse);
        final Path tokenFile = s.get("token-file", "", v -> v.isEmpty() ? null : Path.of(v));
        final Path dataDir = s.get("data-dir", ".jprove/daemon", Path::of);
        final Path parameterCache = s.get("parameter-cache", filecoinParameterCache().toAbsolutePath().toString(),
            DaemonConfig::absolute);
        final List<Path> keyRoots = s.get("key-roots", "", v -> KeyRoots.parse(v, dataDir, parameterCache));
        final long diskReserve = s.get("disk-reserve", "256m", DaemonConfig::bytes);
        final String device = device(values.getOrDefault("device", io.jprove.kernels.DeviceName.AUTO),
            lineOf.getOrDefault("device", source));
        final int workers = values.containsKey("workers") ? s.get("workers", "", v -> positive(v, 256)) : 0;
        final int threads = s.get("threads", String.valueOf(Runtime.getRuntime().availableProcessors()),
            v -> positive(v, 4096));
        final int capacity = s.get("queue-capacity", "64", v -> positive(v, 1 << 20));
        final int maxBytes = s.get("max-request-bytes", String.valueOf(64 << 20), v -> positive(v, Integer.MAX_VALUE));
        final Duration retention = s.get("result-retention", "1h", DaemonConfig::duration);
        final JournalSync sync = s.get("journal-sync", "sync",
            v -> JournalSync.valueOf(oneOf(v, "sync", "async", "none").toUpperCase(Locale.ROOT)));
        final int retries = s.get("job-retries", "2", v -> "0".equals(v) ? 0 : positive(v, 1000));
        final String timelineText = s.get("timeline", "", v -> v);
        final Path timeline = OFF.equals(timelineText) ? null
            : timelineText.isEmpty() ? dataDir.resolve("timeline") : Path.of(timelineText);
        final String token = tokenFile == null ? null : s.get("token-file", tokenFile.toString(), DaemonConfig::token);
        final CuzkConfig cuzk = cuzk(s, parameterCache);
        for (final Endpoint e : new Endpoint[] {listen, httpListen, cuzk.listen()})
        {
            if (e != null && token == null && !e.isLoopback())
            {
                final String key = e == listen ? "listen" : e == httpListen ? "http-listen" : "cuzk-listen";
                throw new IllegalArgumentException(lineOf.getOrDefault(key, source) + ": " + key + " " + e
                    + " is not a loopback address (its host must resolve to loopback addresses only), so a bearer"
                    + " token is required: set token-file");
            }
        }
        final long partitionMemory = s.get("partition-memory", "0", DaemonConfig::bytes);
        return new DaemonConfig(listen, httpListen, token, dataDir, workers, threads, device, capacity, maxBytes,
            retention, sync, timeline, cluster(s, listen), diskReserve, keyRoots, retries, cuzk, partitionMemory);
    }

    /** @return the cuzk API's settings; cuzk-max-request-bytes without a cuzk listener is an error. */
    private static CuzkConfig cuzk(final Settings s, final Path parameterCache)
    {
        final Path socket = s.get("cuzk-socket", OFF, v -> OFF.equals(v) ? null
            : absolute(v.startsWith("unix://") ? v.substring("unix://".length()) : v));
        final Endpoint listen = s.get("cuzk-listen", OFF, v -> OFF.equals(v) ? null : Endpoint.parse(v));
        if (socket == null && listen == null && s.values().containsKey("cuzk-max-request-bytes"))
        {
            throw new IllegalArgumentException(s.lineOf().getOrDefault("cuzk-max-request-bytes", s.source())
                + ": cuzk-max-request-bytes is set but the cuzk API has no listener; set cuzk-socket or cuzk-listen");
        }
        final int maxBytes = s.get("cuzk-max-request-bytes", String.valueOf(CuzkConfig.DEFAULT_MAX_REQUEST_BYTES),
            v -> positive(v, Integer.MAX_VALUE));
        return new CuzkConfig(socket, listen, maxBytes, parameterCache);
    }

    /** @return an absolute path, normalized. */
    private static Path absolute(final String text)
    {
        final Path p;
        try
        {
            p = Path.of(text);
        }
        catch (final java.nio.file.InvalidPathException e)
        {
            throw new IllegalArgumentException("\"" + text + "\" is not a path");
        }
        if (text.isEmpty() || !p.isAbsolute())
        {
            throw new IllegalArgumentException("\"" + text + "\" is not an absolute path");
        }
        return p.normalize();
    }

    /** @return where Filecoin keeps its parameters: {@code $FIL_PROOFS_PARAMETER_CACHE}, else its default. */
    static Path filecoinParameterCache()
    {
        final String env = System.getenv("FIL_PROOFS_PARAMETER_CACHE");
        return Path.of(env == null || env.isBlank() ? FILECOIN_PARAMETER_CACHE : env);
    }

    /** @return the cluster settings, or null when {@code cluster} is off; cluster-* keys without it are an error. */
    private static ClusterConfig cluster(final Settings s, final Endpoint listen)
    {
        final String url = s.get("cluster", OFF, v -> v);
        if (OFF.equals(url))
        {
            for (final String key : s.values().keySet())
            {
                if (key.startsWith("cluster-") || key.equals("memory-budget"))
                {
                    throw new IllegalArgumentException(s.lineOf().getOrDefault(key, s.source()) + ": " + key
                        + " is set but cluster is off; set cluster = jdbc:postgresql://HOST:PORT/DATABASE");
                }
            }
            return null;
        }
        final String password = s.get("cluster-password-file", "", v -> v.isEmpty() ? null : secret(v));
        final String host = s.get("cluster-host", defaultHost(listen), DaemonConfig::hostName);
        final Duration heartbeat = s.get("cluster-heartbeat", "5s", DaemonConfig::duration);
        final Duration lease = s.get("cluster-lease", "30s", DaemonConfig::duration);
        final Duration timeout = s.get("cluster-partition-timeout", "1h", DaemonConfig::duration);
        final Duration poll = s.get("cluster-poll", "500ms", DaemonConfig::duration);
        final long budget = s.get("memory-budget", "0", DaemonConfig::bytes);
        return s.get("cluster", url, v -> new ClusterConfig(v, password, host, heartbeat, lease, timeout, poll,
            budget));
    }

    private static String defaultHost(final Endpoint listen)
    {
        try
        {
            return java.net.InetAddress.getLocalHost().getHostName() + ":" + listen.port();
        }
        catch (final java.net.UnknownHostException e)
        {
            return "localhost:" + listen.port();
        }
    }

    private static String hostName(final String text)
    {
        if (text.isEmpty() || text.length() > 200 || text.chars().anyMatch(c -> c <= ' ' || c > '~'))
        {
            throw new IllegalArgumentException("\"" + text + "\" is not 1 to 200 printable characters without spaces");
        }
        return text;
    }

    /** @return a byte count written as a whole number with an optional unit: k, m, g (powers of 1024). */
    static long bytes(final String text)
    {
        final String t = text.toLowerCase(Locale.ROOT);
        final int unit = t.isEmpty() ? -1 : "kmg".indexOf(t.charAt(t.length() - 1));
        try
        {
            final long n = Long.parseLong(unit < 0 ? t : t.substring(0, t.length() - 1));
            final int shift = unit < 0 ? 0 : 10 * (unit + 1);
            // at most 2^62 bytes, so that sums of a few never overflow
            if (n >= 0 && Long.numberOfLeadingZeros(n) > shift + 1)
            {
                return n << shift;
            }
        }
        catch (final NumberFormatException e)
        {
            // reported below
        }
        throw new IllegalArgumentException("\"" + text + "\" is not a byte count such as 0, 512m or 64g");
    }

    /** @return the settings, the token shown only as whether one is set (a config is logged; a token never is). */
    @Override
    public String toString()
    {
        return "DaemonConfig[listen=" + listen + ", httpListen=" + httpListen + ", token=" + (token == null ? "none"
            : "set") + ", dataDir=" + dataDir + ", workers=" + workers + ", threads=" + threads + ", device=" + device
            + ", queueCapacity="
            + queueCapacity + ", maxRequestBytes=" + maxRequestBytes + ", resultRetention=" + resultRetention
            + ", journalSync=" + journalSync + ", timeline=" + timeline + ", cluster=" + cluster + ", diskReserveBytes="
            + diskReserveBytes + ", keyRoots=" + keyRoots + ", jobRetries=" + jobRetries + ", cuzk=" + cuzk + "]";
    }

    private static void warnIfExposed(final Path file)
    {
        final String warning = TokenFile.exposure(file);
        if (warning != null)
        {
            System.err.println("jprove daemon: warning: " + warning);
        }
    }

    /** Reads each key with its default and turns a parse failure into an error that names where it was set. */
    private record Settings(Map<String, String> values, Map<String, String> lineOf, String source)
    {
        <T> T get(final String key, final String fallback, final java.util.function.Function<String, T> parse)
        {
            final String text = values.getOrDefault(key, fallback);
            try
            {
                return parse.apply(text);
            }
            catch (final IllegalArgumentException | java.io.UncheckedIOException e)
            {
                final String where = lineOf.getOrDefault(key, source);
                throw new IllegalArgumentException(where + ": " + key + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * @return the device setting, once {@code --device}'s parser accepted it on this host, so that a GPU the host
     *         lacks is named with the file and line before anything starts ("FILE:3: device cuda: no cuda device ...").
     */
    private static String device(final String text, final String where)
    {
        try
        {
            DeviceSelection.parse(text, "device");
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        return text;
    }

    private static int positive(final String text, final int max)
    {
        try
        {
            final long v = Long.parseLong(text);
            if (v >= 1 && v <= max)
            {
                return (int)v;
            }
        }
        catch (final NumberFormatException e)
        {
            // reported below
        }
        throw new IllegalArgumentException("\"" + text + "\" is not a whole number in [1, " + max + "]");
    }

    private static String oneOf(final String text, final String... allowed)
    {
        for (final String a : allowed)
        {
            if (a.equals(text))
            {
                return a;
            }
        }
        throw new IllegalArgumentException("\"" + text + "\" is not one of " + String.join(", ", allowed));
    }

    /** @return a duration written as a whole number and a unit: ms, s, m, h or d ("90s", "1h"). */
    static Duration duration(final String text)
    {
        final int split = text.length() - (text.endsWith("ms") ? 2 : 1);
        try
        {
            final long n = Long.parseLong(text.substring(0, Math.max(0, split)));
            final Duration d = switch (text.substring(split))
            {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                case "d" -> Duration.ofDays(n);
                default -> null;
            };
            if (d != null && !d.isNegative() && !d.isZero())
            {
                return d;
            }
        }
        catch (final NumberFormatException | StringIndexOutOfBoundsException e)
        {
            // reported below
        }
        throw new IllegalArgumentException("\"" + text + "\" is not a positive duration such as 500ms, 90s, 15m, 1h"
            + " or 7d");
    }

    private static String secret(final String file)
    {
        final String t;
        try
        {
            t = TokenFile.read(Path.of(file));
        }
        catch (final IllegalArgumentException | java.io.UncheckedIOException e)
        {
            throw new IllegalArgumentException("cannot read the password file " + e.getMessage());
        }
        if (t.isEmpty())
        {
            throw new IllegalArgumentException(file + " is empty");
        }
        warnIfExposed(Path.of(file));
        return t;
    }

    private static String token(final String file)
    {
        final String t;
        try
        {
            t = TokenFile.read(Path.of(file));
        }
        catch (final IllegalArgumentException | java.io.UncheckedIOException e)
        {
            throw new IllegalArgumentException("cannot read the token file " + e.getMessage());
        }
        warnIfExposed(Path.of(file));
        if (t.length() < 16 || t.chars().anyMatch(c -> c <= ' ' || c > '~'))
        {
            throw new IllegalArgumentException(file + " must hold one token of at least 16 printable characters"
                + " without spaces");
        }
        return t;
    }
}
