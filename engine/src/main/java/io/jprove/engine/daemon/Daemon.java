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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.timeline.ChronicleTimeline;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineSettings;

/**
 * The proving daemon: the journal, the job table, the scheduler and its workers, the devices they prove on, the
 * resident keys, the gRPC service and the HTTP endpoint. {@link #start} opens the journal and resumes the jobs it
 * holds before either listener opens, so a client never sees a job that the daemon does not know yet.
 * <pre>
 *  gRPC ─┐                      ┌─► worker 0 ─ PartitionProver ─┐  ─► device 0 (backend, prepared keys)
 *        ├─► JobTable ─► Scheduler ─► worker …                  ├─► JobTable (journal, then state)
 *  HTTP ─┘  (journal first)      └─► worker N−1 ────────────────┘  ─► device (N−1) mod D
 * </pre>
 * The devices are the {@code device} setting's ({@link ProvingDevices}): each backend is shared by the workers placed
 * on it, and each resident key is prepared once per device, on first use or preload, and released when the key
 * leaves the {@link KeyCache}.
 * Every acceptance, partition, end and prune is journaled before it is acted on; a finished job's result is kept for
 * the configured retention, then pruned. {@link #close} stops the listeners and workers; a partition still being
 * proved is proved again at the next start.
 * <p>
 * With a cluster setting the journal gives way to the database that the cluster's daemons share: the jobs live in
 * {@link ClusterStore}, the workers take their partitions from {@link ClusterClaims}, a heartbeat thread keeps this
 * host's claims alive, and the pruner also tells awaiting clients when their job has ended, wherever it was proved.
 */
public final class Daemon implements AutoCloseable
{
    /** The longest a close waits for workers to reach a partition boundary. */
    private static final long CLOSE_WAIT_MS = 5_000;

    private final DaemonConfig config;
    private final Journal journal;
    private final Timeline timeline;
    private final Metrics metrics = new Metrics();
    private final Scheduler scheduler = new Scheduler();
    private final KeyCache keys;
    private final ProvingDevices devices;
    private final int workerCount;
    private final JobStore table;
    private final ClusterDatabase database;
    private final ClusterClaims claims;
    private final ScheduledExecutorService heartbeat;
    private final List<Worker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final ScheduledExecutorService pruner;
    private final Path spoolDir;
    private final DiskSpace disk;
    private final Requests requests;
    private final int resumed;
    private int resumedClaims;
    private Server grpc;
    private HttpEndpoint http;

    /** @param devices the devices, or null when {@code provers} come from elsewhere (simulations, tests). */
    private Daemon(final DaemonConfig config, final ProvingDevices devices, final PartitionProver.Factory provers)
    {
        this.config = config;
        this.devices = devices;
        this.workerCount = config.workers() > 0 ? config.workers() : devices != null ? devices.defaultWorkers() : 1;
        this.spoolDir = config.dataDir().resolve("spool");
        clearSpool();
        this.disk = new DiskSpace(config.dataDir(), config.diskReserveBytes(), DiskSpace.USABLE);
        this.requests = new Requests(spoolDir, new KeyRoots(config.keyRoots()), disk);
        this.timeline = config.timeline() == null ? Timeline.disabled()
            : ChronicleTimeline.open(TimelineSettings.of(config.timeline()));
        this.keys = devices == null ? new KeyCache(config.threads()) : new KeyCache(config.threads(), devices::release);
        final PartitionSource source;
        final ClusterConfig cluster = config.cluster();
        if (cluster == null)
        {
            this.journal = Journal.open(config.dataDir().resolve("journal"), config.journalSync(), spoolDir);
            final JobTable local = new JobTable(journal, disk, scheduler, metrics, timeline, spoolDir,
                config.queueCapacity(), config.resultRetention());
            this.resumed = local.recover(System.currentTimeMillis());
            this.table = local;
            this.database = null;
            this.claims = null;
            this.heartbeat = null;
            source = local;
        }
        else
        {
            this.journal = null;
            // workers, the heartbeat, the poller and a few concurrent requests
            this.database = new ClusterDatabase(cluster, workerCount + 6);
            ClusterSchema.create(database);
            final ClusterStore store = new ClusterStore(database, metrics, timeline, spoolDir,
                config.queueCapacity(), config.resultRetention(), cluster.lease());
            this.claims = new ClusterClaims(database, cluster, store, metrics, timeline);
            store.onSubmit(claims::wake);
            this.table = store;
            this.resumed = 0;
            this.heartbeat = Executors.newSingleThreadScheduledExecutor(r ->
            {
                final Thread t = new Thread(r, "jprove-cluster-heartbeat");
                t.setDaemon(true);
                return t;
            });
            source = claims;
        }
        for (int i = 0; i < workerCount; i++)
        {
            final Worker w = new Worker(i, source, devices != null ? devices.prover(i, keys) : provers.create(i, keys),
                metrics, timeline);
            workers.add(w);
            final Thread t = new Thread(w, "jprove-daemon-worker-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        this.pruner = Executors.newSingleThreadScheduledExecutor(r ->
        {
            final Thread t = new Thread(r, "jprove-daemon-pruner");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts a daemon on the devices its {@code device} setting chooses.
     *
     * @throws IllegalArgumentException when the device setting cannot be had on this host.
     * @throws UncheckedIOException     when a listener cannot bind or the data folder cannot be used.
     */
    public static Daemon start(final DaemonConfig config)
    {
        return start(config, DeviceSelection.parse(config.device(), "device").open(config.threads()));
    }

    /**
     * Starts a daemon on the given devices.
     *
     * @param backends one per device, opened; the daemon closes them (also when it fails to start).
     */
    public static Daemon start(final DaemonConfig config, final List<ProverBackend> backends)
    {
        final ProvingDevices devices;
        try
        {
            devices = new ProvingDevices(backends);
        }
        catch (final RuntimeException e)
        {
            backends.forEach(ProverBackend::close);
            throw e;
        }
        return start(config, devices, null);
    }

    /**
     * Starts a daemon whose workers prove with the given provers (one per worker), without devices of its own.
     */
    public static Daemon start(final DaemonConfig config, final PartitionProver.Factory provers)
    {
        return start(config, null, provers);
    }

    private static Daemon start(final DaemonConfig config, final ProvingDevices devices,
        final PartitionProver.Factory provers)
    {
        final Daemon daemon;
        try
        {
            daemon = new Daemon(config, devices, provers);
        }
        catch (final RuntimeException e)
        {
            if (devices != null)
            {
                devices.close();
            }
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
                workerCount);
            final long beatMs = config.cluster().heartbeat().toMillis();
            heartbeat.scheduleWithFixedDelay(quietly(claims::heartbeat), beatMs, beatMs, TimeUnit.MILLISECONDS);
            final long pollMs = config.cluster().poll().toMillis();
            final ClusterStore store = (ClusterStore)table;
            pruner.scheduleWithFixedDelay(quietly(store::refreshWatched), pollMs, pollMs, TimeUnit.MILLISECONDS);
        }
        threads.forEach(Thread::start);
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
                System.err.println("jprove daemon: " + Worker.oneLine(e));
            }
        };
    }

    private void clearSpool()
    {
        // recovery writes back the witnesses of the unfinished jobs; anything else here is left from a crash
        if (!Files.isDirectory(spoolDir))
        {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(spoolDir, "*.wtns"))
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

    /** @return the worker threads: the {@code workers} setting, else the devices' default. */
    public int workers()
    {
        return workerCount;
    }

    /** @return the devices it proves on ("cuda:0 (NVIDIA H200)"), or the workers' provers' names without devices. */
    public List<String> devices()
    {
        if (devices == null)
        {
            return workers.stream().map(Worker::device).distinct().toList();
        }
        return devices.all().stream().map(d -> d.name() + " (" + d.description() + ")").toList();
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

    Job job(final long id)
    {
        return table.get(id);
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
            b.addJobs(ProtoViews.job(table.get(jobId), true));
        }
        else
        {
            table.jobs().forEach(j -> b.addJobs(ProtoViews.job(j, false)));
        }
        workers.forEach(w -> b.addWorkers(ProtoViews.worker(w)));
        if (devices != null)
        {
            devices.all().forEach(d -> b.addDevices(ProtoViews.device(d)));
        }
        keys.resident().forEach(k -> b.addKeys(ProtoViews.key(k)));
        if (claims != null)
        {
            b.setCluster(ProtoViews.cluster(config.cluster().host(), claims.view()));
        }
        return b.setMemory(ProtoViews.memory()).build();
    }

    String metricsText()
    {
        int busy = 0;
        for (final Worker w : workers)
        {
            busy += w.jobId() != 0 ? 1 : 0;
        }
        final String text = metrics.render(new Metrics.Gauges(table.counts(), workers.size(), busy,
            keys.resident().size(), ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
            journal == null ? null : journal.health(), disk, devices == null ? List.of() : devices.all()));
        return claims == null ? text : text + claims.metricsText();
    }

    /**
     * @return the key a PreloadKey request names, once it is a readable regular file under the key roots.
     * @throws RequestException INVALID naming the field.
     */
    KeyRef checkedKey(final io.jprove.engine.daemon.rpc.KeyRef request)
    {
        return requests.key(request);
    }

    /** Loads the key and prepares it on every device that can still prove. */
    KeyCache.KeyInfo preload(final KeyRef ref)
    {
        if (devices == null)
        {
            return keys.preload(ref);
        }
        try (KeyCache.Lease lease = keys.acquire(ref))
        {
            devices.prepareEverywhere(lease);
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
        scheduler.close();
        for (int i = 0; i < threads.size(); i++)
        {
            if (threads.get(i).getState() == Thread.State.NEW)
            {
                workers.get(i).stopUnstarted(); // the start failed before the workers did: their devices go too
            }
        }
        final long deadline = System.currentTimeMillis() + CLOSE_WAIT_MS;
        for (final Thread t : threads)
        {
            try
            {
                t.join(Math.max(1, deadline - System.currentTimeMillis()));
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                break;
            }
        }
        table.close();
        if (database != null)
        {
            database.close();
        }
        keys.close();
        if (devices != null)
        {
            devices.close();
        }
        timeline.close();
    }
}
