package io.jprove.engine.daemon;

import java.util.function.Consumer;
import java.util.function.Supplier;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

import io.jprove.engine.daemon.rpc.JobRef;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.KeyStatus;
import io.jprove.engine.daemon.rpc.MetricsReply;
import io.jprove.engine.daemon.rpc.MetricsRequest;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.ProverGrpc;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.daemon.rpc.StatusRequest;
import io.jprove.engine.daemon.rpc.SubmitReply;
import io.jprove.engine.pipeline.OneLine;
import io.jprove.engine.r1cs.MalformedFileException;

/**
 * The gRPC service over a {@link Daemon}: each call maps to one daemon operation, and a {@link RequestException}
 * to its status code (INVALID → INVALID_ARGUMENT, CONFLICT → ALREADY_EXISTS, NOT_FOUND, BUSY, NO_SPACE and
 * TOO_LARGE → RESOURCE_EXHAUSTED, UNSUPPORTED → UNIMPLEMENTED, PRECONDITION → FAILED_PRECONDITION); a request over
 * max-request-bytes is refused by gRPC itself, also RESOURCE_EXHAUSTED. Await and Prove hold no thread while they
 * wait: the reply is sent by the job's finish, and a caller that goes away (deadline, cancel) takes its listener with
 * it.
 */
final class ProverService extends ProverGrpc.ProverImplBase
{
    private final Daemon daemon;

    ProverService(final Daemon daemon)
    {
        this.daemon = daemon;
    }

    @Override
    public void submit(final ProofRequest request, final StreamObserver<SubmitReply> out)
    {
        answer(out, () ->
        {
            final JobStore.Submission s = daemon.submit(request);
            return SubmitReply.newBuilder().setJobId(s.job().id()).setDuplicate(s.duplicate())
                .setState(io.jprove.engine.daemon.rpc.JobState.valueOf(s.job().state().name())).build();
        });
    }

    @Override
    public void await(final JobRef request, final StreamObserver<JobStatus> out)
    {
        try
        {
            awaitJob(daemon.job(request.getJobId()), out);
        }
        catch (final RuntimeException e)
        {
            out.onError(status(e));
        }
    }

    @Override
    public void prove(final ProofRequest request, final StreamObserver<JobStatus> out)
    {
        try
        {
            awaitJob(daemon.submit(request).job(), out);
        }
        catch (final RuntimeException e)
        {
            out.onError(status(e));
        }
    }

    private static void awaitJob(final Job job, final StreamObserver<JobStatus> out)
    {
        final ServerCallStreamObserver<JobStatus> call = (ServerCallStreamObserver<JobStatus>)out;
        final Consumer<Job> reply = finished ->
        {
            synchronized (call)
            {
                if (!call.isCancelled())
                {
                    call.onNext(ProtoViews.job(finished, true));
                    call.onCompleted();
                }
            }
        };
        call.setOnCancelHandler(() -> job.removeListener(reply));
        job.whenFinished(reply);
    }

    @Override
    public void cancel(final JobRef request, final StreamObserver<JobStatus> out)
    {
        answer(out, () -> ProtoViews.job(daemon.cancel(request.getJobId()), true));
    }

    @Override
    public void status(final StatusRequest request, final StreamObserver<StatusReply> out)
    {
        answer(out, () -> daemon.status(request.getJobId()));
    }

    @Override
    public void metrics(final MetricsRequest request, final StreamObserver<MetricsReply> out)
    {
        answer(out, () -> MetricsReply.newBuilder().setText(daemon.metricsText()).build());
    }

    @Override
    public void preloadKey(final KeyRef request, final StreamObserver<KeyStatus> out)
    {
        answer(out, () -> ProtoViews.key(daemon.preload(daemon.checkedKey(request))));
    }

    @Override
    public void evictKey(final KeyRef request, final StreamObserver<KeyStatus> out)
    {
        answer(out, () -> ProtoViews.key(daemon.evict(key(request))));
    }

    private static io.jprove.engine.daemon.KeyRef key(final KeyRef request)
    {
        final String path = switch (request.getKeyCase())
        {
            case PARAMS_PATH -> request.getParamsPath();
            case ZKEY_PATH -> request.getZkeyPath();
            case KEY_NOT_SET -> throw new RequestException(RequestException.Reason.INVALID,
                "the key request names no key: set params_path or zkey_path");
        };
        final java.nio.file.Path p = java.nio.file.Path.of(path);
        if (!p.isAbsolute())
        {
            throw new RequestException(RequestException.Reason.INVALID, "key path \"" + path
                + "\" is not an absolute path (the daemon resolves no relative paths)");
        }
        return request.getKeyCase() == KeyRef.KeyCase.PARAMS_PATH ? io.jprove.engine.daemon.KeyRef.params(p)
            : io.jprove.engine.daemon.KeyRef.zkey(p);
    }

    /** Replies with what {@code body} makes, or with the status its failure maps to. */
    static <T> void answer(final StreamObserver<T> out, final Supplier<T> body)
    {
        final T reply;
        try
        {
            reply = body.get();
        }
        catch (final RuntimeException e)
        {
            out.onError(status(e));
            return;
        }
        out.onNext(reply);
        out.onCompleted();
    }

    /** @return the status a failure maps to: the request's fault, or INTERNAL with the one-line message. */
    static io.grpc.StatusRuntimeException status(final RuntimeException e)
    {
        if (e instanceof final RequestException r)
        {
            final Status s = switch (r.reason())
            {
                case INVALID -> Status.INVALID_ARGUMENT;
                case CONFLICT -> Status.ALREADY_EXISTS;
                case NOT_FOUND -> Status.NOT_FOUND;
                case BUSY, NO_SPACE, TOO_LARGE -> Status.RESOURCE_EXHAUSTED;
                case UNSUPPORTED -> Status.UNIMPLEMENTED;
                case PRECONDITION -> Status.FAILED_PRECONDITION;
            };
            return s.withDescription(r.getMessage()).asRuntimeException();
        }
        if (e instanceof IllegalArgumentException || e instanceof MalformedFileException)
        {
            // a key or circuit file the request named is not what it should be: the request's fault
            return Status.INVALID_ARGUMENT.withDescription(OneLine.of(e)).asRuntimeException();
        }
        return Status.INTERNAL.withDescription(OneLine.of(e)).asRuntimeException();
    }
}
