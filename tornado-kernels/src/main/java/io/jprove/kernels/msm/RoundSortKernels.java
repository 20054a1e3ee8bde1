package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The MSM's sort of (bucket, point) pairs by key, one round at a time, with every count in shared memory: the same
 * keys, values and output as {@link SortKernels} (key offsets and the values grouped by key), but no global atomic
 * per pair. {@link RoundSort} sequences the launches.
 * <ol>
 * <li>{@link #writeDigits}: each scalar's signed digits, once, window-major ({@code digits[w·stride + i]}, 0 for no
 * pair); the digits live in the sorted array itself, since round r's sorted pairs only ever overwrite the digits of
 * rounds up to r, which are read by then.</li>
 * <li>Per round, over its F·stride digits: {@link #histogram} counts each group's pairs per coarse bin (the key's
 * high bits, {@link #coarseBits}) in shared memory and writes the counts bin-major (bin·groups + group); an exclusive
 * scan of those ({@link DeviceScan}) gives every group its place in every bin; {@link #scatterBins} writes each
 * pair (its fine key, the low bits, beside its value) at its bin's next slot of the group, a shared-memory cursor;
 * {@link #sortBins} then counts each bin's pairs per fine key in shared memory, writes the round's key offsets, and
 * places the values in key order in the sorted array, after the rounds before it.</li>
 * </ol>
 * At 2^27 scalars and 2^21 buckets per round the coarse bins are 2^11 of 1,024 keys (about 65,000 pairs each); the
 * passes move about 5 GB per round through device memory and nothing through L2 atomics, where {@link SortKernels}
 * made two atomics per pair on 25 M counters that do not fit in L2.
 * <p>
 * A skewed vector (equal scalars put every pair of a round in one bucket) stays correct and costs one group the whole
 * round's bin; {@link #sortBins} aggregates a warp's equal keys into one shared atomic ({@link KernelContext#matchAny})
 * so that such a bin is read at memory speed rather than serialized on one counter.
 */
public final class RoundSortKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 256;
    /** Digits per group of {@link #histogram} and {@link #scatterBins}: 64 per item. */
    static final int TILE = LOCAL_SIZE * 64;
    /** The most coarse bins: 2^11, 8 KiB of shared counters. */
    static final int MAX_COARSE_BITS = 11;
    /** The most fine keys per bin: buckets of 2^23 (c = 24) over 2^11 bins, 16 KiB of shared counters. */
    static final int MAX_FINE_BITS = MsmPlan.MAX_WINDOW_BITS - 1 - MAX_COARSE_BITS;
    private static final int MAX_FINE_KEYS = 1 << MAX_FINE_BITS;
    /** Pairs a coarse bin gets on average, where the bits allow: enough to fill a group of {@link #sortBins}. */
    static final int PAIRS_PER_BIN = 1 << 13;
    private static final int WARPS = LOCAL_SIZE / KernelContext.WARP_SIZE;

    private RoundSortKernels()
    {
    }

    /**
     * @param c         the window width (keys, |digit| − 1, are below 2^(c−1)).
     * @param positions the round's digits.
     * @return the high bits of a key that choose its coarse bin: about one bin per {@link #PAIRS_PER_BIN} digits,
     *         at most {@link #MAX_COARSE_BITS}, and enough that at most {@link #MAX_FINE_BITS} remain.
     */
    static int coarseBits(final int c, final long positions)
    {
        final long bins = Math.max(1, positions / PAIRS_PER_BIN);
        final int wanted = 64 - Long.numberOfLeadingZeros(bins - 1);
        return Math.min(c - 1, Math.max(c - 1 - MAX_FINE_BITS, Math.min(MAX_COARSE_BITS, wanted)));
    }

    /**
     * Writes the signed digits of scalar {@code globalIdX()} at {@code digits[w·stride + i]} for every window w, or
     * zeros past the scalar count {@code meta[0]}. Launch: {@code stride} items (at least), groups of
     * {@link #LOCAL_SIZE}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void writeDigits(final KernelContext ctx, final LongArray scalars, final LongArray meta,
        final int c, final long stride, final IntArray digits)
    {
        final long i = ctx.globalIdX();
        if (i >= stride)
        {
            return;
        }
        final long[] k = new long[Fr.LIMBS];
        if (i < meta.get(0))
        {
            ScalarDigits.canonical(scalars, i, k);
        }
        final long k0 = k[0];
        final long k1 = k[1];
        final long k2 = k[2];
        final long k3 = k[3];
        final int windows = ScalarDigits.windows(c);
        long carry = 0;
        for (int w = 0; w < windows; w++)
        {
            final long raw = ScalarDigits.bits(k0, k1, k2, k3, w * c, c) + carry;
            final int d = ScalarDigits.digit(raw, c, w == windows - 1);
            carry = (raw - d) >> c;
            digits.set(w * stride + i, d);
        }
    }

    /**
     * Counts the nonzero digits of {@code digits[first + p]}, p in this group's tile of [0, positions), per coarse
     * bin, and writes the counts to {@code counts[bin·groups + group]}. Launch: ⌈positions / TILE⌉ groups of
     * {@link #LOCAL_SIZE}, 4·2^coarseBits bytes of dynamic shared memory.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void histogram(final KernelContext ctx, final IntArray digits, final long first,
        final long positions, final int c, final int coarseBits, final IntArray counts)
    {
        final IntArray bins = ctx.dynamicSharedInts();
        final int coarse = 1 << coarseBits;
        final int fine = c - 1 - coarseBits;
        final int local = ctx.localIdX();
        for (int b = local; b < coarse; b += LOCAL_SIZE)
        {
            bins.set(b, 0);
        }
        ctx.barrier();
        final long start = (long)ctx.groupIdX() * TILE;
        final long end = Math.min(positions, start + TILE);
        for (long p = start + local; p < end; p += LOCAL_SIZE)
        {
            final int d = digits.get(first + p);
            if (d != 0)
            {
                bins.atomicAdd(((d < 0 ? -d : d) - 1) >>> fine, 1);
            }
        }
        ctx.barrier();
        final long groups = ctx.groupCountX();
        for (int b = local; b < coarse; b += LOCAL_SIZE)
        {
            counts.set(b * groups + ctx.groupIdX(), bins.get(b));
        }
    }

    /**
     * Writes each nonzero digit's pair of this group's tile, {@code fine << 32 | value}, at its bin's next slot of
     * this group in {@code binned}, the slots starting from the scanned {@code counts}. The value is as
     * {@link SortKernels}': the point's index in the table, (w mod F)·bases + base, with {@link SortKernels#NEGATIVE}
     * for a negative digit. Position p is scalar p mod stride of the round's window ⌊p / stride⌋. Launch as
     * {@link #histogram}.
     *
     * @param windows the round's windows (F, or fewer in the last round).
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void scatterBins(final KernelContext ctx, final IntArray digits, final long first,
        final long positions, final int c, final int coarseBits, final long stride, final int windows,
        final long bases, final IntArray baseIndex, final int indexed, final IntArray counts, final LongArray binned)
    {
        final IntArray cursor = ctx.dynamicSharedInts();
        final int coarse = 1 << coarseBits;
        final int fine = c - 1 - coarseBits;
        final int local = ctx.localIdX();
        final long groups = ctx.groupCountX();
        for (int b = local; b < coarse; b += LOCAL_SIZE)
        {
            cursor.set(b, counts.get(b * groups + ctx.groupIdX()));
        }
        ctx.barrier();
        final long start = (long)ctx.groupIdX() * TILE;
        final long end = Math.min(positions, start + TILE);
        for (long p = start + local; p < end; p += LOCAL_SIZE)
        {
            final int d = digits.get(first + p);
            if (d != 0)
            {
                final int key = (d < 0 ? -d : d) - 1;
                final long window = windows == 1 ? 0 : p / stride;
                final long i = p - window * stride;
                final long base = indexed != 0 ? baseIndex.get(i) : i;
                final int value = (int)(window * bases + base) | (d < 0 ? SortKernels.NEGATIVE : 0);
                final int slot = cursor.getAndAdd(key >>> fine, 1);
                binned.set(slot, (long)(key & ((1 << fine) - 1)) << 32 | (value & 0xFFFF_FFFFL));
            }
        }
    }

    /**
     * Sorts the pairs of coarse bin {@code groupIdX()} of round {@code round} by fine key: counts them per fine key,
     * writes the offsets of the bin's keys ({@code offsets[round·B + bin·2^fine + f]}, from {@code starts[round]},
     * where the round's pairs begin) and the values in key order into {@code sorted}. Group 0 also writes where the
     * next round begins, {@code starts[round + 1]}, and after the last round the number of pairs,
     * {@code offsets[keys]}. Launch: 2^coarseBits groups of {@link #LOCAL_SIZE}.
     *
     * @param binned     the round's pairs, by bin.
     * @param counts     the scanned (bin, group) counts of {@link #histogram}, their total at {@code bins·groups}.
     * @param groups     the groups of {@link #histogram}.
     * @param round      the round.
     * @param keys       T·B: {@code offsets[keys]} is written after the last round (the one whose next is T).
     * @param starts     T + 1 round starts; {@code starts[0]} is 0.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void sortBins(final KernelContext ctx, final LongArray binned, final IntArray counts,
        final long groups, final int c, final int coarseBits, final int round, final int keys,
        final IntArray starts, final IntArray offsets, final IntArray sorted)
    {
        final IntArray fineCounts = ctx.sharedInts(MAX_FINE_KEYS);
        final IntArray warpTotals = ctx.sharedInts(WARPS);
        final int bin = ctx.groupIdX();
        final int coarse = 1 << coarseBits;
        final int fineKeys = 1 << (c - 1 - coarseBits);
        final int local = ctx.localIdX();
        final int total = counts.get(coarse * groups);
        final int binStart = counts.get(bin * groups);
        final int binEnd = bin + 1 < coarse ? counts.get((bin + 1) * groups) : total;
        final int roundStart = starts.get(round);
        for (int f = local; f < fineKeys; f += LOCAL_SIZE)
        {
            fineCounts.set(f, 0);
        }
        ctx.barrier();
        // whole rounds of the group, so that every lane of a warp meets at each match
        for (long q0 = binStart; q0 < binEnd; q0 += LOCAL_SIZE)
        {
            final long q = q0 + local;
            final int f = q < binEnd ? (int)(binned.get(q) >>> 32) : -1;
            final int same = ctx.matchAny(f);
            if (f >= 0 && ctx.laneId() == Integer.numberOfTrailingZeros(same))
            {
                fineCounts.atomicAdd(f, Integer.bitCount(same));
            }
        }
        ctx.barrier();
        // an exclusive scan of the fine counts: each item sums a run of them, the group scans the sums
        final int per = Math.max(1, fineKeys / LOCAL_SIZE);
        final int from = Math.min(local * per, fineKeys);
        final int to = Math.min(from + per, fineKeys);
        int sum = 0;
        for (int f = from; f < to; f++)
        {
            sum += fineCounts.get(f);
        }
        int run = binStart + ScanKernels.exclusive(ctx, sum, warpTotals, WARPS);
        final int firstKey = round * (coarse * fineKeys) + bin * fineKeys;
        for (int f = from; f < to; f++)
        {
            final int n = fineCounts.get(f);
            fineCounts.set(f, run);
            offsets.set(firstKey + f, roundStart + run);
            run += n;
        }
        if (bin == 0 && local == 0)
        {
            starts.set(round + 1, roundStart + total);
            if (firstKey + coarse * fineKeys == keys)
            {
                offsets.set(keys, roundStart + total);
            }
        }
        ctx.barrier();
        for (long q0 = binStart; q0 < binEnd; q0 += LOCAL_SIZE)
        {
            final long q = q0 + local;
            final long pair = q < binEnd ? binned.get(q) : -1L;
            final int f = q < binEnd ? (int)(pair >>> 32) : -1;
            final int same = ctx.matchAny(f);
            final int leader = Integer.numberOfTrailingZeros(same);
            final int lane = ctx.laneId();
            final int slot = ctx.shuffle(f >= 0 && lane == leader ? fineCounts.getAndAdd(f, Integer.bitCount(same))
                : 0, leader);
            if (f >= 0)
            {
                sorted.set(roundStart + slot + Integer.bitCount(same & ((1 << lane) - 1)), (int)pair);
            }
        }
    }
}
