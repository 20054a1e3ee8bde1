package io.jprove.engine.pipeline;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands out the partitions of every submitted job, one at a time, to the synthesis workers, in the order of the
 * design: highest priority first, then the earliest job, then the lowest partition index. Producers (submit, from any
 * thread) and consumers (the synthesis workers) share one lock: this is not a hot path (one take per partition, each
 * followed by seconds of synthesis), and a lock makes the order exact. Each handed-out partition carries the
 * scheduler's logical clock at offer and at take, so that the order can be checked after the fact.
 */
final class Scheduler
{
    /** A partition waiting for synthesis, or handed out. */
    record Scheduled(Job job, int partition, long offeredAt, long takenAt)
    {
    }

    /** Priority first (higher), then job (earlier), then partition (lower). */
    static final Comparator<Scheduled> ORDER = Comparator
        .comparingInt((final Scheduled s) -> -s.job().spec().priority())
        .thenComparingLong(s -> s.job().id())
        .thenComparingInt(Scheduled::partition);

    private final PriorityQueue<Scheduled> pending = new PriorityQueue<>(ORDER);
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition available = lock.newCondition();
    private long clock;
    private boolean closed;

    /** Adds every partition of a job. */
    void submit(final Job job)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                throw new IllegalStateException("the pipeline is closed");
            }
            for (int p = 0; p < job.spec().partitions(); p++)
            {
                pending.add(new Scheduled(job, p, ++clock, 0));
            }
            available.signalAll();
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * @param timeoutMs how long to wait for a partition.
     * @return the first partition in the scheduler's order, or null when none came within the timeout or the
     *         scheduler is closed.
     * @throws InterruptedException when the waiting thread is interrupted.
     */
    Scheduled take(final long timeoutMs) throws InterruptedException
    {
        lock.lock();
        try
        {
            long leftNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            while (pending.isEmpty() && !closed)
            {
                if (leftNs <= 0)
                {
                    return null;
                }
                leftNs = available.awaitNanos(leftNs);
            }
            if (closed)
            {
                return null;
            }
            final Scheduled next = pending.poll();
            return new Scheduled(next.job(), next.partition(), next.offeredAt(), ++clock);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Drops a job's waiting partitions (cancelled or failed). @return how many were dropped. */
    int remove(final Job job)
    {
        lock.lock();
        try
        {
            final int before = pending.size();
            pending.removeIf(s -> s.job() == job);
            return before - pending.size();
        }
        finally
        {
            lock.unlock();
        }
    }

    /** @return the partitions waiting. */
    int size()
    {
        lock.lock();
        try
        {
            return pending.size();
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Wakes every waiting taker with null; later submits are refused. */
    void close()
    {
        lock.lock();
        try
        {
            closed = true;
            available.signalAll();
        }
        finally
        {
            lock.unlock();
        }
    }
}
