package io.jprove.engine.pipeline;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Hands out the partitions of every submitted job, one at a time, in the order of the design: highest priority
 * first, then the earliest job, then the lowest partition index. The one scheduler of jprove: the pipeline's own
 * queue orders its jobs with it, and a daemon its journaled jobs. Producers (submit, from any thread) and consumers
 * (synthesis workers) share one lock: this is not a hot path (one take per partition, each followed by seconds of
 * synthesis), and a lock makes the order exact. Each handed-out partition carries the scheduler's logical clock at
 * offer and at take, so that the order can be checked after the fact.
 *
 * @param <J> the jobs it orders.
 */
public final class Scheduler<J>
{
    /**
     * A partition waiting for synthesis, or handed out.
     *
     * @param job       its job.
     * @param partition its index.
     * @param offeredAt the scheduler's clock when it was submitted.
     * @param takenAt   the scheduler's clock when it was handed out, 0 while it waits.
     * @param <J>       the job's type.
     */
    public record Scheduled<J>(J job, int partition, long offeredAt, long takenAt)
    {
    }

    private final Comparator<Scheduled<J>> order;
    private final ToIntFunction<J> priority;
    private final PriorityQueue<Scheduled<J>> pending;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition available = lock.newCondition();
    private long clock;
    private boolean closed;

    /**
     * @param priority a job's priority: higher goes first.
     * @param age      a job's rank among equal priorities: lower (earlier) goes first.
     */
    public Scheduler(final ToIntFunction<J> priority, final ToLongFunction<J> age)
    {
        this.priority = priority;
        this.order = Comparator.comparingInt((final Scheduled<J> s) -> -priority.applyAsInt(s.job()))
            .thenComparingLong(s -> age.applyAsLong(s.job()))
            .thenComparingInt(Scheduled::partition);
        this.pending = new PriorityQueue<>(order);
    }

    /** @return the order it hands out in: priority first (higher), then age (earlier), then partition (lower). */
    public Comparator<Scheduled<J>> order()
    {
        return order;
    }

    /** Adds every partition of a job, 0 to {@code partitions} − 1. */
    public void submit(final J job, final int partitions)
    {
        final int[] all = new int[partitions];
        for (int p = 0; p < partitions; p++)
        {
            all[p] = p;
        }
        submit(job, all);
    }

    /**
     * Adds some partitions of a job (those not done yet, when a job resumes).
     *
     * @throws IllegalStateException when the scheduler is closed.
     */
    public void submit(final J job, final int[] partitions)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                throw new IllegalStateException("the scheduler is closed");
            }
            for (final int p : partitions)
            {
                pending.add(new Scheduled<>(job, p, ++clock, 0));
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
    public Scheduled<J> take(final long timeoutMs) throws InterruptedException
    {
        return take(timeoutMs, Integer.MIN_VALUE);
    }

    /**
     * As {@link #take(long)}, for partitions of a priority at least {@code atLeast} only: the first in the
     * scheduler's order when it is one of them (the order puts them first).
     *
     * @param atLeast the lowest priority handed out.
     * @return the partition, or null when none of that priority came within the timeout.
     * @throws InterruptedException when the waiting thread is interrupted.
     */
    public Scheduled<J> take(final long timeoutMs, final int atLeast) throws InterruptedException
    {
        lock.lock();
        try
        {
            long leftNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            while ((pending.isEmpty() || priority.applyAsInt(pending.peek().job()) < atLeast) && !closed)
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
            final Scheduled<J> next = pending.poll();
            return new Scheduled<>(next.job(), next.partition(), next.offeredAt(), ++clock);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Drops a job's waiting partitions (cancelled or failed). @return how many were dropped. */
    public int remove(final J job)
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
    public int size()
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
    public void close()
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
