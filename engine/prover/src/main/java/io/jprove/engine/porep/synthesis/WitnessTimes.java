package io.jprove.engine.porep.synthesis;

import java.util.Arrays;

/**
 * Where a native witness's time went: its wall time and threads, and the thread time of its tasks summed by kind
 * and by challenge. Accumulates over several partitions; written by the calling thread after the workers finish.
 */
public final class WitnessTimes
{
    private final long[] byKind = new long[WitnessTask.values().length];
    private final long[] countByKind = new long[WitnessTask.values().length];
    private long[] byChallenge = new long[0];
    private long wallNs;
    private int partitions;
    private int threads;

    void task(final WitnessTask kind, final int challenge, final long nanos)
    {
        byKind[kind.ordinal()] += nanos;
        countByKind[kind.ordinal()]++;
        if (challenge >= 0)
        {
            if (challenge >= byChallenge.length)
            {
                byChallenge = Arrays.copyOf(byChallenge, challenge + 1);
            }
            byChallenge[challenge] += nanos;
        }
    }

    void witness(final long nanos, final int threadCount)
    {
        wallNs += nanos;
        partitions++;
        threads = threadCount;
    }

    /** @return wall time of the witnesses, summed over partitions. */
    public long wallNs()
    {
        return wallNs;
    }

    /** @return partitions recorded. */
    public int partitions()
    {
        return partitions;
    }

    /** @return the threads the last witness was written with. */
    public int threads()
    {
        return threads;
    }

    /** @return thread time of every task. */
    public long coreNs()
    {
        return Arrays.stream(byKind).sum();
    }

    /** @return thread time of the tasks of {@code kind}. */
    public long coreNs(final WitnessTask kind)
    {
        return byKind[kind.ordinal()];
    }

    /** @return how many tasks of {@code kind} ran. */
    public long count(final WitnessTask kind)
    {
        return countByKind[kind.ordinal()];
    }

    /** @return thread time per challenge index (summed over partitions). */
    public long[] coreNsByChallenge()
    {
        return byChallenge.clone();
    }
}
