package io.jprove.timeline;

/**
 * A directory is missing, is not a Chronicle Queue, or holds a queue that is not a jprove timeline; the message names
 * the directory and, where it applies, the queue index and what was wrong there.
 */
public final class TimelineFormatException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and where.
     */
    public TimelineFormatException(final String message)
    {
        super(message);
    }

    /**
     * @param message what is wrong and where.
     * @param cause   the underlying failure.
     */
    public TimelineFormatException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
