package io.jprove.kernels.cuda;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Host cost of a kernel launch from Java: the median over many launches of the empty kernel, synchronous (launch then
 * wait, per launch) and pipelined (launches queued back to back). Prints one line; also runnable as a program with the
 * launch count as its argument.
 */
@Tag("gpu")
class LaunchOverheadTest
{
    private static final int LAUNCHES = 10_000;
    private static final int WARM_UP = 2_000;

    @Test
    void shouldMeasureLaunchOverheadWhenGpuIsPresent()
    {
        Assumptions.assumeTrue(CudaDriver.isAvailable(), CudaDriver::unavailableReason);
        System.out.println(measure(LAUNCHES));
    }

    public static void main(final String[] args)
    {
        System.out.println(measure(args.length > 0 ? Integer.parseInt(args[0]) : LAUNCHES));
    }

    static String measure(final int launches)
    {
        try (CudaContext context = CudaDevice.get(0).primaryContext();
             CudaModule module = context.loadModule(TestKernels.ptx());
             CudaStream stream = context.createStream(CudaStream.NON_BLOCKING);
             DeviceBuffer counter = context.allocate(4))
        {
            final CudaLaunch empty = module.function("empty").prepare(1, 1, 1, 1, 1, 1, 0, stream, KernelArgs.of());
            final long[] synchronous = new long[launches];
            final long[] pipelined = new long[launches];
            for (int round = 0; round < 2; round++) // the first round warms up the JIT and the driver
            {
                final int n = round == 0 ? Math.min(WARM_UP, launches) : launches;
                for (int i = 0; i < n; i++)
                {
                    final long start = System.nanoTime();
                    empty.launch();
                    stream.synchronize();
                    synchronous[i] = System.nanoTime() - start;
                }
                for (int i = 0; i < n; i++)
                {
                    final long start = System.nanoTime();
                    empty.launch();
                    pipelined[i] = System.nanoTime() - start;
                }
                stream.synchronize();
            }
            final long batchStart = System.nanoTime();
            empty.launch(launches);
            stream.synchronize();
            final double batchMicros = (System.nanoTime() - batchStart) / 1e3 / launches;

            // The same launch path must really run every launch: count them on the device.
            counter.zero();
            final CudaLaunch count = module.function("count").prepare(1, 1, 1, 1, 1, 1, 0, stream,
                KernelArgs.of(counter));
            count.launch(launches);
            stream.synchronize();
            final int[] counted = new int[1];
            counter.copyToHost(MemorySegment.ofArray(counted));
            assertEquals(launches, counted[0], "launches the device counted");

            return String.format(
                "CUDA launch overhead on %s, empty kernel, %d launches: launch+sync median %.2f us, "
                    + "pipelined launch median %.2f us, batch of %d %.2f us/launch incl. final sync",
                context.device().name(), launches, median(synchronous) / 1e3, median(pipelined) / 1e3, launches,
                batchMicros);
        }
    }

    private static double median(final long[] samples)
    {
        final long[] sorted = samples.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
