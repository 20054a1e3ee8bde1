package io.jprove.engine.cli;

import java.util.Arrays;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceEvent;
import io.jprove.kernels.DeviceStream;

/**
 * What the device benchmarks share: device-measured timing — an event before and after each run on one stream,
 * after warm-up runs, reported as the median and minimum of the timed runs.
 */
final class GpuBench
{
    private GpuBench()
    {
    }

    /** One timed piece of device work, queued on the stream it is given. */
    @FunctionalInterface
    interface Work
    {
        void queue(DeviceStream stream);
    }

    /**
     * Runs {@code prepare} (untimed) then {@code work} between two events, {@code warmup + iterations} times.
     *
     * @return the timed runs' device milliseconds, sorted.
     */
    static double[] time(final Accelerator accelerator, final int warmup, final int iterations, final Work prepare,
        final Work work)
    {
        final double[] millis = new double[iterations];
        try (DeviceStream stream = accelerator.createStream(); DeviceEvent start = accelerator.createEvent();
             DeviceEvent end = accelerator.createEvent())
        {
            for (int run = -warmup; run < iterations; run++)
            {
                prepare.queue(stream);
                stream.record(start);
                work.queue(stream);
                stream.record(end);
                stream.synchronize();
                if (run >= 0)
                {
                    millis[run] = end.millisSince(start);
                }
            }
        }
        Arrays.sort(millis);
        return millis;
    }

    /** @return the median of sorted samples. */
    static double median(final double[] sorted)
    {
        return sorted[sorted.length / 2];
    }

    /** @return the exit code of a failed check, after printing why. */
    static int failed(final String command, final String what)
    {
        System.err.println("jprove bench " + command + ": check failed: " + what);
        return 1;
    }
}
