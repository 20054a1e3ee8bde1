package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;

/**
 * The devices a daemon proves on (what its {@code device} setting chose), and where its workers go: worker i on
 * device i mod n, so workers spread evenly over the devices and a partition stays on its worker's device. Without a
 * {@code workers} setting a GPU gets two workers, as the pipeline gives it, so that one partition's host work
 * (synthesis, upload, assembly, verification) overlaps the other's kernels; the CPU gets one, whose backend has all
 * the {@code threads}. A key leaving the {@link KeyCache} is released on every device first ({@link #release}).
 */
final class ProvingDevices implements AutoCloseable
{
    private final List<ProvingDevice> devices = new ArrayList<>();

    /** @param backends one per device, in ordinal order; closed with this. */
    ProvingDevices(final List<ProverBackend> backends)
    {
        if (backends.isEmpty())
        {
            throw new IllegalArgumentException("a daemon needs at least one device");
        }
        backends.forEach(b -> devices.add(new ProvingDevice(b)));
    }

    /** @return the devices, in ordinal order. */
    List<ProvingDevice> all()
    {
        return devices;
    }

    /** @return the workers when the settings name none: one for the CPU, two for each other device. */
    int defaultWorkers()
    {
        return devices.stream().mapToInt(d -> d.backend() instanceof CpuProverBackend ? 1 : 2).sum();
    }

    /** @return the prover of worker {@code worker}, on device {@code worker mod n}. */
    PartitionProver prover(final int worker, final KeyCache keys)
    {
        return new DevicePartitionProver(devices.get(worker % devices.size()), devices, keys);
    }

    /** Frees the key's preparations on every device (the key is about to close; no job holds it). */
    void release(final ProvingKey key)
    {
        devices.forEach(d -> d.release(key));
    }

    /**
     * Prepares a key on every device that can still prove, the devices at once (a GPU takes seconds per key).
     *
     * @throws IllegalStateException naming the key and the first device it could not be prepared on.
     */
    void prepareEverywhere(final KeyCache.Lease key)
    {
        final List<ProvingDevice> usable = devices.stream().filter(d -> d.unusable() == null).toList();
        final RuntimeException[] failures = new RuntimeException[usable.size()];
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++)
        {
            final int at = i;
            final Runnable prepare = () ->
            {
                try
                {
                    usable.get(at).prepared(key);
                }
                catch (final RuntimeException e)
                {
                    failures[at] = e;
                }
            };
            if (usable.size() == 1)
            {
                prepare.run();
            }
            else
            {
                threads.add(Thread.ofPlatform().name("jprove-daemon-prepare-" + usable.get(at).name()).start(prepare));
            }
        }
        for (final Thread t : threads)
        {
            try
            {
                t.join();
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while preparing " + key.ref().path() + " on the devices");
            }
        }
        for (final RuntimeException f : failures)
        {
            if (f != null)
            {
                throw f;
            }
        }
    }

    /** Closes every device once its workers have stopped. */
    @Override
    public void close()
    {
        devices.forEach(ProvingDevice::close);
    }
}
