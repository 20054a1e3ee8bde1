package io.jprove.engine.pipeline;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineClock;

/**
 * One device and its set of workers: the backend, its keys prepared once each (on the first partition that needs
 * one), and at least one {@link DeviceWorker} agent, each on its own {@link AgentRunner} thread. A partition given to a
 * lane stays on it from synthesis to proof (its buffers were chosen for this device, and on a GPU its data is uploaded
 * here), so there is one lane per device and no partition moves between them.
 */
final class DeviceLane implements AutoCloseable
{
    /** A worker with nothing queued spins, yields, then parks up to 1 ms, so an idle pipeline costs little CPU. */
    private static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ProverBackend backend;
    private final Timeline timeline;
    private final List<DeviceWorker> workers = new ArrayList<>();
    private final List<AgentRunner> runners = new ArrayList<>();
    private final Map<ProvingKey, Groth16Prover> provers = new IdentityHashMap<>();
    private final List<PreparedKey> prepared = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile String unusable;
    private final SecureRandom rng = new SecureRandom();

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

    /** @return why the device can take no more partitions, or null while it can. */
    String unusable()
    {
        return unusable;
    }

    /** The device failed for good ({@link io.jprove.engine.groth16.DeviceUnusableException}): pin nothing more here. */
    void markUnusable(final String reason)
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
                timeline.append(EventKind.QUEUED, task.job().id(), task.partition(), best.index(), device());
                return;
            }
            idle.idle();
        }
    }

    /**
     * @return the prover of a key on this device, preparing the key the first time (a {@code STAGE} event "prepare
     *         key" on the asking worker's row); workers asking at once wait for one preparation.
     */
    synchronized Groth16Prover prover(final ProvingKey key, final long job, final int partition, final int worker)
    {
        final Groth16Prover known = provers.get(key);
        if (known != null)
        {
            return known;
        }
        final long startNs = TimelineClock.nowNs();
        final PreparedKey ready = backend.prepare(key);
        prepared.add(ready);
        timeline.stage(job, partition, worker, device(), timeline.nameId("prepare key"), startNs,
            TimelineClock.nowNs() - startNs);
        final Groth16Prover prover = new Groth16Prover(ready, backend, rng);
        provers.put(key, prover);
        return prover;
    }

    /** @return what preparing each key on this device took ({@link PreparedKey#preparation()}), in order. */
    synchronized List<String> preparations()
    {
        return prepared.stream().map(PreparedKey::preparation).filter(p -> !p.isEmpty()).toList();
    }

    /** Stops the workers (each finishes its current partition), then frees the prepared keys. */
    @Override
    public void close()
    {
        runners.forEach(AgentRunner::close);
        synchronized (this)
        {
            prepared.forEach(PreparedKey::close);
            prepared.clear();
            provers.clear();
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
