package io.jprove.engine.daemon;

/**
 * A request the daemon refuses, with the reason (which the gRPC service maps to a status code) and a one-line
 * message naming the field, the file or the job.
 */
public final class RequestException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** Why a request is refused. */
    public enum Reason
    {
        /** Malformed: a missing field, an unreadable file, a bad witness. */
        INVALID,
        /** The request id was used before with another payload. */
        CONFLICT,
        /** No such job (never submitted, or pruned). */
        NOT_FOUND,
        /** The queue of unfinished jobs is full. */
        BUSY,
        /** The data directory's disk has less free space than the reserve kept for the jobs already accepted. */
        NO_SPACE,
        /** The job needs more memory than the daemon's budget or its host has (Admission). */
        TOO_LARGE,
        /** A kind of proof the daemon does not prove (yet). */
        UNSUPPORTED,
        /** The host lacks what the request needs: its parameters are not in the parameter cache. */
        PRECONDITION
    }

    private final Reason reason;

    /** @param message one line, naming what and where. */
    public RequestException(final Reason reason, final String message)
    {
        super(message);
        this.reason = reason;
    }

    /** @return why the request was refused. */
    public Reason reason()
    {
        return reason;
    }
}
