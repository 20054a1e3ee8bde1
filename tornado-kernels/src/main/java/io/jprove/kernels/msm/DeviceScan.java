package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * Exclusive prefix sums of ints on the device ({@link ScanKernels}): {@code data[0 .. length)} becomes its exclusive
 * scan and {@code data[length]} the total. Keeps a scratch buffer for the group totals, grown as needed. One thread at
 * a time.
 */
final class DeviceScan implements AutoCloseable
{
    private final Accelerator accelerator;
    private final KernelHandle groups;
    private final KernelHandle totals;
    private final KernelHandle add;
    private DeviceMemory scratch;

    DeviceScan(final Accelerator accelerator)
    {
        this.accelerator = accelerator;
        this.groups = accelerator.kernel(ScanKernels.class, "scanGroups");
        this.totals = accelerator.kernel(ScanKernels.class, "scanTotals");
        this.add = accelerator.kernel(ScanKernels.class, "scanAdd");
    }

    /** @return the groups a scan of {@code length} elements uses (at least one). */
    static long groups(final long length)
    {
        return Math.max(1, (length + ScanKernels.PER_GROUP - 1) / ScanKernels.PER_GROUP);
    }

    /** @return bytes of scratch a scan of {@code length} elements needs. */
    static long scratchBytes(final long length)
    {
        return (groups(length) + 1) * Integer.BYTES;
    }

    /**
     * @param data   at least {@code length + 1} ints.
     * @param length elements to scan.
     * @param stream where to queue it, or null to run it now.
     */
    void exclusive(final DeviceMemory data, final long length, final DeviceStream stream)
    {
        if (data.byteSize() < (length + 1) * Integer.BYTES)
        {
            throw new IllegalArgumentException("a scan of " + length + " ints needs " + (length + 1) * Integer.BYTES
                + " bytes, got " + data.byteSize());
        }
        final long count = groups(length);
        if (count > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("a scan of " + length + " ints needs more groups than a launch has");
        }
        if (scratch == null || scratch.byteSize() < scratchBytes(length))
        {
            if (scratch != null)
            {
                accelerator.synchronize();
                scratch.close();
            }
            scratch = accelerator.allocate(scratchBytes(length));
        }
        groups.launch(Launch.of((int)count, ScanKernels.LOCAL_SIZE).on(stream), data, length, scratch);
        totals.launch(Launch.of(1, ScanKernels.TOTALS_LOCAL_SIZE).on(stream), scratch, count);
        add.launch(Launch.of((int)count, ScanKernels.LOCAL_SIZE).on(stream), data, length, scratch);
    }

    @Override
    public void close()
    {
        if (scratch != null)
        {
            scratch.close();
            scratch = null;
        }
    }
}
