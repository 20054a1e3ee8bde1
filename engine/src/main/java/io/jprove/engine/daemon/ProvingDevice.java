package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;

/**
 * One device the daemon proves on: its {@link ProverBackend}, shared by the workers placed on it, and the keys
 * prepared there, one per resident key, made once on first use (or on a preload) and kept until the key leaves the
 * {@link KeyCache}. On a GPU a prepared key is the bases and their MSM tables in device memory, gigabytes that take
 * seconds to make, so no partition prepares its own; workers asking for the same key at once wait for one
 * preparation, while partitions with keys already prepared go on.
 * <p>
 * A device fault ({@link DeviceUnusableException}: CUDA's sticky errors poison the device for the process) marks it
 * unusable: every later partition on it fails at once with the first fault's message, and {@code /status} shows it.
 * A preparation that fails otherwise (the device has no room for the key) fails the partition's job, naming the key
 * and the device, and is tried again by the next job, since an eviction may have made room. Thread-safe.
 */
final class ProvingDevice implements AutoCloseable
{
    private final ProverBackend backend;
    /** The keys prepared here, by the identity of the resident key they were made from; guarded by this. */
    private final Map<ProvingKey, Slot> slots = new IdentityHashMap<>();
    private final AtomicLong preparations = new AtomicLong();
    private volatile String unusable;
    /** Workers placed here, those still running, and whether the daemon has closed it; guarded by this. */
    private int workers;
    private int running;
    private boolean closing;
    private boolean closed;

    /** What {@code /status} shows of a key prepared here. @param deviceBytes its memory on the device */
    record PreparedInfo(KeyRef ref, long deviceBytes, long prepareMs, String preparation)
    {
    }

    /** One key's preparation on this device: made by the first worker that needs it, under its monitor. */
    private static final class Slot
    {
        private final KeyRef ref;
        /** Written last, once ready: /status reads it without waiting for a preparation in progress. */
        private volatile PreparedKey prepared;
        private long prepareMs;
        /** Released or failed: a worker that waited for it starts over. */
        private boolean gone;

        Slot(final KeyRef ref)
        {
            this.ref = ref;
        }
    }

    /** @param backend the device; closed with this. */
    ProvingDevice(final ProverBackend backend)
    {
        this.backend = backend;
    }

    /** @return the backend the workers placed here prove with. */
    ProverBackend backend()
    {
        return backend;
    }

    /** @return the device's name ("cpu:0", "cuda:1"). */
    String name()
    {
        return backend.name();
    }

    /** @return what the device is ("cpu, 16 threads", "NVIDIA H200"). */
    String description()
    {
        return backend.description();
    }

    /** A worker was placed here. */
    synchronized void addWorker()
    {
        workers++;
        running++;
    }

    /** A worker placed here has stopped; the last one closes the device once the daemon has. */
    void workerStopped()
    {
        if (lastOut(-1))
        {
            closeNow();
        }
    }

    /** @return whether this change leaves the device closing with no worker running (and so to be closed now). */
    private synchronized boolean lastOut(final int change)
    {
        running += change;
        if (closing && running == 0 && !closed)
        {
            closed = true;
            return true;
        }
        return false;
    }

    /** @return the workers placed here. */
    synchronized int workers()
    {
        return workers;
    }

    /** @return why the device can prove nothing more in this process, or null while it can. */
    String unusable()
    {
        return unusable;
    }

    /** @return how many keys were prepared here since the start (a preparation per key and device is the aim). */
    long preparations()
    {
        return preparations.get();
    }

    /**
     * Fails at once on a device that faulted before.
     *
     * @throws IllegalStateException with the first fault's message.
     */
    void checkUsable()
    {
        final String why = unusable;
        if (why != null)
        {
            throw new IllegalStateException(why);
        }
    }

    /** Remembers a device fault; the first one's message is what every later partition here fails with. */
    void faulted(final DeviceUnusableException e)
    {
        synchronized (this)
        {
            if (unusable == null)
            {
                unusable = Worker.oneLine(e);
            }
        }
    }

    /**
     * @param key the lease the caller holds on the key while it proves, so the key stays resident meanwhile.
     * @return the key prepared on this device, preparing it if it is not.
     * @throws IllegalStateException naming the key and the device when it cannot be prepared here, or with the
     *                               device's fault.
     */
    PreparedKey prepared(final KeyCache.Lease key)
    {
        final ProvingKey pk = key.provingKey();
        while (true)
        {
            checkUsable();
            final Slot slot;
            synchronized (this)
            {
                slot = slots.computeIfAbsent(pk, k -> new Slot(key.ref()));
            }
            synchronized (slot)
            {
                if (slot.gone)
                {
                    continue;
                }
                if (slot.prepared == null)
                {
                    prepare(slot, pk);
                }
                return slot.prepared;
            }
        }
    }

    /** Prepares under the slot's monitor: one preparation, whoever else waits for it. */
    private void prepare(final Slot slot, final ProvingKey pk)
    {
        final long t0 = System.nanoTime();
        final PreparedKey ready;
        try
        {
            ready = backend.prepare(pk);
        }
        catch (final RuntimeException | OutOfMemoryError e)
        {
            forget(pk, slot);
            if (e instanceof final DeviceUnusableException fault)
            {
                faulted(fault);
                throw fault;
            }
            throw new IllegalStateException("cannot prepare the " + slot.ref.kindName() + " key " + slot.ref.path()
                + " on " + name() + ": " + Worker.oneLine(e), e);
        }
        slot.prepareMs = (System.nanoTime() - t0) / 1_000_000;
        slot.prepared = ready;
        preparations.incrementAndGet();
    }

    private void forget(final ProvingKey pk, final Slot slot)
    {
        slot.gone = true;
        synchronized (this)
        {
            slots.remove(pk, slot);
        }
    }

    /**
     * Frees the key's preparation here, if it has one. Called when the key leaves the cache, when no job holds it,
     * so no partition is using the prepared key.
     */
    void release(final ProvingKey pk)
    {
        final Slot slot;
        synchronized (this)
        {
            slot = slots.remove(pk);
        }
        if (slot == null)
        {
            return;
        }
        synchronized (slot)
        {
            slot.gone = true;
            if (slot.prepared != null)
            {
                try
                {
                    slot.prepared.close();
                }
                catch (final RuntimeException e)
                {
                    // a faulted device refuses even frees; its memory goes with the process
                    System.err.println("jprove daemon: releasing " + slot.ref.path() + " on " + name() + ": "
                        + Worker.oneLine(e));
                }
                slot.prepared = null;
            }
        }
    }

    /** @return the keys prepared here now. */
    List<PreparedInfo> prepared()
    {
        final List<Slot> now;
        synchronized (this)
        {
            now = new ArrayList<>(slots.values());
        }
        final List<PreparedInfo> out = new ArrayList<>();
        for (final Slot s : now)
        {
            // a slot being prepared holds its monitor for seconds: /status shows it once it is ready
            final PreparedKey p = s.prepared;
            if (p != null)
            {
                out.add(new PreparedInfo(s.ref, p.deviceBytes(), s.prepareMs, p.preparation()));
            }
        }
        return out;
    }

    /**
     * Frees every key still prepared here, then the backend, now if no worker placed here is running, else when the
     * last one stops: a partition outliving the daemon's wait at close never loses its device memory mid-kernel.
     */
    @Override
    public void close()
    {
        synchronized (this)
        {
            closing = true;
        }
        if (lastOut(0))
        {
            closeNow();
        }
    }

    private void closeNow()
    {
        final List<ProvingKey> keys;
        synchronized (this)
        {
            keys = new ArrayList<>(slots.keySet());
        }
        keys.forEach(this::release);
        backend.close();
    }
}
