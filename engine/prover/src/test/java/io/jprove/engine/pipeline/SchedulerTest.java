package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * The scheduler's ordering claim under concurrency: with producers submitting and consumers taking at the same time,
 * every partition is handed out exactly once, and none is handed out while a partition that ranks before it (by
 * priority, then job, then partition) was already waiting. The logical clock the scheduler stamps on offer and take
 * (under its lock) gives the interleaving that actually happened, so each take can be checked against what was
 * waiting at that moment.
 */
class SchedulerTest
{
    private static final int PRODUCERS = 4;
    private static final int CONSUMERS = 3;
    private static final int JOBS_PER_PRODUCER = 60;

    private static Job job(final long id, final int priority, final int partitions)
    {
        return new Job(id, new JobSpec("j" + id, priority, null, (CircuitShape)null, partitions, p -> null),
            x -> false);
    }

    @Test
    void shouldHandOutInPriorityJobPartitionOrderWhenProducersAndConsumersRace() throws Exception
    {
        final Scheduler<Job> scheduler = new Scheduler<>(j -> j.spec().priority(), Job::id);
        final ConcurrentLinkedQueue<Scheduler.Scheduled<Job>> taken = new ConcurrentLinkedQueue<>();
        final AtomicInteger ids = new AtomicInteger();
        final AtomicInteger producersLeft = new AtomicInteger(PRODUCERS);
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        int expected = 0;
        for (int t = 0; t < PRODUCERS; t++)
        {
            final SplittableRandom rnd = new SplittableRandom(t);
            final List<int[]> plan = new ArrayList<>();
            for (int j = 0; j < JOBS_PER_PRODUCER; j++)
            {
                plan.add(new int[] {rnd.nextInt(4), 1 + rnd.nextInt(4)});
                expected += plan.getLast()[1];
            }
            threads.add(Thread.ofPlatform().start(() ->
            {
                awaitQuietly(start);
                for (final int[] p : plan)
                {
                    // ids are drawn as jobs are made, so a later job of one producer has a larger id
                    scheduler.submit(job(ids.incrementAndGet(), p[0], p[1]), p[1]);
                    Thread.onSpinWait();
                }
                producersLeft.decrementAndGet();
            }));
        }
        for (int t = 0; t < CONSUMERS; t++)
        {
            threads.add(Thread.ofPlatform().start(() ->
            {
                awaitQuietly(start);
                try
                {
                    while (true)
                    {
                        final Scheduler.Scheduled<Job> s = scheduler.take(20);
                        if (s != null)
                        {
                            taken.add(s);
                        }
                        else if (producersLeft.get() == 0 && scheduler.size() == 0)
                        {
                            return;
                        }
                    }
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        start.countDown();
        for (final Thread t : threads)
        {
            t.join();
        }
        final List<Scheduler.Scheduled<Job>> all = new ArrayList<>(taken);
        assertEquals(expected, all.size(), "every partition handed out once");
        final Set<String> distinct = new HashSet<>();
        all.forEach(s -> distinct.add(s.job().id() + "/" + s.partition()));
        assertEquals(expected, distinct.size(), "no partition handed out twice");
        all.sort(Comparator.comparingLong(Scheduler.Scheduled::takenAt));
        int checked = 0;
        for (final Scheduler.Scheduled<Job> s : all)
        {
            for (final Scheduler.Scheduled<Job> other : all)
            {
                final boolean waiting = other.offeredAt() < s.takenAt() && other.takenAt() > s.takenAt();
                if (waiting && scheduler.order().compare(other, s) < 0)
                {
                    throw new AssertionError("took " + s.job() + " p" + s.partition() + " at " + s.takenAt()
                        + " while " + other.job() + " p" + other.partition() + " (offered at " + other.offeredAt()
                        + ") ranked before it");
                }
                checked += waiting ? 1 : 0;
            }
        }
        assertTrue(checked > expected, "the race left partitions waiting behind takes: " + checked + " checks");
    }

    @Test
    void shouldDropAJobsWaitingPartitionsAndReturnNullWhenClosed() throws Exception
    {
        final Scheduler<Job> scheduler = new Scheduler<>(j -> j.spec().priority(), Job::id);
        final Job a = job(1, 0, 3);
        final Job b = job(2, 0, 2);
        scheduler.submit(a, 3);
        scheduler.submit(b, 2);
        assertEquals(3, scheduler.remove(a));
        final List<Integer> partitions = new ArrayList<>();
        for (int i = 0; i < 2; i++)
        {
            final Scheduler.Scheduled<Job> s = scheduler.take(1000);
            assertEquals(b, s.job());
            partitions.add(s.partition());
        }
        assertEquals(List.of(0, 1), partitions);
        final Thread closer = Thread.ofPlatform().start(() ->
        {
            sleepQuietly(50);
            scheduler.close();
        });
        assertNull(scheduler.take(60_000), "a waiting take returns null when the scheduler closes");
        closer.join();
    }

    private static void awaitQuietly(final CountDownLatch latch)
    {
        try
        {
            latch.await();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }
}
