package io.jprove.engine.daemon;

import java.util.Map;

import io.jprove.engine.groth16.StepTimes;

/**
 * Where one job's time went on this host, as the cuzk API reports it: when its first partition started, how long
 * loading its key took, and its partitions' synthesis and device steps, summed. Kept in memory only: after a restart
 * a resumed job's figures cover the new process (and its wait includes the downtime). Thread-safe.
 */
final class JobTimings
{
    /** The step {@link io.jprove.engine.pipeline.DeviceWorker} records a partition's synthesis under. */
    private static final String SYNTHESIS = "synthesis";

    private long firstStartMs;
    private long keyLoadNanos;
    private long synthesisNanos;
    private long deviceNanos;

    /** A partition of the job starts, at wall-clock {@code nowMs}; the first one ends its wait. */
    synchronized void started(final long nowMs)
    {
        if (firstStartMs == 0)
        {
            firstStartMs = nowMs;
        }
    }

    /** Its key was had (loaded, or found resident) in {@code nanos}. */
    synchronized void keyLoaded(final long nanos)
    {
        keyLoadNanos += nanos;
    }

    /** A partition was proved in these steps: synthesis, and the rest on its device (kernels, copies, assembly). */
    synchronized void proved(final StepTimes steps)
    {
        for (final Map.Entry<String, Long> e : steps.nanos().entrySet())
        {
            if (SYNTHESIS.equals(e.getKey()))
            {
                synthesisNanos += e.getValue();
            }
            else
            {
                deviceNanos += e.getValue();
            }
        }
    }

    /** @return the wall-clock time its first partition started, or 0 before. */
    synchronized long firstStartMs()
    {
        return firstStartMs;
    }

    /** @return milliseconds spent having its key. */
    synchronized long keyLoadMs()
    {
        return keyLoadNanos / 1_000_000;
    }

    /** @return milliseconds of synthesis, summed over its partitions. */
    synchronized long synthesisMs()
    {
        return synthesisNanos / 1_000_000;
    }

    /** @return milliseconds of device steps, summed over its partitions. */
    synchronized long deviceMs()
    {
        return deviceNanos / 1_000_000;
    }
}
