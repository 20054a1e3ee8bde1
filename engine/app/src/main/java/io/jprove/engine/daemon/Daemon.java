package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.device.DeviceProcess;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.KeyMemory;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.pipeline.DeviceView;
import io.jprove.engine.pipeline.WorkerView;
import io.jprove.timeline.ChronicleTimeline;
import io.jprove.timeline.SwitchedTimeline;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineSettings;
import io.jprove.engine.pipeline.OneLine;

/**
 * The proving daemon: the journal, the job table, the resident keys, the gRPC service and the HTTP endpoint, in front
 * of the one proving runtime, the {@link Pipeline}, which it drives as its feed ({@link DaemonFeed}). {@link #start}
 * first locks the data directory ({@link DataDirLock}: one daemon per directory), then opens the journal and resumes
 * the jobs it holds before either listener opens, so a client never sees a job that the daemon does not know yet.
 * <pre>
 *  gRPC ─┐                  ┌─ accepted: key loaded, prepared on every device ─────────────┐
 *        ├─► JobTable ──────┤                                                               ▼
 *  HTTP ─┘ (journal first)  └─ Scheduler ─► DaemonFeed ─► Pipeline: synthesis ─► device workers (kernels, copies)
 *                                ▲                                                          │
 *                                └────────── proof journaled, then counted ◄────────────────┘
 * </pre>
 * The cuzk API ({@link CuzkService}, Curio's proving client) is a third front, on listeners of its own
 * ({@link CuzkListeners}: a Unix socket, TCP) when the settings name one; its PoRep requests are jobs like the rest.
 * <p>
 * The devices are the {@code device} setting's: each has the pipeline's workers ({@code workers}, else two per GPU
 * and one on the CPU), and each resident key is prepared once per device, when a job that needs it is accepted or on
 * preload, and released when the key leaves the {@link KeyCache}. Every acceptance, partition, end and prune is
 * journaled before it is acted on; a finished job's result is kept for the configured retention, then pruned.
 * {@link #close} stops the listeners and the pipeline; a partition still being proved is proved again at the next
 * start.
 * <p>
 * With a cluster setting the journal gives way to the database that the cluster's daemons share: the jobs live in
 * {@link ClusterStore}, the pipeline takes its partitions from {@link ClusterClaims}, a heartbeat thread keeps this
 * host's claims alive, and the pruner also tells awaiting clients when their job has ended, wherever it was proved.
 */
public final class Daemon implements AutoCloseable
{
    private final DaemonConfig config;
    private final Journal journal;
    private final Timeline timeline;
    private final TimelineGuard timelineGuard;
    private final Metrics metrics = new Metrics();
    private final KeyCache keys;
    private final List<ProverBackend> backends;
    private final BufferPool pool;
    private final JobStore table;
    private final JobTable local;
    private final ClusterDatabase database;
    private final ClusterClaims claims;
    private final ScheduledExecutorService heartbeat;
    private final DaemonFeed feed;
    private final PorepMatrices porepMatrices;
    private final Pipeline pipeline;
    private final ScheduledExecutorService pruner;
    private final Path spoolDir;
    private final DiskSpace disk;
    private final Requests requests;
    private final DataDirLock lock;
    private final CuzkRequests cuzkRequests;
    private final long startedNanos = System.nanoTime();
    private final int resumed;
    private int resumedClaims;
    private Server grpc;
    private HttpEndpoint http;
    private CuzkService cuzkService;
    private CuzkListeners cuzk;

    /**
     * @param backends one per device; closed with the daemon.
     * @param pool     the partitions' buffers; closed with the daemon.
     * @param lock     the data directory's, held by this process; released with the daemon.
     * @param loaders  wraps the key cache's loader (a test's slows it down; otherwise the identity).
     */
    private Daemon(final DaemonConfig config, final List<ProverBackend> backends, final BufferPool pool,
        final DataDirLock lock, final UnaryOperator<KeyCache.Loader> loaders)
    {
        this.config = config;
        this.backends = backends;
        this.pool = pool;
        this.lock = lock;
        this.spoolDir = config.dataDir().resolve("spool");
        clearSpool();
        this.disk = new DiskSpace(config.dataDir(), config.diskReserveBytes(), DiskSpace.USABLE);
        // the CLI's record of checked keys: a key checked once (by a prove, or before a restart) is only hashed
        this.keys = new KeyCache(loaders.apply(KeyCache.defaultLoader(config.threads(), CheckedKeys.inUserCache(),
            backends.stream().filter(DeviceProcess.class::isInstance).map(b -> ((DeviceProcess)b).sharedDirectory())
            .findFirst().orElse(null))),
            this::released);
        final Admission admission = new Admission(pool.budgetBytes(), KeyMemory.physicalBytes(), keys::isResident);
        this.requests = new Requests(spoolDir, new KeyRoots(config.keyRoots()), disk, admission);
        this.cuzkRequests = new CuzkRequests(spoolDir, config.cuzk().parameterCache(), disk, admission);
        // the timeline writes through mapped files: it records only while its disk keeps the reserve free
        final SwitchedTimeline switched = config.timeline() == null ? null
            : new SwitchedTimeline(() -> ChronicleTimeline.open(TimelineSettings.of(config.timeline())));
        this.timelineGuard = switched == null ? null : new TimelineGuard(switched, new DiskSpace(config.timeline(),
            config.diskReserveBytes(), DiskSpace.USABLE));
        this.timeline = switched == null ? Timeline.disabled() : switched;
        final PipelineConfig sizes = sizes(config, backends);
        final int workers = sizes.deviceWorkers().stream().mapToInt(Integer::intValue).sum();
        final PartitionSource source;
        final ClusterConfig cluster = config.cluster();
        if (cluster == null)
        {
            this.journal = Journal.open(config.dataDir().resolve("journal"), config.journalSync(), spoolDir);
            this.local = new JobTable(journal, disk, metrics, timeline, spoolDir, config.queueCapacity(),
                config.resultRetention(), config.jobRetries(), this::accepted);
            this.table = local;
            this.database = null;
            this.claims = null;
            this.heartbeat = null;
            source = local;
        }
        else
        {
            this.journal = null;
            this.local = null;
            // the pipeline's synthesis workers, the heartbeat, the poller and a few concurrent requests
            this.database = new ClusterDatabase(cluster, workers + 6);
            ClusterSchema.create(database);
            final ClusterStore store = new ClusterStore(database, metrics, timeline, spoolDir,
                config.queueCapacity(), config.resultRetention(), cluster.lease());
            // a host whose every device faulted (or restarts) claims nothing until one can prove again
            this.claims = new ClusterClaims(database, cluster, store, metrics, timeline, this::canProve);
            store.onSubmit(claims::wake);
            this.table = store;
            this.heartbeat = Executors.newSingleThreadScheduledExecutor(r ->
            {
                final Thread t = new Thread(r, "jprove-cluster-heartbeat");
                t.setDaemon(true);
                return t;
            });
            source = claims;
        }
        this.porepMatrices = new PorepMatrices(config.dataDir().resolve("matrices"));
        this.feed = new DaemonFeed(source, keys, porepMatrices, metrics);
        this.pipeline = new Pipeline(sizes, backends, pool, timeline, feed);
        feed.attach(pipeline);
        try
        {
            this.resumed = local == null ? 0 : local.recover(System.currentTimeMillis());
        }
        catch (final RuntimeException e)
        {
            pipeline.close();
            feed.close();
            porepMatrices.close();
            table.close();
            throw e;
        }
        this.pruner = Executors.newSingleThreadScheduledExecutor(r ->
        {
            final Thread t = new Thread(r, "jprove-daemon-pruner");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * @return the pipeline's sizes: the {@code workers} setting spread over the devices (worker i on device i mod n,
     *         at least one each), else each device's own (two per GPU, one on the CPU); as many synthesis workers as
     *         device workers. In a cluster a partition taken is a claim other hosts cannot prove, so the host takes
     *         no more than its workers prove at once (no lookahead).
     */
    private static PipelineConfig sizes(final DaemonConfig config, final List<ProverBackend> backends)
    {
        final int n = backends.size();
        final List<Integer> perDevice = new ArrayList<>();
        for (int i = 0; i < n; i++)
        {
            perDevice.add(config.workers() > 0 ? Math.max(1, (config.workers() - i + n - 1) / n)
                : Math.max(1, backends.get(i).workers()));
        }
        final int workers = perDevice.stream().mapToInt(Integer::intValue).sum();
        return new PipelineConfig(workers, Math.max(1, config.threads()), perDevice,
            config.cluster() == null ? workers : 0);
    }

    /** A job was accepted (or resumed): its key is loaded, then prepared. @return when the key is here */
    private CompletableFuture<Void> accepted(final Job job)
    {
        return feed.accepted(job);
    }

    /** @return whether a device can prove now (none while every device is faulted or restarting). */
    private boolean canProve()
    {
        final Pipeline running = pipeline;
        return running != null && running.canProve();
    }

    /** A key leaves the cache: its preparations on the devices go first. */
    private void released(final ProvingKey key)
    {
        if (pipeline != null)
        {
            pipeline.release(key);
        }
    }

    /**
     * Starts a daemon on the devices its {@code device} setting chooses, each opened to be restartable after a fault
     * (a GPU proves in a device process of its own, its partitions' buffers in shared memory).
     *
     * @throws IllegalArgumentException when the device setting cannot be had on this host.
     * @throws IllegalStateException    naming the holder's process id when another daemon uses the data folder.
     * @throws UncheckedIOException     when a listener cannot bind or the data folder cannot be used.
     */
    public static Daemon start(final DaemonConfig config)
    {
        final DeviceSelection selection = DeviceSelection.parse(config.device(), "device");
        // before the devices are opened and anything in the data directory is touched
        final DataDirLock lock = DataDirLock.take(config.dataDir());
        final List<ProverBackend> backends;
        try
        {
            backends = selection.openRestartable(config.threads());
        }
        catch (final RuntimeException e)
        {
            lock.close();
            throw e;
        }
        final BufferPool pool;
        try
        {
            pool = selection.restartableBufferPool(partitionMemory(config));
        }
        catch (final RuntimeException e)
        {
            backends.forEach(ProverBackend::close);
            lock.close();
            throw e;
        }
        return start(config, backends, pool, lock, UnaryOperator.identity());
    }

    /**
     * Starts a daemon on the given devices, with plain off-heap buffers.
     *
     * @param backends one per device, opened; the daemon closes them (also when it fails to start).
     */
    public static Daemon start(final DaemonConfig config, final List<ProverBackend> backends)
    {
        return start(config, backends, UnaryOperator.identity());
    }

    /**
     * As {@link #start(DaemonConfig, List)}, its key loads going through {@code loaders}' wrapper of the real loader
     * (for tests that watch or slow them down).
     */
    static Daemon start(final DaemonConfig config, final List<ProverBackend> backends,
        final UnaryOperator<KeyCache.Loader> loaders)
    {
        final DataDirLock lock;
        try
        {
            lock = DataDirLock.take(config.dataDir());
        }
        catch (final RuntimeException e)
        {
            backends.forEach(ProverBackend::close);
            throw e;
        }
        return start(config, backends, new OffHeapBufferPool(partitionMemory(config)), lock, loaders);
    }

    /** @return the host memory the partitions' buffers may take: the configured, else half the host's. */
    private static long partitionMemory(final DaemonConfig config)
    {
        return config.partitionMemoryBytes() > 0 ? config.partitionMemoryBytes() : BufferPool.defaultBudgetBytes();
    }

    private static Daemon start(final DaemonConfig config, final List<ProverBackend> backends, final BufferPool pool,
        final DataDirLock lock, final UnaryOperator<KeyCache.Loader> loaders)
    {
        final Daemon daemon;
        try
        {
            daemon = new Daemon(config, backends, pool, lock, loaders);
        }
        catch (final RuntimeException e)
        {
            backends.forEach(ProverBackend::close);
            pool.close();
            lock.close();
            throw e;
        }
        try
        {
            daemon.open();
        }
        catch (final IOException | RuntimeException e)
        {
            daemon.close();
            if (e instanceof final IOException io)
            {
                throw new UncheckedIOException("cannot listen: " + io.getMessage(), io);
            }
            throw (RuntimeException)e;
        }
        return daemon;
    }

    private void open() throws IOException
    {
        final BearerToken auth = new BearerToken(config.token(), metrics);
        final DaemonConfig.Endpoint at = config.listen();
        try
        {
            grpc = NettyServerBuilder.forAddress(new InetSocketAddress(at.host(), at.port()))
                .maxInboundMessageSize(config.maxRequestBytes())
                .addService(ServerInterceptors.intercept(UnparseableRequests.wrap(new ProverService(this)
                    .bindService()), auth))
                .build().start();
        }
        catch (final IOException e)
        {
            throw new IOException("gRPC on " + at + " (listen): " + e.getMessage(), e);
        }
        if (config.cuzk().enabled())
        {
            cuzkService = new CuzkService(this, cuzkRequests);
            cuzk = CuzkListeners.open(config.cuzk(), cuzkService, auth);
        }
        if (config.httpListen() != null)
        {
            try
            {
                http = new HttpEndpoint(config.httpListen(), this, auth);
            }
            catch (final IOException e)
            {
                throw new IOException("HTTP on " + config.httpListen() + " (http-listen): " + e.getMessage(), e);
            }
        }
        if (claims != null)
        {
            // registered once the port is known: /status shows where each host listens
            resumedClaims = claims.register(new DaemonConfig.Endpoint(at.host(), grpc.getPort()).toString(),
                workers());
            final long beatMs = config.cluster().heartbeat().toMillis();
            heartbeat.scheduleWithFixedDelay(quietly(claims::heartbeat), beatMs, beatMs, TimeUnit.MILLISECONDS);
            final long pollMs = config.cluster().poll().toMillis();
            final ClusterStore store = (ClusterStore)table;
            pruner.scheduleWithFixedDelay(quietly(store::refreshWatched), pollMs, pollMs, TimeUnit.MILLISECONDS);
        }
        if (timelineGuard != null)
        {
            pruner.scheduleWithFixedDelay(quietly(timelineGuard::check), 1, 1, TimeUnit.SECONDS);
        }
        final long everyMs = Math.clamp(config.resultRetention().toMillis() / 4, 100, 60_000);
        pruner.scheduleWithFixedDelay(quietly(() -> table.prune(System.currentTimeMillis())), everyMs, everyMs,
            TimeUnit.MILLISECONDS);
    }

    /** @return {@code r} that reports a failure instead of throwing (a scheduled task that throws never runs again). */
    private static Runnable quietly(final Runnable r)
    {
        return () ->
        {
            try
            {
                r.run();
            }
            catch (final RuntimeException e)
            {
                System.err.println("jprove daemon: " + OneLine.of(e));
            }
        };
    }

    private void clearSpool()
    {
        // recovery writes back the witnesses (and C1 outputs) of the unfinished jobs; anything else here is left from
        // a crash
        if (!Files.isDirectory(spoolDir))
        {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(spoolDir, "*.{wtns,json}"))
        {
            for (final Path f : files)
            {
                Files.deleteIfExists(f);
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot clear the witness spool " + spoolDir, e);
        }
    }

    /** @return the gRPC port (useful with port 0). */
    public int grpcPort()
    {
        return grpc.getPort();
    }

    /** @return the HTTP port, or -1 without HTTP. */
    public int httpPort()
    {
        return http == null ? -1 : http.port();
    }

    /** @return the cuzk API's Unix socket, or null without one. */
    public Path cuzkSocket()
    {
        return cuzk == null ? null : cuzk.socket();
    }

    /** @return the cuzk API's TCP port (useful with port 0), or -1 without one. */
    public int cuzkPort()
    {
        return cuzk == null ? -1 : cuzk.tcpPort();
    }

    /** @return how many unfinished jobs were resumed from the journal at start. */
    public int resumedJobs()
    {
        return resumed;
    }

    /** @return how many partitions claimed under this host's name before a restart were resumed (cluster only). */
    public int resumedClaims()
    {
        return resumedClaims;
    }

    /** @return the device workers: the {@code workers} setting, else the devices' own. */
    public int workers()
    {
        return pipeline.workerViews().size();
    }

    /** @return the devices it proves on ("cuda:0 (NVIDIA H200)"). */
    public List<String> devices()
    {
        return pipeline.deviceViews().stream().map(d -> d.name() + " (" + d.description() + ")").toList();
    }

    /** @return the settings it runs with. */
    public DaemonConfig config()
    {
        return config;
    }

    JobStore.Submission submit(final ProofRequest request)
    {
        try
        {
            final Requests.Checked c = requests.check(request);
            return table.submit(c.requestId(), c.priority(), c.digest(), c.spec(), c.incoming(), c.witness(),
                System.currentTimeMillis());
        }
        catch (final RequestException e)
        {
            metrics.rejected(e.reason());
            throw e;
        }
    }

    /**
     * Accepts a checked request of another API (the cuzk API's), as {@link JobStore#submit} does.
     *
     * @throws RequestException as {@link JobStore#submit}, counted as a rejection.
     */
    JobStore.Submission accept(final String requestId, final int priority, final byte[] digest,
        final java.util.function.LongFunction<JobSpec> spec, final Path incoming, final byte[] input)
    {
        try
        {
            return table.submit(requestId, priority, digest, spec, incoming, input, System.currentTimeMillis());
        }
        catch (final RequestException e)
        {
            throw rejected(e);
        }
    }

    /** @return {@code e}, counted as a rejected request. */
    RequestException rejected(final RequestException e)
    {
        metrics.rejected(e.reason());
        return e;
    }

    Job job(final long id)
    {
        return table.get(id);
    }

    /** @return the job store, for the cuzk API's lookups. */
    JobStore store()
    {
        return table;
    }

    /** @return the resident keys. */
    KeyCache keys()
    {
        return keys;
    }

    /** @return the counters. */
    Metrics metrics()
    {
        return metrics;
    }

    /** @return the devices as the pipeline shows them. */
    List<DeviceView> deviceViews()
    {
        return pipeline.deviceViews();
    }

    /** @return the device workers as the pipeline shows them. */
    List<WorkerView> workerViews()
    {
        return pipeline.workerViews();
    }

    /** @return the partitions' buffer pool. */
    BufferPool pool()
    {
        return pool;
    }

    /** @return seconds since the daemon started. */
    long uptimeSeconds()
    {
        return (System.nanoTime() - startedNanos) / 1_000_000_000L;
    }

    Job cancel(final long id)
    {
        return table.cancel(id, System.currentTimeMillis());
    }

    StatusReply status(final long jobId)
    {
        final StatusReply.Builder b = StatusReply.newBuilder().setQueueCapacity(table.capacity());
        if (jobId != 0)
        {
            b.addJobs(ProtoViews.job(table.get(jobId), true, feed.activity(jobId)));
        }
        else
        {
            table.jobs().forEach(j -> b.addJobs(ProtoViews.job(j, false, feed.activity(j.id()))));
        }
        final List<WorkerView> workers = pipeline.workerViews();
        for (int i = 0; i < workers.size(); i++)
        {
            b.addWorkers(ProtoViews.worker(i, workers.get(i)));
        }
        pipeline.deviceViews().forEach(d -> b.addDevices(ProtoViews.device(d, keys)));
        keys.resident().forEach(k -> b.addKeys(ProtoViews.key(k)));
        if (claims != null)
        {
            b.setCluster(ProtoViews.cluster(config.cluster().host(), claims.view()));
        }
        return b.setMemory(ProtoViews.memory()).build();
    }

    String metricsText()
    {
        final List<WorkerView> workers = pipeline.workerViews();
        final int busy = (int)workers.stream().filter(w -> w.job() != 0).count();
        final String text = metrics.render(new Metrics.Gauges(table.counts(), workers.size(), busy,
            keys.resident().size(), ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
            journal == null ? null : journal.health(), disk, pipeline.deviceViews()));
        final String withTimeline = timelineGuard == null ? text : text
            + "# HELP jprove_daemon_timeline_recording 1 while the timeline records, 0 while its disk is short of"
            + " disk-reserve (events are dropped).\n# TYPE jprove_daemon_timeline_recording gauge\n"
            + "jprove_daemon_timeline_recording " + (timelineGuard.paused() ? 0 : 1) + "\n"
            + "# HELP jprove_daemon_timeline_dropped_events_total Timeline events dropped while its disk was short of"
            + " disk-reserve.\n# TYPE jprove_daemon_timeline_dropped_events_total counter\n"
            + "jprove_daemon_timeline_dropped_events_total " + timelineGuard.dropped() + "\n";
        return claims == null ? withTimeline : withTimeline + claims.metricsText();
    }

    /**
     * @return the key a PreloadKey request names, once it is a readable regular file under the key roots.
     * @throws RequestException INVALID naming the field.
     */
    KeyRef checkedKey(final io.jprove.engine.daemon.rpc.KeyRef request)
    {
        return requests.key(request);
    }

    /**
     * Loads the key and prepares it on every device that can still prove, the devices at once.
     *
     * @throws IllegalStateException naming the key and the first device it could not be prepared on.
     */
    KeyCache.KeyInfo preload(final KeyRef ref)
    {
        try (KeyCache.Lease lease = keys.acquire(ref))
        {
            pipeline.prepare(lease.provingKey(), "the " + ref.kindName() + " key " + ref.path(), 0).join();
        }
        catch (final CompletionException e)
        {
            throw e.getCause() instanceof final RuntimeException cause ? cause : e;
        }
        return keys.preload(ref);
    }

    KeyCache.KeyInfo evict(final KeyRef ref)
    {
        return keys.evict(ref);
    }

    @Override
    public void close()
    {
        if (grpc != null)
        {
            grpc.shutdownNow();
        }
        if (cuzk != null)
        {
            cuzk.close();
        }
        if (cuzkService != null)
        {
            cuzkService.close();
        }
        if (http != null)
        {
            http.close();
        }
        if (claims != null)
        {
            claims.close();
        }
        pruner.shutdownNow();
        if (heartbeat != null)
        {
            heartbeat.shutdownNow();
        }
        if (local != null)
        {
            local.stop();
        }
        // partitions on a device finish their stage and are kept; the rest are proved again at the next start
        pipeline.close();
        feed.close();
        porepMatrices.close();
        table.close();
        if (database != null)
        {
            database.close();
        }
        keys.close();
        backends.forEach(ProverBackend::close);
        pool.close();
        timeline.close();
        // last: nothing of this daemon touches the directory afterwards
        lock.close();
    }
}
