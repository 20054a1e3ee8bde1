package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The MSM's counting sort of (bucket, point) pairs by bucket, on the device and without a library sort: every
 * nonzero signed digit of every scalar is one pair. {@link #countDigits} counts the pairs of each key with
 * non-returning atomics, an exclusive scan of the counts ({@link ScanKernels}) gives each key's first slot, and
 * {@link #scatterDigits} writes each pair at its key's next free slot (a returning atomic on a copy of the offsets).
 * Both aggregate a warp's equal keys into one atomic ({@code match.any}), so skewed scalars do not pile up on one
 * counter.
 * Within a key the order is whatever the atomics made it; bucket sums do not depend on it.
 * <p>
 * A sort round by round with its counts in shared memory and no global atomics (a histogram of coarse bins, a scan,
 * a scatter into bins, a counting sort of each bin) lost to this one on the H200 at every size measured (issue 26,
 * G1, device ms of the sort: 1.45 against 0.76 at 2^20, 35.1 against 14.5 at 2^24, 141.2 against 76.7 at 2^26; and
 * 289 / 348 ms against 243 ms in a 32GiB partition's H MSM at 2^27), so it is gone.
 *
 * <h2>Keys and values</h2>
 * With F precomputed copies of the bases (copy j holds 2^(c·j)·P), window w of a scalar reads copy w mod F, and the
 * windows w with the same ⌊w / F⌋ (a <em>round</em>) share one set of B = 2^(c−1) buckets: key =
 * round·B + |digit| − 1. The value is the point's index in the table, (w mod F)·n + base, with bit 31 set for a
 * negative digit (the point is negated as it is added), so F·n must stay below 2^31.
 * <p>
 * Scalars: {@code meta[0]} of them (a count on the device, so a split that compacts scalars on the device needs no
 * host round trip), Montgomery form, four limbs each; scalar i pairs with base i, or with base
 * {@code baseIndex[i]} when {@code indexed} is 1. Launch: one item per scalar of the largest count, in whole warps,
 * groups of up to {@link #LOCAL_SIZE}.
 */
public final class SortKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 256;
    /** The sign bit of a sorted value. */
    static final int NEGATIVE = 0x8000_0000;

    private SortKernels()
    {
    }

    /** Writes a scalar count the host knows to {@code meta[0]}, where the digit kernels read it. Launch: one item. */
    @Kernel(maxLocalSize = 32)
    public static void setCount(final KernelContext ctx, final LongArray meta, final long count)
    {
        meta.set(0, count);
    }

    /** Adds one to {@code counts[key]} for each nonzero digit. */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void countDigits(final KernelContext ctx, final LongArray scalars, final IntArray baseIndex,
        final int indexed, final LongArray meta, final int c, final int copies, final long bases,
        final IntArray counts)
    {
        digits(ctx, scalars, baseIndex, indexed, meta, c, copies, bases, counts, counts, false);
    }

    /** Writes each pair's value at {@code sorted[cursor[key]++]}. */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void scatterDigits(final KernelContext ctx, final LongArray scalars, final IntArray baseIndex,
        final int indexed, final LongArray meta, final int c, final int copies, final long bases,
        final IntArray cursor, final IntArray sorted)
    {
        digits(ctx, scalars, baseIndex, indexed, meta, c, copies, bases, cursor, sorted, true);
    }

    /**
     * The pass sort's first step ({@link PassSort}): writes the signed digits of windows [first, first + count) of
     * scalar i &lt; {@code meta[0]} to {@code digits[(w − first)·stride + i]}, so that a pass over one window reads
     * four bytes a scalar, in order, instead of the scalar and a Montgomery multiplication. Launch: one item per
     * scalar of the largest count ({@code stride} at least that count).
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void storeDigits(final KernelContext ctx, final LongArray scalars, final LongArray meta,
        final int c, final int first, final int count, final long stride, final IntArray digits)
    {
        final long i = ctx.globalIdX();
        if (i < meta.get(0))
        {
            final long[] k = new long[Fr.LIMBS];
            ScalarDigits.canonical(scalars, i, k);
            final long k0 = k[0];
            final long k1 = k[1];
            final long k2 = k[2];
            final long k3 = k[3];
            final int windows = ScalarDigits.windows(c);
            final int end = first + count;
            long carry = 0;
            for (int w = 0; w < end; w++)
            {
                final long raw = ScalarDigits.bits(k0, k1, k2, k3, w * c, c) + carry;
                final int d = ScalarDigits.digit(raw, c, w == windows - 1);
                carry = (raw - d) >> c;
                if (w >= first)
                {
                    digits.set((w - first) * stride + i, d);
                }
            }
        }
    }

    /**
     * One counting pass of the pass sort: adds one to {@code counts[keyBase + |d| − 1]} for each stored digit d of
     * one window ({@code digits[offset + i]}, i &lt; {@code meta[0]}) with |d| − 1 in [lo, hi), aggregated per warp
     * and key as in {@link #countDigits}. Launch: as {@link #storeDigits}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void countPass(final KernelContext ctx, final IntArray digits, final long offset,
        final LongArray meta, final int keyBase, final int lo, final int hi, final IntArray counts)
    {
        final long i = ctx.globalIdX();
        final int d = i < meta.get(0) ? digits.get(offset + i) : 0;
        final int key = passKey(d, keyBase, lo, hi);
        final int same = ctx.matchAny(key);
        if (key >= 0 && ctx.laneId() == Integer.numberOfTrailingZeros(same))
        {
            counts.atomicAdd(key, Integer.bitCount(same));
        }
    }

    /**
     * One scattering pass of the pass sort: writes the pair of each digit {@link #countPass} counts at
     * {@code sorted[cursor[key]++]}, its value {@code copyBase} + the scalar's base, bit 31 set for a negative digit.
     * Launch: as {@link #storeDigits}.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE)
    public static void scatterPass(final KernelContext ctx, final IntArray digits, final long offset,
        final IntArray baseIndex, final int indexed, final LongArray meta, final int keyBase, final int lo,
        final int hi, final long copyBase, final IntArray cursor, final IntArray sorted)
    {
        final long i = ctx.globalIdX();
        final boolean active = i < meta.get(0);
        final int d = active ? digits.get(offset + i) : 0;
        final int key = passKey(d, keyBase, lo, hi);
        final int same = ctx.matchAny(key);
        final int leader = Integer.numberOfTrailingZeros(same);
        final int lane = ctx.laneId();
        final boolean leads = key >= 0 && lane == leader;
        final int first = ctx.shuffle(leads ? cursor.getAndAdd(key, Integer.bitCount(same)) : 0, leader);
        if (key >= 0)
        {
            final long base = indexed != 0 ? baseIndex.get(i) : i;
            final int slot = first + Integer.bitCount(same & ((1 << lane) - 1));
            sorted.set(slot, (int)(copyBase + base) | (d < 0 ? NEGATIVE : 0));
        }
    }

    /** @return keyBase + |d| − 1 when d is nonzero and |d| − 1 lies in [lo, hi), else −1. */
    private static int passKey(final int d, final int keyBase, final int lo, final int hi)
    {
        final int bucket = (d < 0 ? -d : d) - 1;
        return d != 0 && bucket >= lo && bucket < hi ? keyBase + bucket : -1;
    }

    /**
     * The digits of scalar {@code globalIdX()}, and per nonzero digit one count or one scattered pair. Lanes of a warp
     * holding the same key meet ({@link KernelContext#matchAny}) and the lowest of them does one atomic for all, so
     * scalars with equal digits (small or repeated values) cost one atomic per warp and key, not one per lane. Items
     * past the count take part with no digits, since the whole warp must reach each match.
     */
    private static void digits(final KernelContext ctx, final LongArray scalars, final IntArray baseIndex,
        final int indexed, final LongArray meta, final int c, final int copies, final long bases,
        final IntArray keyed, final IntArray sorted, final boolean scatter)
    {
        final long i = ctx.globalIdX();
        final boolean active = i < meta.get(0);
        final long[] k = new long[Fr.LIMBS];
        if (active)
        {
            ScalarDigits.canonical(scalars, i, k);
        }
        final long k0 = k[0];
        final long k1 = k[1];
        final long k2 = k[2];
        final long k3 = k[3];
        final long base = active && indexed != 0 ? baseIndex.get(i) : i;
        final int windows = ScalarDigits.windows(c);
        final int buckets = 1 << (c - 1);
        final int lane = ctx.laneId();
        long carry = 0;
        for (int w = 0; w < windows; w++)
        {
            final long raw = ScalarDigits.bits(k0, k1, k2, k3, w * c, c) + carry;
            final int d = ScalarDigits.digit(raw, c, w == windows - 1);
            carry = (raw - d) >> c;
            final int round = w / copies;
            final int key = d != 0 ? round * buckets + (d < 0 ? -d : d) - 1 : -1;
            final int same = ctx.matchAny(key);
            final int leader = Integer.numberOfTrailingZeros(same);
            final boolean leads = key >= 0 && lane == leader;
            if (scatter)
            {
                final int first = ctx.shuffle(leads ? keyed.getAndAdd(key, Integer.bitCount(same)) : 0, leader);
                if (key >= 0)
                {
                    final long point = (long)(w - round * copies) * bases + base;
                    final int slot = first + Integer.bitCount(same & ((1 << lane) - 1));
                    sorted.set(slot, (int)point | (d < 0 ? NEGATIVE : 0));
                }
            }
            else if (leads)
            {
                keyed.atomicAdd(key, Integer.bitCount(same));
            }
        }
    }
}
