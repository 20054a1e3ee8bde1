package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import com.google.protobuf.ByteString;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

import io.jprove.engine.daemon.cuzk.AwaitProofRequest;
import io.jprove.engine.daemon.cuzk.AwaitProofResponse;
import io.jprove.engine.daemon.cuzk.CancelProofRequest;
import io.jprove.engine.daemon.cuzk.CancelProofResponse;
import io.jprove.engine.daemon.cuzk.EvictSrsRequest;
import io.jprove.engine.daemon.cuzk.EvictSrsResponse;
import io.jprove.engine.daemon.cuzk.GPUStatus;
import io.jprove.engine.daemon.cuzk.GetMetricsRequest;
import io.jprove.engine.daemon.cuzk.GetMetricsResponse;
import io.jprove.engine.daemon.cuzk.GetStatusRequest;
import io.jprove.engine.daemon.cuzk.GetStatusResponse;
import io.jprove.engine.daemon.cuzk.PreloadSrsRequest;
import io.jprove.engine.daemon.cuzk.PreloadSrsResponse;
import io.jprove.engine.daemon.cuzk.ProveRequest;
import io.jprove.engine.daemon.cuzk.ProveResponse;
import io.jprove.engine.daemon.cuzk.ProvingEngineGrpc;
import io.jprove.engine.daemon.cuzk.QueueStatus;
import io.jprove.engine.daemon.cuzk.SRSStatus;
import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.daemon.cuzk.SubmitProofResponse;
import io.jprove.engine.pipeline.DeviceView;
import io.jprove.engine.pipeline.WorkerView;

/**
 * cuzk's gRPC API ({@code cuzk.v1.ProvingEngine}, src/main/proto/cuzk/v1/proving.proto) over a {@link Daemon}, so
 * that Curio proves through jprove by changing its {@code [Cuzk] Address}. A request becomes a daemon job like any
 * other (journaled before it is acknowledged, resumed after a crash, proved through the pipeline), of kind
 * {@link JobSpec.Porep}, {@link JobSpec.Post} or {@link JobSpec.Snap}; what differs is cuzk's contract:
 * <ul>
 *   <li>a job's id is its request_id (one is made up when it is empty), kept in the job table as {@code cuzk:ID}
 *       apart from jprove's own requests. The same request answers the same job; but a job that failed or was
 *       cancelled is proved again when its request comes again (Curio retries a task under the same id), as attempt
 *       {@code #2:cuzk:ID} ({@link RequestAttempts}), and a finished job's id takes another request as cuzk does;
 *       another request under the id of a queued or running job is ALREADY_EXISTS;</li>
 *   <li>priorities LOW to CRITICAL are 1 to 4 on jprove's scale; AwaitProof's timeout answers TIMEOUT, not an
 *       error; CancelProof really cancels (at partition boundaries, as jprove's Cancel);</li>
 *   <li>timings: queue_wait_ms from acceptance to the first partition's start, srs_load_ms having the parameters,
 *       synthesis_ms and gpu_compute_ms summed over the partitions ({@link JobTimings}), total_ms acceptance to
 *       end;</li>
 *   <li>PreloadSRS and EvictSRS take cuzk's circuit ids ({@link CuzkCircuits}) and act on the daemon's resident
 *       keys: loaded, checked and prepared on every device, or dropped.</li>
 * </ul>
 * Refusals are gRPC statuses with one line ({@link ProverService#status}); a request is refused before anything is
 * journaled ({@link CuzkRequests}). Await and Prove hold no thread while they wait.
 */
final class CuzkService extends ProvingEngineGrpc.ProvingEngineImplBase implements AutoCloseable
{
    /** What a cuzk request id is prefixed with in the job table. */
    static final String PREFIX = "cuzk:";

    private final Daemon daemon;
    private final CuzkRequests requests;
    private final ScheduledExecutorService timeouts = Executors.newSingleThreadScheduledExecutor(r ->
    {
        final Thread t = new Thread(r, "jprove-cuzk-await-timeouts");
        t.setDaemon(true);
        return t;
    });

    CuzkService(final Daemon daemon, final CuzkRequests requests)
    {
        this.daemon = daemon;
        this.requests = requests;
    }

    @Override
    public void submitProof(final SubmitProofRequest request, final StreamObserver<SubmitProofResponse> out)
    {
        ProverService.answer(out, () ->
        {
            final Job job = submit(request);
            return SubmitProofResponse.newBuilder().setJobId(cuzkId(job)).setQueuePosition(position(job)).build();
        });
    }

    @Override
    public void awaitProof(final AwaitProofRequest request, final StreamObserver<AwaitProofResponse> out)
    {
        try
        {
            await(find(request.getJobId()), request.getTimeoutMs(), out, r -> r);
        }
        catch (final RuntimeException e)
        {
            out.onError(ProverService.status(e));
        }
    }

    @Override
    public void prove(final ProveRequest request, final StreamObserver<ProveResponse> out)
    {
        try
        {
            if (!request.hasSubmit())
            {
                throw new RequestException(RequestException.Reason.INVALID, "submit is missing: set the request");
            }
            await(submit(request.getSubmit()), 0, out, r -> ProveResponse.newBuilder().setResult(r).build());
        }
        catch (final RuntimeException e)
        {
            out.onError(ProverService.status(e));
        }
    }

    @Override
    public void cancelProof(final CancelProofRequest request, final StreamObserver<CancelProofResponse> out)
    {
        ProverService.answer(out, () ->
        {
            final Job job = find(request.getJobId());
            final boolean running = job.state() == JobState.RUNNING;
            daemon.cancel(job.id());
            return CancelProofResponse.newBuilder().setWasRunning(running).build();
        });
    }

    @Override
    public void getStatus(final GetStatusRequest request, final StreamObserver<GetStatusResponse> out)
    {
        ProverService.answer(out, this::status);
    }

    @Override
    public void getMetrics(final GetMetricsRequest request, final StreamObserver<GetMetricsResponse> out)
    {
        ProverService.answer(out, () -> GetMetricsResponse.newBuilder().setPrometheusText(daemon.metricsText()
            + cuzkMetrics()).build());
    }

    @Override
    public void preloadSRS(final PreloadSrsRequest request, final StreamObserver<PreloadSrsResponse> out)
    {
        ProverService.answer(out, () ->
        {
            final KeyRef ref = parameters(request.getCircuitId());
            if (!Files.isRegularFile(ref.path()))
            {
                throw new RequestException(RequestException.Reason.PRECONDITION, "circuit_id \""
                    + request.getCircuitId() + "\": its parameters are not in the parameter cache: " + ref.path()
                    + " is not a readable file");
            }
            if (resident(ref))
            {
                return PreloadSrsResponse.newBuilder().setAlreadyLoaded(true).build();
            }
            final long t0 = System.nanoTime();
            daemon.preload(ref);
            return PreloadSrsResponse.newBuilder().setLoadTimeMs((System.nanoTime() - t0) / 1_000_000).build();
        });
    }

    @Override
    public void evictSRS(final EvictSrsRequest request, final StreamObserver<EvictSrsResponse> out)
    {
        ProverService.answer(out, () ->
        {
            final KeyRef ref = parameters(request.getCircuitId());
            final boolean loaded = resident(ref);
            daemon.evict(ref);
            return EvictSrsResponse.newBuilder().setWasLoaded(loaded).setFreedBytes(loaded ? fileSize(ref) : 0)
                .build();
        });
    }

    /** Stops the await timers. */
    @Override
    public void close()
    {
        timeouts.shutdownNow();
    }

    /**
     * Accepts a request as the job of its request id: the newest attempt when it still stands for this request,
     * else a new attempt.
     */
    private Job submit(final SubmitProofRequest request)
    {
        final String id = request.getRequestId().isEmpty() ? UUID.randomUUID().toString() : request.getRequestId();
        if (id.length() > Requests.MAX_REQUEST_ID_CHARS - PREFIX.length() - 12
            || id.chars().anyMatch(c -> c < ' ' || c == 127))
        {
            throw daemon.rejected(new RequestException(RequestException.Reason.INVALID, "request_id must be at most "
                + (Requests.MAX_REQUEST_ID_CHARS - PREFIX.length() - 12) + " printable characters, got "
                + id.length() + " characters"));
        }
        final CuzkRequests.Checked c;
        try
        {
            c = requests.check(request);
        }
        catch (final RequestException e)
        {
            throw daemon.rejected(e);
        }
        final String base = PREFIX + id;
        try
        {
            final Job latest = daemon.store().newestAttempt(base);
            int attempt = 1;
            if (latest != null)
            {
                final int n = RequestAttempts.attempt(latest.requestId(), base);
                final JobState state = latest.state();
                if (!state.isFinished() && !latest.sameDigest(c.digest()))
                {
                    throw daemon.rejected(new RequestException(RequestException.Reason.CONFLICT, "request_id \"" + id
                        + "\" names a " + state.name().toLowerCase(java.util.Locale.ROOT) + " job of another"
                        + " request; use another request_id, or submit again once it has ended"));
                }
                // a job that stands for this request answers it; a finished one of another, or one that failed or
                // was cancelled, is followed by a new attempt
                attempt = !state.isFinished() || state == JobState.SUCCEEDED && latest.sameDigest(c.digest()) ? n
                    : n + 1;
            }
            return daemon.accept(RequestAttempts.name(base, attempt), c.priority(), c.digest(), c.spec(),
                c.incoming(), c.c1()).job();
        }
        finally
        {
            JobTable.deleteQuietly(c.incoming());
        }
    }

    /** @throws RequestException NOT_FOUND when no job has this id. */
    private Job find(final String jobId)
    {
        final Job job = jobId.isEmpty() ? null : daemon.store().newestAttempt(PREFIX + jobId);
        if (job == null)
        {
            throw new RequestException(RequestException.Reason.NOT_FOUND, "job_id \"" + jobId + "\" is unknown:"
                + " never submitted, or ended more than the result retention (" + daemon.config().resultRetention()
                + ") ago");
        }
        return job;
    }

    /** @return the id a cuzk client knows a job by: its request_id; a job of jprove's own API as "jprove/N". */
    static String cuzkId(final Job job)
    {
        String r = job.requestId();
        if (r.startsWith("#") && r.indexOf(':') > 0)
        {
            r = r.substring(r.indexOf(':') + 1);
        }
        return r.startsWith(PREFIX) ? r.substring(PREFIX.length()) : "jprove/" + job.id();
    }

    /** @return the queued jobs that start before this one (higher priority, or equal and older); 0 once it runs. */
    private int position(final Job job)
    {
        if (job.state() != JobState.QUEUED)
        {
            return 0;
        }
        int ahead = 0;
        for (final Job j : daemon.store().jobs())
        {
            if (j.id() != job.id() && j.state() == JobState.QUEUED && (j.priority() > job.priority()
                || j.priority() == job.priority() && Long.compareUnsigned(j.id(), job.id()) < 0))
            {
                ahead++;
            }
        }
        return ahead;
    }

    /**
     * Replies when the job ends, or with TIMEOUT after {@code timeoutMs} (0: no timeout); a caller that goes away
     * takes its listener with it.
     */
    private <T> void await(final Job job, final long timeoutMs, final StreamObserver<T> out,
        final java.util.function.Function<AwaitProofResponse, T> wrap)
    {
        final ServerCallStreamObserver<T> call = (ServerCallStreamObserver<T>)out;
        final AtomicBoolean answered = new AtomicBoolean();
        final Consumer<AwaitProofResponse> send = response ->
        {
            if (answered.compareAndSet(false, true))
            {
                synchronized (call)
                {
                    if (!call.isCancelled())
                    {
                        call.onNext(wrap.apply(response));
                        call.onCompleted();
                    }
                }
            }
        };
        final Consumer<Job> reply = finished -> send.accept(result(finished));
        final ScheduledFuture<?> timer = timeoutMs == 0 ? null : timeouts.schedule(() ->
        {
            job.removeListener(reply);
            send.accept(AwaitProofResponse.newBuilder().setJobId(cuzkId(job))
                .setStatus(AwaitProofResponse.Status.TIMEOUT).build());
        }, Math.min(timeoutMs, Long.MAX_VALUE / 2_000_000), TimeUnit.MILLISECONDS);
        call.setOnCancelHandler(() ->
        {
            job.removeListener(reply);
            if (timer != null)
            {
                timer.cancel(false);
            }
        });
        job.whenFinished(finished ->
        {
            if (timer != null)
            {
                timer.cancel(false);
            }
            reply.accept(finished);
        });
    }

    /** @return a finished job as AwaitProof answers it. */
    static AwaitProofResponse result(final Job job)
    {
        final AwaitProofResponse.Builder b = AwaitProofResponse.newBuilder().setJobId(cuzkId(job));
        switch (job.state())
        {
            case SUCCEEDED -> b.setStatus(AwaitProofResponse.Status.COMPLETED)
                .setProof(ByteString.copyFrom(job.proof()));
            case FAILED -> b.setStatus(AwaitProofResponse.Status.FAILED).setErrorMessage(job.error());
            case CANCELLED -> b.setStatus(AwaitProofResponse.Status.CANCELLED).setErrorMessage(job.error());
            default -> b.setStatus(AwaitProofResponse.Status.UNKNOWN);
        }
        final JobTimings t = job.timings();
        final long end = job.finishedMs();
        final long start = t.firstStartMs() == 0 ? end : t.firstStartMs();
        return b.setQueueWaitMs(Math.max(0, start - job.submittedMs())).setSrsLoadMs(t.keyLoadMs())
            .setSynthesisMs(t.synthesisMs()).setGpuComputeMs(t.deviceMs())
            .setTotalMs(Math.max(0, end - job.submittedMs())).build();
    }

    private GetStatusResponse status()
    {
        final GetStatusResponse.Builder b = GetStatusResponse.newBuilder();
        final List<Job> jobs = daemon.store().jobs();
        final Map<Long, Job> byId = new HashMap<>();
        final Map<String, int[]> queues = new TreeMap<>();
        for (final Job j : jobs)
        {
            byId.put(j.id(), j);
            final JobState s = j.state();
            if (!s.isFinished())
            {
                queues.computeIfAbsent(kind(j), k -> new int[2])[s == JobState.QUEUED ? 0 : 1]++;
            }
        }
        final List<DeviceView> devices = daemon.deviceViews();
        final List<WorkerView> workers = daemon.workerViews();
        for (int i = 0; i < devices.size(); i++)
        {
            final DeviceView d = devices.get(i);
            final GPUStatus.Builder g = GPUStatus.newBuilder().setOrdinal(i).setName(d.name() + " ("
                + d.description() + ")");
            for (final WorkerView w : workers)
            {
                final Job j = w.device().equals(d.name()) && w.job() != 0 ? byId.get(w.job()) : null;
                if (j != null)
                {
                    g.setCurrentJobId(cuzkId(j)).setCurrentProofKind(kind(j));
                    break;
                }
            }
            b.addGpus(g);
        }
        for (final KeyCache.KeyInfo k : daemon.keys().resident())
        {
            final long users = jobs.stream().filter(j -> !j.state().isFinished() && j.spec().key().equals(k.ref()))
                .count();
            b.addLoadedSrs(SRSStatus.newBuilder().setCircuitId(CuzkCircuits.circuitIdOf(k.ref()))
                .setTier(SRSStatus.Tier.HOT).setSizeBytes(fileSize(k.ref())).setRefCount((int)users));
        }
        queues.forEach((kind, n) -> b.addQueues(QueueStatus.newBuilder().setProofKind(kind).setPending(n[0])
            .setInProgress(n[1])));
        final Metrics m = daemon.metrics();
        return b.setTotalProofsCompleted(m.finishedCount(JobState.SUCCEEDED))
            .setTotalProofsFailed(m.finishedCount(JobState.FAILED)).setUptimeSeconds(daemon.uptimeSeconds())
            .setPinnedMemoryBytes(daemon.pool().reservedBytes()).setPinnedMemoryLimitBytes(daemon.pool().budgetBytes())
            .build();
    }

    /** @return cuzk's name for a job's kind ("porep-c2", "window-post", "winning-post"), or jprove's for its own. */
    private static String kind(final Job job)
    {
        if (job.spec() instanceof final JobSpec.Post t)
        {
            return t.proof().kind().word() + "-post";
        }
        if (job.spec() instanceof JobSpec.Snap)
        {
            return "snap-update";
        }
        return job.spec() instanceof JobSpec.Porep ? CuzkRequests.POREP_KIND : job.spec().kind();
    }

    /** @return the gauges and counters cuzk's GetMetrics has, under its names, from jprove's figures. */
    private String cuzkMetrics()
    {
        final Metrics m = daemon.metrics();
        final Map<JobState, Integer> counts = daemon.store().counts();
        final long busy = daemon.workerViews().stream().filter(w -> w.job() != 0).count();
        final StringBuilder out = new StringBuilder();
        metric(out, "cuzk_proofs_completed_total", "counter", "Total proofs completed",
            m.finishedCount(JobState.SUCCEEDED));
        metric(out, "cuzk_proofs_failed_total", "counter", "Total proofs failed", m.finishedCount(JobState.FAILED));
        metric(out, "cuzk_uptime_seconds", "gauge", "Daemon uptime", daemon.uptimeSeconds());
        metric(out, "cuzk_queue_depth", "gauge", "Current queue depth", counts.getOrDefault(JobState.QUEUED, 0));
        metric(out, "cuzk_running_jobs", "gauge", "Device workers proving now", busy);
        metric(out, "cuzk_gpu_workers", "gauge", "Number of device workers", daemon.workerViews().size());
        return out.toString();
    }

    private static void metric(final StringBuilder out, final String name, final String type, final String help,
        final long value)
    {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n').append("# TYPE ").append(name)
            .append(' ').append(type).append('\n').append(name).append(' ').append(value).append('\n');
    }

    /** @return the parameters a circuit id names in the parameter cache. */
    private KeyRef parameters(final String circuitId)
    {
        return KeyRef.porep(CuzkCircuits.params(daemon.config().cuzk().parameterCache(), circuitId));
    }

    private boolean resident(final KeyRef ref)
    {
        return daemon.keys().resident().stream().anyMatch(k -> k.ref().equals(ref) && k.resident());
    }

    private static long fileSize(final KeyRef ref)
    {
        try
        {
            return Files.size(ref.path());
        }
        catch (final IOException e)
        {
            return 0;
        }
    }
}
