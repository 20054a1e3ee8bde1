package io.jprove.engine.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class OffHeapBufferPoolTest
{
    private static final BufferShape SMALL = new BufferShape(2, 30, 64);
    private static final BufferShape LARGE = new BufferShape(2, 60, 128);

    @Test
    void shouldNeverExceedTheBudgetNorHandOneSetToTwoHoldersWhenAcquirersAndReleasersRace() throws Exception
    {
        final long budget = 5 * SMALL.bytes();
        final Set<PartitionBuffers> held = Collections.synchronizedSet(Collections.newSetFromMap(
            new IdentityHashMap<>()));
        final BlockingQueue<PartitionBuffers> handOver = new ArrayBlockingQueue<>(64);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicInteger acquired = new AtomicInteger();
        final int perAcquirer = 400;
        try (OffHeapBufferPool pool = new OffHeapBufferPool(budget))
        {
            final List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++)
            {
                // acquirers play the synthesis workers: take a set, mark it, hand it to a "device worker"
                threads.add(Thread.ofPlatform().start(() -> run(failure, () ->
                {
                    for (int i = 0; i < perAcquirer; i++)
                    {
                        final PartitionBuffers b = pool.acquire(SMALL);
                        if (!held.add(b))
                        {
                            throw new AssertionError("a set was handed out while another holder had it");
                        }
                        assertTrue(pool.reservedBytes() <= budget, "over budget: " + pool.reservedBytes());
                        acquired.incrementAndGet();
                        handOver.put(b);
                    }
                })));
            }
            for (int t = 0; t < 2; t++)
            {
                // releasers play the device workers: give each set back from another thread
                threads.add(Thread.ofPlatform().start(() -> run(failure, () ->
                {
                    while (true)
                    {
                        final PartitionBuffers b = handOver.poll(2, TimeUnit.SECONDS);
                        if (b == null)
                        {
                            return;
                        }
                        held.remove(b);
                        pool.release(b);
                    }
                })));
            }
            for (final Thread t : threads)
            {
                t.join();
            }
            if (failure.get() != null)
            {
                throw new AssertionError(failure.get());
            }
            assertEquals(3 * perAcquirer, acquired.get());
            assertTrue(pool.reservedBytes() <= budget);
        }
    }

    @Test
    void shouldReuseASetAndFreeIdleOnesOfAnotherShapeWhenTheBudgetIsFull() throws Exception
    {
        try (OffHeapBufferPool pool = new OffHeapBufferPool(LARGE.bytes() + SMALL.bytes() / 2))
        {
            final PartitionBuffers first = pool.acquire(SMALL);
            first.assignment().fill((byte)7);
            pool.release(first);
            assertSame(first, pool.acquire(SMALL), "an idle set of the same shape is handed out again");
            pool.release(first);
            final PartitionBuffers large = pool.acquire(LARGE);
            assertEquals(LARGE.bytes(), pool.reservedBytes(), "the idle small set was freed to make room");
            large.memory().fill((byte)7);
            large.zeroPadding(10);
            for (int v = 0; v < 3; v++)
            {
                final byte[] bytes = large.vector(v).toArray(ValueLayout.JAVA_BYTE);
                assertEquals(7, bytes[10 * 32 - 1], "row 9 of vector " + v + " is kept");
                assertEquals(-1, java.util.Arrays.mismatch(bytes, 10 * 32, bytes.length,
                    new byte[bytes.length - 10 * 32], 0, bytes.length - 10 * 32), "padding of vector " + v);
            }
            assertEquals(7, large.assignment().get(ValueLayout.JAVA_BYTE, 0), "z is not padding");
            pool.release(large);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> pool.acquire(new BufferShape(2, 1000, 1024)));
            assertTrue(e.getMessage().contains("more than the host memory budget"), e.getMessage());
        }
    }

    private interface Body
    {
        void run() throws Exception;
    }

    private static void run(final AtomicReference<Throwable> failure, final Body body)
    {
        try
        {
            body.run();
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
        }
    }
}
