package io.jprove.engine.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.groth16.ProverBackend;

/**
 * The most device memory in use while a benchmark runs, per backend with a device in this process: sampled from the
 * driver every {@value #PERIOD_MS} ms on a thread of its own (allocations that come and go between two samples are
 * missed; the key, tables, resident matrices and partition memory a prover keeps are not). The driver counts every
 * process's allocations on the device, so the figure is the device's, not only this run's.
 */
final class DeviceMemoryPeak implements AutoCloseable
{
    private static final long PERIOD_MS = 100;

    private final List<ProverBackend> backends;
    private final long[] peak;
    private final long[] total;
    private final Thread sampler;
    private volatile boolean stopped;

    private DeviceMemoryPeak(final List<ProverBackend> backends)
    {
        this.backends = List.copyOf(backends);
        this.peak = new long[backends.size()];
        this.total = new long[backends.size()];
        this.sampler = Thread.ofPlatform().daemon().name("jprove-device-memory").unstarted(this::sample);
    }

    /** @return a peak being sampled from now on for each backend that has a device here. */
    static DeviceMemoryPeak start(final List<ProverBackend> backends)
    {
        final DeviceMemoryPeak p = new DeviceMemoryPeak(backends);
        p.sampler.start();
        return p;
    }

    private void sample()
    {
        while (!stopped)
        {
            record();
            try
            {
                TimeUnit.MILLISECONDS.sleep(PERIOD_MS);
            }
            catch (final InterruptedException e)
            {
                return;
            }
        }
    }

    private synchronized void record()
    {
        for (int i = 0; i < backends.size(); i++)
        {
            final long[] info = backends.get(i).deviceMemory();
            if (info != null)
            {
                peak[i] = Math.max(peak[i], info[1] - info[0]);
                total[i] = info[1];
            }
        }
    }

    /** Prints a line per device with its peak (none when no backend has a device in this process). */
    void print(final PrintStream out)
    {
        record();
        synchronized (this)
        {
            for (int i = 0; i < backends.size(); i++)
            {
                if (total[i] > 0)
                {
                    out.printf(Locale.ROOT, "  device mem  %s: %.1f GiB peak in use of %.1f GiB (sampled every %d "
                        + "ms)%n", backends.get(i).name(), peak[i] / (double)(1L << 30), total[i] / (double)(1L << 30),
                        PERIOD_MS);
                }
            }
        }
    }

    /** Stops sampling. */
    @Override
    public void close()
    {
        stopped = true;
        sampler.interrupt();
    }
}
