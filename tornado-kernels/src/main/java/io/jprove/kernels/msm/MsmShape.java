package io.jprove.kernels.msm;

/**
 * How a plan's work is cut into launches on a device: L pairs per accumulation item, so that every
 * multiprocessor sees about {@link #ACCUMULATE_ITEMS_PER_MULTIPROCESSOR} items (2,048: eight waves of two groups of
 * 128, so the last wave's idle time is small) but no item fewer than {@value #MIN_SEGMENT} pairs (each item writes a
 * part per key it touches, and the reduction reads them); and S reduction items per round, about one wave, each
 * with at least {@value #MIN_REDUCE_SHARE} parts (an item's final small scalar multiplication costs as much as 30
 * parts).
 *
 * @param plan             the plan.
 * @param segment          pairs per accumulation item, L.
 * @param accumulateItems  ⌈W·m / L⌉ for m scalars.
 * @param reduceItems      S, per round.
 */
record MsmShape(MsmPlan plan, int segment, long accumulateItems, int reduceItems)
{
    /**
     * Accumulation items per multiprocessor: eight waves of the groups that fit one (two of 128, or three with
     * {@code -Djprove.msm.accumulate.groups=3}).
     */
    static final int ACCUMULATE_ITEMS_PER_MULTIPROCESSOR = 8 * BucketKernels.LOCAL_SIZE
        * BucketKernels.groupsPerMultiprocessor();
    /** The fewest pairs per accumulation item. */
    static final int MIN_SEGMENT = 32;
    /** Reduction items per multiprocessor: one wave of two groups of 128. */
    static final int REDUCE_ITEMS_PER_MULTIPROCESSOR = 256;
    /** The fewest parts per reduction item. */
    static final int MIN_REDUCE_SHARE = 32;

    /**
     * @return the bounds that size the scratch: at most min(wanted, ⌈W·n / MIN_SEGMENT⌉) accumulation items for any
     *         m ≤ n scalars (as a larger segment takes over where the minimum would give more), and the reduction
     *         items that many parts need.
     */
    static MsmShape of(final MsmPlan plan, final int multiprocessors)
    {
        final long wanted = (long)Math.max(1, multiprocessors) * ACCUMULATE_ITEMS_PER_MULTIPROCESSOR;
        final long items = Math.max(1, Math.min(wanted, (plan.maxPairs() + MIN_SEGMENT - 1) / MIN_SEGMENT));
        return new MsmShape(plan, MIN_SEGMENT, items, reduceItems(plan, multiprocessors, items));
    }

    private static int reduceItems(final MsmPlan plan, final int multiprocessors, final long accumulateItems)
    {
        final long partsPerRound = plan.buckets() + accumulateItems;
        final long reduce = Math.min((partsPerRound + MIN_REDUCE_SHARE - 1) / MIN_REDUCE_SHARE,
            (long)Math.max(1, multiprocessors) * REDUCE_ITEMS_PER_MULTIPROCESSOR);
        return (int)Math.max(1, reduce);
    }

    /** @return the shape of an MSM of {@code scalars} scalars: a smaller MSM gets shorter segments, not fewer items. */
    static MsmShape of(final MsmPlan plan, final int multiprocessors, final long scalars)
    {
        final long pairs = Math.max(1, plan.windows() * scalars);
        final long wanted = (long)Math.max(1, multiprocessors) * ACCUMULATE_ITEMS_PER_MULTIPROCESSOR;
        final long segment = Math.max(MIN_SEGMENT, (pairs + wanted - 1) / wanted);
        if (segment > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("an MSM of " + pairs + " pairs is beyond this device's launches");
        }
        final long items = (pairs + segment - 1) / segment;
        return new MsmShape(plan, (int)segment, items, reduceItems(plan, multiprocessors, items));
    }

    /** @return parts the accumulation writes at most: T·B + its items. */
    long parts()
    {
        return plan.keys() + accumulateItems;
    }

    /** @return bytes of the MSM's scratch: the sort, the parts, the reduction and the sums. */
    long scratchBytes(final MsmCurve curve)
    {
        final long keys = plan.keys();
        final long sort = 2 * Long.BYTES + (2 * keys + 1) * Integer.BYTES + DeviceScan.scratchBytes(keys)
            + plan.maxPairs() * Integer.BYTES;
        final int rounds = plan.scratchRounds();
        final long points = (parts() + (long)rounds * reduceItems + rounds + 1) * curve.xyzzBytes();
        return sort + points + PointSum.bytes(curve, reduceItems, rounds);
    }
}
