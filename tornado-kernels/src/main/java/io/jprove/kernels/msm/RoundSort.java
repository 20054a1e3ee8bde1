package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * Queues the MSM's sort round by round ({@link RoundSortKernels}): the digits once, then per round a histogram of
 * coarse bins, its scan, the scatter into bins and the sort of each bin. Holds the scratch the rounds share: one
 * round's pairs (F·n of 8 bytes), the (bin, group) counts and the round starts. One thread at a time.
 */
final class RoundSort implements AutoCloseable
{
    private final KernelHandle writeDigits;
    private final KernelHandle histogram;
    private final KernelHandle scatterBins;
    private final KernelHandle sortBins;
    private final DeviceMemory binned;
    private final DeviceMemory binCounts;
    private final DeviceMemory starts;

    /** Scratch for the MSMs of a plan, and of the narrower plans over the same bases ({@link MsmPlan#narrowedFor}). */
    RoundSort(final Accelerator accelerator, final MsmPlan plan)
    {
        this.writeDigits = accelerator.kernel(RoundSortKernels.class, "writeDigits");
        this.histogram = accelerator.kernel(RoundSortKernels.class, "histogram");
        this.scatterBins = accelerator.kernel(RoundSortKernels.class, "scatterBins");
        this.sortBins = accelerator.kernel(RoundSortKernels.class, "sortBins");
        this.binned = accelerator.allocate(Math.max(1, roundPairs(plan)) * Long.BYTES);
        this.binCounts = accelerator.allocate((binCounts(plan) + 1) * Integer.BYTES);
        this.starts = accelerator.allocate((plan.scratchRounds() + 1L) * Integer.BYTES);
    }

    /** @return the most pairs one round has: F·n. */
    private static long roundPairs(final MsmPlan plan)
    {
        return (long)plan.copies() * plan.bases();
    }

    /** @return the (bin, group) counts of the plan's rounds: coarse bins times the groups of F·n digits. */
    private static long binCounts(final MsmPlan plan)
    {
        return (1L << RoundSortKernels.coarseBits(plan.c(), roundPairs(plan))) * groups(roundPairs(plan));
    }

    private static long groups(final long positions)
    {
        return Math.max(1, (positions + RoundSortKernels.TILE - 1) / RoundSortKernels.TILE);
    }

    /** @return bytes of the scratch this sort holds for a plan, with the scan's. */
    static long scratchBytes(final MsmPlan plan)
    {
        return Math.max(1, roundPairs(plan)) * Long.BYTES + (binCounts(plan) + 1) * Integer.BYTES
            + (plan.scratchRounds() + 1L) * Integer.BYTES + DeviceScan.scratchBytes(binCounts(plan));
    }

    /**
     * Queues the sort of an MSM by plan {@code p} (this scratch's plan or a narrower one over the same bases).
     *
     * @param bases     n, the table's bases (values index copy j at j·n).
     * @param scalars   the scalars, Montgomery form.
     * @param baseIndex the base of each scalar when {@code indexed} is 1.
     * @param meta      {@code meta[0]}: the scalar count, at most {@code stride}.
     * @param stride    the launch's scalar bound: the digits of window w start at w·stride.
     * @param offsets   receives the T·B + 1 key offsets.
     * @param sorted    at least W·stride ints: the digits, then the values in key order.
     */
    void queue(final DeviceScan scan, final MsmPlan p, final long bases, final DeviceMemory scalars,
        final DeviceMemory baseIndex, final int indexed, final DeviceMemory meta, final long stride,
        final DeviceMemory offsets, final DeviceMemory sorted, final DeviceStream stream)
    {
        final int c = p.c();
        starts.fill((byte)0, stream);
        writeDigits.launch(Launch.of((int)((stride + RoundSortKernels.LOCAL_SIZE - 1) / RoundSortKernels.LOCAL_SIZE),
            RoundSortKernels.LOCAL_SIZE).on(stream), scalars, meta, c, stride, sorted);
        for (int r = 0; r < p.rounds(); r++)
        {
            final int first = r * p.copies();
            final int windows = Math.min(p.copies(), p.windows() - first);
            final long positions = windows * stride;
            final long groups = groups(positions);
            final int coarseBits = RoundSortKernels.coarseBits(c, positions);
            final int coarse = 1 << coarseBits;
            final Launch tiles = Launch.of((int)groups, RoundSortKernels.LOCAL_SIZE)
                .withSharedBytes(coarse * Integer.BYTES).on(stream);
            histogram.launch(tiles, sorted, first * stride, positions, c, coarseBits, binCounts);
            scan.exclusive(binCounts, coarse * groups, stream);
            scatterBins.launch(tiles, sorted, first * stride, positions, c, coarseBits, stride, windows, bases,
                baseIndex, indexed, binCounts, binned);
            sortBins.launch(Launch.of(coarse, RoundSortKernels.LOCAL_SIZE).on(stream), binned, binCounts, groups, c,
                coarseBits, r, p.keys(), starts, offsets, sorted);
        }
    }

    @Override
    public void close()
    {
        binned.close();
        binCounts.close();
        starts.close();
    }
}
