package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * The MSM's counting sort in passes, for plans with many keys: the same sorted pairs and key offsets as the one-pass
 * sort ({@link SortKernels#countDigits}, {@link SortKernels#scatterDigits}), but each pass counts or scatters only
 * the digits of one window whose bucket lies in one range of {@link #keysPerPass} keys, so the counters and the
 * partly written lines of the pairs a pass touches stay in the L2 cache.
 * <p>
 * Why: a 32GiB partition's H MSM (2^27 scalars, 12 windows of 22 bits over the bases alone, so 12 rounds of 2^21
 * buckets: 25 M keys) sorts its 1.6 G pairs in one pass in 243 ms on the H200 (6.6 G pairs/s), where a 2^24 MSM with
 * one bucket set of 2 M keys sorts 200 M pairs in 14.5 ms (13.8 G pairs/s). The likely cause, which the passes
 * remove: with 25 M keys the 100 MB of counters and the write front of 25 M partly filled sectors do not fit the
 * 50 MB L2, so nearly every atomic and store goes to memory. {@code bench gpu-msm --sort atomic,passes} measures
 * both over the same bases.
 * <p>
 * The digits are computed once per window group ({@link SortKernels#storeDigits}, one Montgomery multiplication a
 * scalar) into the MSM's parts scratch, which is idle until the accumulation; a group is as many windows as it holds
 * (all twelve need 6.4 GB at 2^27, the parts 4.9 GB, so two groups there). The counts are taken group after group,
 * then the scan, then the scatters in the reverse order of groups, so the group stored last is scattered without
 * being stored again. Within a round the passes go range by range, each range's windows together, so a range's keys
 * stay hot while all its windows pass.
 *
 * @param keysPerPass     keys a pass counts or scatters (a range of buckets of one round).
 * @param maxGroupWindows the most windows a group stores (the scratch's room may allow fewer).
 * @param minKeys         the fewest keys of an MSM sorted in passes (a narrowed tail MSM may have far fewer keys
 *                        than its plan, and then sorts in one pass).
 */
record PassSort(int keysPerPass, int maxGroupWindows, int minKeys)
{
    /** The system property that picks the sort: {@code atomic} (one pass), {@code passes}, or unset (by keys). */
    public static final String PROPERTY = "jprove.msm.sort";
    /** The system property that sets the keys of a pass (default {@value #DEFAULT_KEYS_PER_PASS}). */
    public static final String KEYS_PROPERTY = "jprove.msm.sort.keys";
    /** Keys per pass: 4 MB of counters and 32 MB of write front, within the H200's 50 MB L2. */
    static final int DEFAULT_KEYS_PER_PASS = 1 << 20;
    /** Above this many keys (16 MB of counters) the sort goes in passes unless told otherwise. */
    static final int PASS_KEYS_THRESHOLD = 1 << 22;

    /**
     * @throws IllegalArgumentException when a pass would hold no key or a group no window.
     */
    PassSort
    {
        if (keysPerPass < 1 || maxGroupWindows < 1)
        {
            throw new IllegalArgumentException("a pass sort of " + keysPerPass + " keys a pass and "
                + maxGroupWindows + " windows a group");
        }
    }

    /**
     * @param keys the plan's keys.
     * @return the sort the system properties choose for a plan of that many keys: null for the one-pass sort.
     */
    static PassSort configured(final int keys)
    {
        final String mode = System.getProperty(PROPERTY, "auto");
        return named(mode.isEmpty() ? "auto" : mode, Integer.getInteger(KEYS_PROPERTY, DEFAULT_KEYS_PER_PASS), keys);
    }

    /**
     * @param mode        {@code auto} (in passes above {@value #PASS_KEYS_THRESHOLD} keys), {@code atomic} (one pass),
     *                    {@code passes}, or {@code passes:N} (N keys a pass).
     * @param perPass     keys a pass unless the mode says.
     * @param keys        the plan's keys.
     * @return the sort: null for the one-pass sort.
     * @throws IllegalArgumentException for another mode.
     */
    static PassSort named(final String mode, final int perPass, final int keys)
    {
        if (mode.startsWith("passes:"))
        {
            return new PassSort(Integer.parseInt(mode.substring("passes:".length())), Integer.MAX_VALUE, 0);
        }
        return switch (mode)
        {
            case "atomic" -> null;
            case "passes" -> new PassSort(perPass, Integer.MAX_VALUE, 0);
            case "auto" -> keys > PASS_KEYS_THRESHOLD
                ? new PassSort(perPass, Integer.MAX_VALUE, PASS_KEYS_THRESHOLD + 1) : null;
            default -> throw new IllegalArgumentException("MSM sort '" + mode
                + "': expected auto, atomic, passes or passes:N");
        };
    }

    /**
     * @param plan       the MSM's plan.
     * @param maxCount   the launches' scalar count.
     * @param digitBytes bytes of scratch for the digits.
     * @return windows a group stores: 0 when not even one window's digits fit or the plan has fewer than
     *         {@link #minKeys} keys (then the one-pass sort runs).
     */
    int groupWindows(final MsmPlan plan, final long maxCount, final long digitBytes)
    {
        if (plan.keys() < minKeys)
        {
            return 0;
        }
        final long fit = digitBytes / Integer.BYTES / Math.max(1, maxCount);
        return (int)Math.min(Math.min(plan.windows(), maxGroupWindows), fit);
    }

    /** The kernels of a pass sort on one accelerator. */
    static final class Kernels
    {
        private final KernelHandle store;
        private final KernelHandle count;
        private final KernelHandle scatter;

        Kernels(final Accelerator accelerator)
        {
            this.store = accelerator.kernel(SortKernels.class, "storeDigits");
            this.count = accelerator.kernel(SortKernels.class, "countPass");
            this.scatter = accelerator.kernel(SortKernels.class, "scatterPass");
        }
    }

    /**
     * Queues the counts of every key into {@code counts} (zeroed first), their exclusive scan, and the pairs into
     * {@code sorted}: what the one-pass sort leaves, up to the order of pairs within a key.
     *
     * @param group        windows a group stores ({@link #groupWindows}), at least one.
     * @param tableBases   the bases of each precomputed copy (the table's stride).
     * @param digits       scratch of at least group·maxCount ints.
     * @param local        items per group of the launches (whole warps).
     */
    void queue(final Kernels kernels, final MsmPlan plan, final int group, final DeviceMemory scalars,
        final DeviceMemory baseIndex, final int indexed, final DeviceMemory meta, final long maxCount,
        final long tableBases, final int local, final DeviceScan scan, final DeviceMemory counts,
        final DeviceMemory cursor, final DeviceMemory sorted, final DeviceMemory digits, final DeviceStream stream)
    {
        final int windows = plan.windows();
        final int groups = (windows + group - 1) / group;
        final int items = (int)Math.max(1, (maxCount + local - 1) / local);
        final Launch launch = Launch.of(items, local).on(stream);
        counts.fill((byte)0, stream);
        for (int g = 0; g < groups; g++)
        {
            final int first = g * group;
            final int count = Math.min(group, windows - first);
            kernels.store.launch(launch, scalars, meta, plan.c(), first, count, maxCount, digits);
            passes(plan, first, count, maxCount, (w, off, keyBase, lo, hi) -> kernels.count.launch(launch, digits,
                off, meta, keyBase, lo, hi, counts));
        }
        scan.exclusive(counts, plan.keys(), stream);
        cursor.copyFrom(counts.view(0, (long)plan.keys() * Integer.BYTES), stream);
        for (int g = groups - 1; g >= 0; g--)
        {
            final int first = g * group;
            final int count = Math.min(group, windows - first);
            if (g != groups - 1)
            {
                kernels.store.launch(launch, scalars, meta, plan.c(), first, count, maxCount, digits);
            }
            passes(plan, first, count, maxCount, (w, off, keyBase, lo, hi) -> kernels.scatter.launch(launch, digits,
                off, baseIndex, indexed, meta, keyBase, lo, hi, (long)(w % plan.copies()) * tableBases, cursor,
                sorted));
        }
    }

    /** One pass: window w, its digits at {@code offset}, keys keyBase + [lo, hi). */
    @FunctionalInterface
    private interface Pass
    {
        void run(int window, long offset, int keyBase, int lo, int hi);
    }

    /** The passes over windows [first, first + count): round by round, range by range, window by window. */
    private void passes(final MsmPlan plan, final int first, final int count, final long stride, final Pass pass)
    {
        final int buckets = plan.buckets();
        int w0 = first;
        while (w0 < first + count)
        {
            final int round = w0 / plan.copies();
            final int end = Math.min(first + count, (round + 1) * plan.copies());
            int lo = 0;
            while (lo < buckets)
            {
                final int hi = (int)Math.min(buckets, (long)lo + keysPerPass);
                for (int w = w0; w < end; w++)
                {
                    pass.run(w, (w - first) * stride, round * buckets, lo, hi);
                }
                lo = hi;
            }
            w0 = end;
        }
    }
}
