package io.jprove.engine.daemon;

/** Where a job is in its life; the API's JobState has the same names. */
public enum JobState
{
    /** Accepted and journaled; no partition has started. */
    QUEUED,
    /** At least one partition has started. */
    RUNNING,
    /** Every partition proved and verified; the result is retrievable until pruned. */
    SUCCEEDED,
    /** A partition failed; the error says why. */
    FAILED,
    /** Cancelled before it finished. */
    CANCELLED;

    /** @return whether the job has ended. */
    public boolean isFinished()
    {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
