package io.jprove.engine.pipeline;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.jprove.engine.backend.TimelineListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.NestingRefusedException;
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
 * Faults: a {@link DeviceUnusableException} marks the lane unusable and nothing more is pinned here. A backend that
 * can be had again ({@link ProverBackend#restartable()}: a fresh accelerator, or a fresh device process for a GPU,
 * whose CUDA context a sticky error poisons for the rest of its process) is then restarted on a thread of the lane's:
 * once every worker's call on the faulted backend has ended (they fail fast), its prepared keys are dropped, it is
 * closed, {@link ProverBackend#reopen()} opens the fresh one in its place, the keys prepared before are prepared
 * again there, and the lane takes partitions again. Partitions pinned here meanwhile wait for it, as does pinning
 * while no device is usable but one is restarting; a restart that fails is tried again after a pause, and after
 * {@link #RESTART_ATTEMPTS} the lane stays unusable, and what is pinned here fails with the reason. A backend that
 * cannot be restarted (the in-process CUDA one) leaves the lane unusable for good, as does closing.
 */
final class DeviceLane implements AutoCloseable
{
    /** A worker with nothing queued spins, yields, then parks up to 1 ms, so an idle pipeline costs little CPU. */
    private static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Restarts tried after one fault before the lane gives up: the pauses between them double from one second. */
    static final int RESTART_ATTEMPTS = 5;

    /** The caller's backend, closed by the caller; a replacement made here is closed here. */
    private final ProverBackend original;
    private volatile ProverBackend backend;
    /** Held shared by each worker's use of the backend, exclusively by a restart; fair, so a restart is not starved. */
    private final ReentrantReadWriteLock use = new ReentrantReadWriteLock(true);
    private final AtomicLong restarts = new AtomicLong();
    /** Whether a restart is under way (or pausing before its next attempt); guarded by this. */
    private boolean restarting;
    private Thread restarter;
    private final Timeline timeline;
    private final List<DeviceWorker> workers = new ArrayList<>();
    private final List<AgentRunner> runners = new ArrayList<>();
    /** The keys prepared or being prepared here, by the identity of the key; guarded by this. */
    private final Map<ProvingKey, Slot> slots = new IdentityHashMap<>();
    private final AtomicLong preparations = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    /**
     * Partitions of preempting jobs, highest priority then earliest job first: taken by the first worker that is
     * idle or at a step boundary of a partition of a lower job ({@link #takeUrgent}).
     */
    private final PriorityBlockingQueue<PartitionTask> urgent = new PriorityBlockingQueue<>(4,
        Comparator.comparingInt((final PartitionTask t) -> -t.job().priority()).thenComparingLong(t -> t.job().id())
            .thenComparingInt(PartitionTask::index));
    /** Keys whose partitions the backend refused to prove inside another (no device memory): they wait instead. */
    private final Set<ProvingKey> nestingRefused = ConcurrentHashMap.newKeySet();
    private final SecureRandom rng = new SecureRandom();
    private volatile String unusable;
    private boolean closed;

    /** One key's preparation here: made once, by whoever asked first; the others wait on its future. */
    private static final class Slot
    {
        private final ProvingKey key;
        private final String keyName;
        private final CompletableFuture<Groth16Prover> ready = new CompletableFuture<>();
        /** Written before {@code ready} completes. */
        private volatile PreparedKey prepared;
        private volatile long prepareMs;

        Slot(final ProvingKey key, final String keyName)
        {
            this.key = key;
            this.keyName = keyName;
        }
    }

    DeviceLane(final ProverBackend backend, final int workerCount, final Timeline timeline, final Pipeline pipeline)
    {
        this.original = backend;
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

    /** @return whether its backend evaluates a, b, c from a partition's matrices. */
    boolean spmvOnDevice()
    {
        return backend.spmvOnDevice();
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

    /**
     * The device faulted ({@link DeviceUnusableException}): pin nothing more here, and restart it if its backend can
     * be had again.
     */
    synchronized void markUnusable(final String reason)
    {
        if (unusable != null)
        {
            return;
        }
        unusable = reason;
        if (!closed && backend.restartable())
        {
            restarting = true;
            restarter = Thread.ofPlatform().name("jprove-restart-" + name()).daemon().start(() -> restart(reason));
        }
    }

    /** @return whether the lane is being restarted (its partitions wait for it). */
    synchronized boolean restarting()
    {
        return restarting;
    }

    /** @return the restarts that brought the device back since the start. */
    long restarts()
    {
        return restarts.get();
    }

    /**
     * Waits while the device restarts, then takes a share of its use: the caller proves on the backend and ends with
     * {@link #exitUse()}.
     *
     * @return null when the caller holds its share, else why the device can prove nothing (the lane is closed or
     *         unusable for good).
     */
    String enterUse() throws InterruptedException
    {
        while (true)
        {
            use.readLock().lockInterruptibly();
            synchronized (this)
            {
                if (closed)
                {
                    use.readLock().unlock();
                    return name() + " is closed: the pipeline stopped";
                }
                if (!restarting)
                {
                    if (unusable == null)
                    {
                        return null;
                    }
                    use.readLock().unlock();
                    return unusable;
                }
            }
            use.readLock().unlock();
            synchronized (this)
            {
                while (restarting && !closed)
                {
                    wait(100);
                }
            }
        }
    }

    /** Ends a share taken by {@link #enterUse()}. */
    void exitUse()
    {
        use.readLock().unlock();
    }

    /**
     * Restarts the faulted backend: waits for every worker's call on it to end, drops its prepared keys, closes it,
     * opens a fresh one and prepares the keys again; tried {@link #RESTART_ATTEMPTS} times.
     */
    private void restart(final String fault)
    {
        long pauseMs = 1000;
        String failure = null;
        for (int attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++)
        {
            final List<Slot> dropped;
            final ProverBackend fresh;
            try
            {
                use.writeLock().lockInterruptibly();
            }
            catch (final InterruptedException e)
            {
                return; // closing
            }
            try
            {
                synchronized (this)
                {
                    if (closed)
                    {
                        return;
                    }
                    dropped = new ArrayList<>(slots.values());
                    slots.clear();
                }
                for (final Slot slot : dropped)
                {
                    slot.ready.handle((p, e) -> null).join();
                    free(slot);
                }
                final ProverBackend old = backend;
                closeQuietly(old);
                fresh = reopen(old, attempt, fault);
                if (fresh == null)
                {
                    failure = unusable;
                }
                if (fresh != null)
                {
                    backend = fresh;
                    restarts.incrementAndGet();
                    TimelineListener.describeDevice(timeline, fresh);
                    synchronized (this)
                    {
                        unusable = null;
                        restarting = false;
                        notifyAll();
                    }
                }
            }
            finally
            {
                use.writeLock().unlock();
            }
            if (fresh != null)
            {
                System.err.println("jprove: " + name() + " restarted after a fault (" + fault + ")");
                for (final Slot slot : dropped)
                {
                    if (slot.key != null)
                    {
                        try
                        {
                            prepareInBackground(slot.key, slot.keyName, 0);
                        }
                        catch (final IllegalStateException e)
                        {
                            // faulted again, or closing: the next partition that needs the key tries
                        }
                    }
                }
                return;
            }
            try
            {
                Thread.sleep(pauseMs);
            }
            catch (final InterruptedException e)
            {
                return; // closing
            }
            pauseMs *= 2;
        }
        synchronized (this)
        {
            unusable = fault + "; " + RESTART_ATTEMPTS + " restarts failed (" + failure + ")";
            restarting = false;
            notifyAll();
        }
    }

    /** @return a fresh backend in place of {@code old}, or null when it could not be opened (the reason is kept). */
    private ProverBackend reopen(final ProverBackend old, final int attempt, final String fault)
    {
        try
        {
            return old.reopen();
        }
        catch (final RuntimeException | Error e)
        {
            final String why = OneLine.of(e);
            System.err.println("jprove: restarting " + name() + " (attempt " + attempt + " of " + RESTART_ATTEMPTS
                + "): " + why);
            synchronized (this)
            {
                unusable = fault + "; restart " + attempt + " of " + RESTART_ATTEMPTS + " failed: " + why;
            }
            return null;
        }
    }

    private void closeQuietly(final ProverBackend b)
    {
        try
        {
            b.close();
        }
        catch (final RuntimeException e)
        {
            // a faulted device refuses even frees; its memory goes with its context
            System.err.println("jprove: closing the faulted " + name() + ": " + OneLine.of(e));
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
     * Queues a synthesized partition for the worker with the fewest outstanding, waiting while every queue is full;
     * a partition of a preempting job ({@link Pipeline#PREEMPTING}) goes to the lane's urgent queue instead, which
     * every worker looks at first, and every partition running here at its next step boundary.
     */
    void offer(final PartitionTask task)
    {
        task.handedOver();
        if (task.job().priority() >= Pipeline.PREEMPTING)
        {
            urgent.add(task);
            timeline.append(EventKind.QUEUED, task.job().id(), task.index(), -1, device());
            return;
        }
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
     * @return the next urgent partition for a worker that is idle ({@code outerKey} null), or at a step boundary of
     *         a partition of priority {@code below} and key {@code outerKey}: then one of a higher job, of another key
     *         (a backend keeps one set of scratch per prepared key), ready here and not refused nesting; else null.
     */
    PartitionTask takeUrgent(final int below, final ProvingKey outerKey)
    {
        final boolean nested = outerKey != null;
        synchronized (urgent)
        {
            final PartitionTask first = urgent.peek();
            // not inside a partition of its own key: a backend keeps one set of scratch per prepared key
            if (first == null || nested && (first.job().priority() <= below || first.job().key() == outerKey))
            {
                return null;
            }
            if (nested)
            {
                final Slot slot;
                synchronized (this)
                {
                    slot = slots.get(first.job().key());
                }
                // a key still being prepared takes seconds: the partition waits for an idle worker instead
                if (slot == null || !slot.ready.isDone() || nestingRefused.contains(first.job().key()))
                {
                    return null;
                }
            }
            return urgent.poll();
        }
    }

    /** @return partitions in the urgent queue. */
    int urgentWaiting()
    {
        return urgent.size();
    }

    /**
     * The backend refused to prove a partition inside another: it goes back to the urgent queue; when the refusal
     * lasts (no room), later partitions of its key wait for a worker too.
     */
    void refuseNesting(final PartitionTask task, final NestingRefusedException why)
    {
        if (why.lasting() && nestingRefused.add(task.job().key()))
        {
            System.err.println("jprove: " + name() + " cannot prove " + task.job().keyName() + " inside another"
                + " partition (" + why.getMessage() + "); its partitions wait for a worker");
        }
        urgent.add(task);
    }

    /** @return whether the key's partitions may be proved inside another's on this device. */
    boolean nestingRefused(final ProvingKey key)
    {
        return nestingRefused.contains(key);
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
        final Slot slot = new Slot(key, keyName);
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
        final ProverBackend on = backend;
        try
        {
            final PreparedKey ready = on.prepare(key);
            slot.prepareMs = (System.nanoTime() - t0) / 1_000_000;
            slot.prepared = ready;
            preparations.incrementAndGet();
            timeline.stage(job, partition, worker, device(), timeline.nameId("prepare key"), startNs,
                TimelineClock.nowNs() - startNs);
            slot.ready.complete(new Groth16Prover(ready, on, rng));
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
        final String why;
        synchronized (this)
        {
            why = unusable == null ? null : restarting ? "restarting after a fault: " + unusable : unusable;
        }
        return new DeviceView(name(), backend.description(), workers.size(), why, preparations.get(), prepared,
            restarts.get());
    }

    /** @return what each of its workers proves now. */
    List<WorkerView> workerViews()
    {
        return workers.stream().map(DeviceWorker::view).toList();
    }

    /**
     * Stops a restart under way, the workers (each finishes its current partition), then frees the prepared keys and
     * closes a backend opened here by a restart (the caller's own is the caller's to close).
     */
    @Override
    public void close()
    {
        final Thread r;
        synchronized (this)
        {
            closed = true;
            notifyAll();
            r = restarter;
        }
        if (r != null)
        {
            r.interrupt();
            joinUninterruptibly(r);
        }
        runners.forEach(AgentRunner::close);
        final List<Slot> left;
        synchronized (this)
        {
            left = new ArrayList<>(slots.values());
            slots.clear();
        }
        for (final Slot slot : left)
        {
            slot.ready.handle((p, e) -> null).join();
            free(slot);
        }
        final ProverBackend last = backend;
        if (last != original)
        {
            closeQuietly(last);
        }
    }

    private static void joinUninterruptibly(final Thread t)
    {
        boolean interrupted = false;
        while (true)
        {
            try
            {
                t.join();
                break;
            }
            catch (final InterruptedException e)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** @return the tasks still queued after {@link #close()}, for the pipeline to drop. */
    List<PartitionTask> leftOver()
    {
        final List<PartitionTask> out = new ArrayList<>();
        urgent.drainTo(out);
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
