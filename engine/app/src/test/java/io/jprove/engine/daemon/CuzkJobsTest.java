package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import cuzk.v1.Proving.AwaitProofRequest;
import cuzk.v1.Proving.AwaitProofResponse;
import cuzk.v1.Proving.CancelProofRequest;
import cuzk.v1.Proving.GetMetricsRequest;
import cuzk.v1.Proving.GetStatusRequest;
import cuzk.v1.Proving.GetStatusResponse;
import cuzk.v1.Proving.Priority;
import cuzk.v1.Proving.QueueStatus;
import cuzk.v1.Proving.SubmitProofResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;

import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;

/**
 * cuzk jobs while the daemon is busy: a jprove job of higher priority holds the one worker, so the PoRep jobs stay
 * queued, and the API's request ids, queue positions, status, timeouts, cancel, retries and a restart are seen
 * without proving a sector. The 2 KiB parameter files are there only for the acceptance check (a key's header, an
 * empty .vk): every PoRep job here ends cancelled before it starts, so it is never proved with.
 */
class CuzkJobsTest
{
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String SECTOR_7 = "porep-1000-7";

    @TempDir
    static Path dir;
    private static DaemonFixtures f;

    @BeforeAll
    static void keys() throws IOException
    {
        f = DaemonFixtures.in(dir);
        Files.createDirectories(dir.resolve("params"));
        CuzkFixtures.keyHeader(dir.resolve("params").resolve(PorepParameterFiles.paramsName(CuzkFixtures.PROOF)));
        Files.createFile(dir.resolve("params").resolve(PorepParameterFiles.vkName(CuzkFixtures.PROOF)));
        // marked as jprove's own, so the empty .vk is not held against parameters.json's digest
        PorepParameterCache.writeMarker(dir.resolve("params"), CuzkFixtures.PROOF, "test");
    }

    private static DaemonConfig config(final Path data)
    {
        return DaemonFixtures.config(data, "cuzk-socket", data.resolveSibling(data.getFileName() + ".sock")
            .toString(), "cuzk-listen", "127.0.0.1:0", "parameter-cache", dir.resolve("params").toString(), "workers",
            "1");
    }

    /**
     * @return a daemon whose loads of the PoRep parameters (an empty file here) wait until they are cancelled, as a
     *         real 32 GiB file's first load takes minutes: its PoRep jobs stay queued, loading their key (a key that
     *         cannot be loaded fails its jobs at once).
     */
    private static Daemon start(final Path data)
    {
        final Path params = dir.resolve("params");
        return Daemon.start(config(data), List.of(new CpuProverBackend(0, 2)), real -> (ref, loading) ->
        {
            if (!ref.path().startsWith(params))
            {
                return real.load(ref, loading);
            }
            try
            {
                while (true)
                {
                    Thread.sleep(20);
                    loading.checkCancelled();
                }
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new CancellationException("the daemon closed");
            }
        });
    }

    /** @return a jprove job of priority 10 that keeps the one worker busy, once it runs. */
    private static long block(final DaemonClient c, final String id)
    {
        final long job = c.submit(f.chain(id, Requests.MAX_PARTITIONS, 10)).getJobId();
        eventually(WAIT, "the blocking job to run", () -> c.status(job).getJobs(0).getState() == JobState.RUNNING);
        return job;
    }

    private static AwaitProofResponse await(final CuzkClient c, final String id, final long timeoutMs)
    {
        return c.stub.awaitProof(AwaitProofRequest.newBuilder().setJobId(id).setTimeoutMs(timeoutMs).build());
    }

    private static QueueStatus queue(final GetStatusResponse s, final String kind)
    {
        return s.getQueuesList().stream().filter(q -> q.getProofKind().equals(kind)).findFirst().orElseThrow();
    }

    @Test
    void shouldQueueAwaitCancelAndRetryPoRepJobsWhileTheWorkerIsBusy(@TempDir final Path data) throws Exception
    {
        try (Daemon d = start(data); DaemonClient jprove = DaemonFixtures.client(d, null);
             CuzkClient unix = CuzkClient.unix(d.cuzkSocket()); CuzkClient tcp = CuzkClient.tcp(d.cuzkPort(), null))
        {
            final long blocker = block(jprove, "block");
            final SubmitProofResponse first = unix.stub.submitProof(CuzkFixtures.porep(SECTOR_7,
                CuzkFixtures.wrapped()).build());
            assertEquals(SECTOR_7, first.getJobId());
            assertEquals(0, first.getQueuePosition());
            assertEquals("", first.getAssignedGpu());
            // the same sector at LOW priority waits behind it; HIGH would go first
            assertEquals(1, tcp.stub.submitProof(CuzkFixtures.porep("porep-1000-8", CuzkFixtures.wrapped())
                .setPriority(Priority.LOW).build()).getQueuePosition());
            assertEquals(0, tcp.stub.submitProof(CuzkFixtures.porep("porep-1000-9", CuzkFixtures.wrapped())
                .setPriority(Priority.HIGH).build()).getQueuePosition());
            // a retry is the same job; another request under a queued job's id is refused
            assertEquals(SECTOR_7, tcp.stub.submitProof(CuzkFixtures.porep(SECTOR_7, CuzkFixtures.wrapped())
                .build()).getJobId());
            final StatusRuntimeException other = assertThrows(StatusRuntimeException.class, () -> unix.stub
                .submitProof(CuzkFixtures.porep(SECTOR_7, CuzkFixtures.bare()).build()));
            assertEquals(Status.Code.ALREADY_EXISTS, other.getStatus().getCode());
            assertEquals("request_id \"porep-1000-7\" names a queued job of another request; use another request_id,"
                + " or submit again once it has ended", other.getStatus().getDescription());
            assertEquals(4, d.store().jobs().size());

            final GetStatusResponse busy = unix.stub.getStatus(GetStatusRequest.getDefaultInstance());
            assertEquals(3, queue(busy, "porep-c2").getPending());
            assertEquals(0, queue(busy, "porep-c2").getInProgress());
            assertEquals(1, queue(busy, "builtin").getInProgress());
            assertEquals("jprove/" + blocker, busy.getGpus(0).getCurrentJobId());
            assertEquals("builtin", busy.getGpus(0).getCurrentProofKind());
            assertTrue(tcp.stub.getMetrics(GetMetricsRequest.getDefaultInstance()).getPrometheusText()
                .contains("\ncuzk_queue_depth 3\n"));

            // AwaitProof's timeout is an answer, not an error
            final AwaitProofResponse timeout = await(unix, SECTOR_7, 200);
            assertEquals(AwaitProofResponse.Status.TIMEOUT, timeout.getStatus());
            assertEquals(SECTOR_7, timeout.getJobId());

            // a client awaiting the queued job hears of its cancel (before or after it, whichever came first)
            final CompletableFuture<AwaitProofResponse> awaiting = new CompletableFuture<>();
            tcp.async.awaitProof(AwaitProofRequest.newBuilder().setJobId("porep-1000-8").build(), observer(awaiting));
            assertFalse(unix.stub.cancelProof(CancelProofRequest.newBuilder().setJobId("porep-1000-8").build())
                .getWasRunning());
            final AwaitProofResponse cancelled = awaiting.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(AwaitProofResponse.Status.CANCELLED, cancelled.getStatus());
            assertEquals("cancelled by request", cancelled.getErrorMessage());
            assertEquals(AwaitProofResponse.Status.CANCELLED, await(unix, "porep-1000-8", 0).getStatus());

            // the cancelled request comes again (as Curio retries a task): a new attempt under the same id
            assertEquals("porep-1000-8", unix.stub.submitProof(CuzkFixtures.porep("porep-1000-8",
                CuzkFixtures.wrapped()).setPriority(Priority.LOW).build()).getJobId());
            assertEquals("#2:cuzk:porep-1000-8", d.store().newestAttempt("cuzk:porep-1000-8").requestId());
            assertEquals(AwaitProofResponse.Status.TIMEOUT, await(tcp, "porep-1000-8", 50).getStatus());
            assertEquals(5, d.store().jobs().size());

            for (final String id : List.of(SECTOR_7, "porep-1000-8", "porep-1000-9"))
            {
                unix.stub.cancelProof(CancelProofRequest.newBuilder().setJobId(id).build());
            }
            jprove.cancel(blocker);
        }
    }

    @Test
    void shouldResumeAQueuedJobUnderItsRequestIdAfterARestart(@TempDir final Path data)
    {
        final long job;
        try (Daemon d = start(data); DaemonClient jprove = DaemonFixtures.client(d, null);
             CuzkClient c = CuzkClient.unix(d.cuzkSocket()))
        {
            block(jprove, "block");
            c.stub.submitProof(CuzkFixtures.porep(SECTOR_7, CuzkFixtures.wrapped()).build());
            job = d.store().newestAttempt("cuzk:" + SECTOR_7).id();
        }
        try (Daemon d = start(data); CuzkClient c = CuzkClient.unix(d.cuzkSocket()))
        {
            assertEquals(2, d.resumedJobs());
            // its C1 output is back in the spool, from the journal
            assertArrayEquals(CuzkFixtures.wrapped(), assertDoesExist(JournalRecord.c1File(data.resolve("spool"),
                job)));
            assertEquals(SECTOR_7, c.stub.submitProof(CuzkFixtures.porep(SECTOR_7, CuzkFixtures.wrapped()).build())
                .getJobId());
            assertEquals(job, d.store().newestAttempt("cuzk:" + SECTOR_7).id());
            assertEquals(AwaitProofResponse.Status.TIMEOUT, await(c, SECTOR_7, 50).getStatus());
            assertFalse(c.stub.cancelProof(CancelProofRequest.newBuilder().setJobId(SECTOR_7).build())
                .getWasRunning());
            d.store().jobs().forEach(j -> d.cancel(j.id()));
        }
    }

    private static byte[] assertDoesExist(final Path file)
    {
        try
        {
            return Files.readAllBytes(file);
        }
        catch (final IOException e)
        {
            throw new AssertionError(file + " is not there: " + e, e);
        }
    }

    private static <T> StreamObserver<T> observer(final CompletableFuture<T> into)
    {
        return new StreamObserver<>()
        {
            @Override
            public void onNext(final T value)
            {
                into.complete(value);
            }

            @Override
            public void onError(final Throwable t)
            {
                into.completeExceptionally(t);
            }

            @Override
            public void onCompleted()
            {
            }
        };
    }
}
