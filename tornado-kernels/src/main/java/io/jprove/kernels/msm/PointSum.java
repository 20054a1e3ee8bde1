package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * Sums each row of XYZZ points on the device down to one point ({@link PointSumKernels#sumFq}): each launch divides
 * a row's length by {@link PointSumKernels#PER_GROUP}, between two scratch buffers sized for the first level.
 */
final class PointSum implements AutoCloseable
{
    private final MsmCurve curve;
    private final KernelHandle sum;
    private final DeviceMemory[] scratch = new DeviceMemory[2];
    private final long maxCount;
    private final int maxRows;

    /**
     * @param maxCount the longest row to be summed.
     * @param maxRows  the most rows.
     */
    PointSum(final Accelerator accelerator, final MsmCurve curve, final long maxCount, final int maxRows)
    {
        this.curve = curve;
        this.sum = accelerator.kernel(PointSumKernels.class, curve.kernel("sum"));
        this.maxCount = maxCount;
        this.maxRows = maxRows;
        final long first = levelCount(maxCount);
        scratch[0] = accelerator.allocate(Math.max(1, first) * maxRows * curve.xyzzBytes());
        scratch[1] = accelerator.allocate(Math.max(1, levelCount(first)) * maxRows * curve.xyzzBytes());
    }

    /** @return the device bytes a summer of these sizes holds. */
    static long bytes(final MsmCurve curve, final long maxCount, final int maxRows)
    {
        final long first = levelCount(maxCount);
        return (Math.max(1, first) + Math.max(1, levelCount(first))) * maxRows * curve.xyzzBytes();
    }

    private static long levelCount(final long count)
    {
        return (count + PointSumKernels.PER_GROUP - 1) / PointSumKernels.PER_GROUP;
    }

    /**
     * @param in    {@code rows} rows of {@code count} points, row-major.
     * @param count points per row, at least 1 and at most the constructor's bound.
     * @param rows  rows, at least 1 and at most the constructor's bound.
     * @param out   receives {@code rows} points.
     */
    void sum(final DeviceMemory in, final long count, final int rows, final DeviceMemory out,
        final DeviceStream stream)
    {
        if (count < 1 || count > maxCount || rows < 1 || rows > maxRows)
        {
            throw new IllegalArgumentException("sum of " + rows + " rows of " + count + " points: this summer takes "
                + "up to " + maxRows + " rows of up to " + maxCount);
        }
        DeviceMemory from = in;
        long length = count;
        int level = 0;
        do
        {
            final long groups = levelCount(length);
            final DeviceMemory to = groups == 1 ? out : scratch[level & 1];
            sum.launch(Launch.of((int)groups, PointSumKernels.LOCAL_SIZE).withGroupsY(rows)
                .withSharedBytes((int)(PointSumKernels.LOCAL_SIZE * curve.xyzzBytes())).on(stream), from, length, to);
            from = to;
            length = groups;
            level++;
        }
        while (length > 1);
    }

    @Override
    public void close()
    {
        for (final DeviceMemory m : scratch)
        {
            m.close();
        }
    }
}
