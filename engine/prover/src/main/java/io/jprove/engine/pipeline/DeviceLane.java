package io.jprove.engine.pipeline;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

/**
 * One device and its set of workers: the backend, the keys prepared on it, and at least one {@link DeviceWorker}
 * agent, each on its own {@link AgentRunner} thread. A partition given to a lane stays on it from synthesis to proof
 * (its buffers were chosen for this device, and on a GPU its data is uploaded here), so there is one lane per device
 * and no partition moves between them.
 * <p>
 * Keys: each is prepared here once (on a GPU, the bases and their tables in device memory: gigabytes, seconds), when
 * a job that needs it is submitted ({@link #prepareInBackground}), or by the first partition that needs it if no one
 * has started; workers needing a key wait for its one preparation while partitions with keys already prepared go on.
 * A preparation that fails fails the partitions waiting for it, naming the key and the device, and is tried again by
 * the next; a prepared key stays until {@link #release} or close.
 * <p>
 * Faults: a {@link DeviceUnusableException} marks the lane unusable; nothing more is pinned here, and what was fails
 * at once with the first fault's reason.
 */
final class DeviceLane implements AutoCloseable
{
    /** A worker with nothing queued spins, yields, then parks up to 1 ms, so an idle pipeline costs little CPU. */
    private static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ProverBackend backend;
    private final Timeline timeline;
    private final List<DeviceWorker> workers = new ArrayList<>();
    private final List<AgentRunner> runners = new ArrayList<>();
    /** The keys prepared or being prepared here, by the identity of the key; guarded by this. */
    private final Map<ProvingKey, Slot> slots = new IdentityHashMap<>();
    private final AtomicLong preparations = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final SecureRandom rng = new SecureRandom();
    private volatile String unusable;
    private boolean closed;

    /** One key's preparation here: made once, by whoever asked first; the others wait on its future. */
    private static final class Slot
    {
        private final String keyName;
        private final CompletableFuture<Groth16Prover> ready = new CompletableFuture<>();
        /** Written before {@code ready} completes. */
        private volatile PreparedKey prepared;
        private volatile long prepareMs;

        Slot(final String keyName)
        {
            this.keyName = keyName;
        }
    }

    DeviceLane(final ProverBackend backend, final int workerCount, final Timeline timeline, final Pipeline pipeline)
    {
        this.backend = backend;
        this.timeline = timeline;
        for (int w = 0; w < workerCount; w++)
        {
            workers.add(new DeviceWorker(this, w, timeline, pipeline));
        }
    }

    /** Starts every worker's thread. */
    void start()
    {
        for (final DeviceWorker worker : workers)
        {
            final IdleStrategy idle = new BackoffIdleStrategy(10, 20, TimeUnit.MICROSECONDS.toNanos(1), MAX_PARK_NS);
            final AgentRunner runner = new AgentRunner(idle, Throwable::printStackTrace, null, worker);
            runners.add(runner);
            AgentRunner.startOnThread(runner);
        }
    }

    /** @return the device's name ("cpu:0"). */
    String name()
    {
        return backend.name();
    }

    /** @return the device ordinal. */
    int device()
    {
        return backend.device();
    }

    /** @return its worker agents. */
    int workers()
    {
        return workers.size();
    }

    /** @return why the device can take no more partitions, or null while it can. */
    String unusable()
    {
        return unusable;
    }

    /** The device failed for good ({@link DeviceUnusableException}): pin nothing more here. */
    synchronized void markUnusable(final String reason)
    {
        if (unusable == null)
        {
            unusable = reason;
        }
    }

    /** @return partitions pinned here that have not finished (synthesizing, queued or proving). */
    int inFlight()
    {
        return inFlight.get();
    }

    /** A partition was pinned here. */
    void enter()
    {
        inFlight.incrementAndGet();
    }

    /** A partition pinned here finished or was dropped. */
    void leave()
    {
        inFlight.decrementAndGet();
    }

    /**
     * Queues a synthesized partition for the worker with the fewest outstanding, waiting while every queue is full.
     */
    void offer(final PartitionTask task)
    {
        final IdleStrategy idle = new BackoffIdleStrategy(1, 1, 1_000, MAX_PARK_NS);
        while (true)
        {
            DeviceWorker best = workers.getFirst();
            for (final DeviceWorker w : workers)
            {
                if (w.outstanding() < best.outstanding())
                {
                    best = w;
                }
            }
            if (best.offer(task))
            {
                timeline.append(EventKind.QUEUED, task.job().id(), task.index(), best.index(),
                    device());
                return;
            }
            idle.idle();
        }
    }

    /**
     * @return the prover of a key on this device: prepared now, on this thread, when no one has started (a
     *         {@code STAGE} event "prepare key" on the asking worker's row), else once the preparation under way ends.
     * @throws IllegalStateException naming the key and the device when it cannot be prepared here, or with the
     *                               device's fault.
     */
    Groth16Prover prover(final ProvingKey key, final String keyName, final long job, final int partition,
        final int worker)
    {
        while (true)
        {
            final Slot known = slot(key);
            if (known != null)
            {
                return await(known);
            }
            final Slot mine = claim(key, keyName);
            if (mine != null)
            {
                prepare(mine, key, job, partition, worker);
                return await(mine);
            }
            // another thread claimed it between the two looks: wait for that one
        }
    }

    /**
     * Prepares a key here on a thread of its own unless it is prepared or being prepared: a job's key is made ready
     * while its first partitions are synthesized.
     *
     * @return when the key is ready here (or why it could not be).
     */
    CompletableFuture<Groth16Prover> prepareInBackground(final ProvingKey key, final String keyName, final long job)
    {
        while (true)
        {
            final Slot known = slot(key);
            if (known != null)
            {
                return known.ready;
            }
            final Slot mine = claim(key, keyName);
            if (mine != null)
            {
                Thread.ofPlatform().name("jprove-prepare-" + name()).daemon()
                    .start(() -> prepare(mine, key, job, -1, -1));
                return mine.ready;
            }
        }
    }

    private synchronized Slot slot(final ProvingKey key)
    {
        checkOpen();
        return slots.get(key);
    }

    /** @return a new slot for the key, now this caller's to prepare, or null when the key has one already. */
    private synchronized Slot claim(final ProvingKey key, final String keyName)
    {
        checkOpen();
        if (slots.containsKey(key))
        {
            return null;
        }
        final Slot slot = new Slot(keyName);
        slots.put(key, slot);
        return slot;
    }

    private void checkOpen()
    {
        if (closed)
        {
            throw new IllegalStateException(name() + " is closed: the pipeline stopped");
        }
        final String why = unusable;
        if (why != null)
        {
            throw new IllegalStateException(why);
        }
    }

    /** Prepares the slot's key; its waiters get the prover, or the failure (and the next one tries again). */
    private void prepare(final Slot slot, final ProvingKey key, final long job, final int partition, final int worker)
    {
        final long startNs = TimelineClock.nowNs();
        final long t0 = System.nanoTime();
        try
        {
            final PreparedKey ready = backend.prepare(key);
            slot.prepareMs = (System.nanoTime() - t0) / 1_000_000;
            slot.prepared = ready;
            preparations.incrementAndGet();
            timeline.stage(job, partition, worker, device(), timeline.nameId("prepare key"), startNs,
                TimelineClock.nowNs() - startNs);
            slot.ready.complete(new Groth16Prover(ready, backend, rng));
        }
        catch (final RuntimeException | Error e)
        {
            synchronized (this)
            {
                slots.remove(key, slot);
            }
            final RuntimeException failure;
            if (e instanceof final DeviceUnusableException fault)
            {
                markUnusable(OneLine.of(fault));
                failure = fault;
            }
            else
            {
                failure = new IllegalStateException("cannot prepare " + slot.keyName + " on " + name() + ": "
                    + OneLine.of(e), e);
            }
            slot.ready.completeExceptionally(failure);
        }
    }

    private static Groth16Prover await(final Slot slot)
    {
        try
        {
            return slot.ready.join();
        }
        catch (final CompletionException e)
        {
            if (e.getCause() instanceof final RuntimeException cause)
            {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * Frees the key's preparation here, if it has one, once a preparation under way has ended. Called when no job
     * needs the key any more, so no partition is using it.
     */
    void release(final ProvingKey key)
    {
        final Slot slot;
        synchronized (this)
        {
            slot = slots.remove(key);
        }
        if (slot != null)
        {
            slot.ready.handle((p, e) -> null).join();
            free(slot);
        }
    }

    private void free(final Slot slot)
    {
        final PreparedKey prepared = slot.prepared;
        if (prepared == null)
        {
            return;
        }
        try
        {
            prepared.close();
        }
        catch (final RuntimeException e)
        {
            // a faulted device refuses even frees; its memory goes with the process
            System.err.println("jprove: releasing " + slot.keyName + " on " + name() + ": " + OneLine.of(e));
        }
    }

    /** @return what preparing each key on this device took ({@link PreparedKey#preparation()}), in order. */
    synchronized List<String> preparations()
    {
        return slots.values().stream().map(s -> s.prepared).filter(p -> p != null)
            .map(PreparedKey::preparation).filter(p -> !p.isEmpty()).toList();
    }

    /** @return the device as a status page shows it; a key being prepared shows once it is ready. */
    DeviceView view()
    {
        final List<DeviceView.Prepared> prepared = new ArrayList<>();
        synchronized (this)
        {
            slots.forEach((key, slot) ->
            {
                final PreparedKey p = slot.prepared;
                if (p != null)
                {
                    prepared.add(new DeviceView.Prepared(key, p.deviceBytes(), slot.prepareMs, p.preparation()));
                }
            });
        }
        return new DeviceView(name(), backend.description(), workers.size(), unusable, preparations.get(),
            prepared);
    }

    /** @return what each of its workers proves now. */
    List<WorkerView> workerViews()
    {
        return workers.stream().map(DeviceWorker::view).toList();
    }

    /** Stops the workers (each finishes its current partition), then frees the prepared keys. */
    @Override
    public void close()
    {
        runners.forEach(AgentRunner::close);
        final List<Slot> left;
        synchronized (this)
        {
            closed = true;
            left = new ArrayList<>(slots.values());
            slots.clear();
        }
        for (final Slot slot : left)
        {
            slot.ready.handle((p, e) -> null).join();
            free(slot);
        }
    }

    /** @return the tasks still queued after {@link #close()}, for the pipeline to drop. */
    List<PartitionTask> leftOver()
    {
        final List<PartitionTask> out = new ArrayList<>();
        for (final DeviceWorker w : workers)
        {
            for (PartitionTask t = w.pollLeftOver(); t != null; t = w.pollLeftOver())
            {
                out.add(t);
            }
        }
        return out;
    }
}
