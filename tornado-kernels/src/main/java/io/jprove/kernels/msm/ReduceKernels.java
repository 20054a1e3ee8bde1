package io.jprove.kernels.msm;

import io.jprove.field.inline.Coordinates;
import io.jprove.field.inline.XyzzInline;
import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * The bucket reduction Σ_b (b + 1)·B_b of each round by running sums, straight from the accumulation's parts
 * ({@link SortedKeys}), spread over work-items by equal numbers of parts: item s of a round walks its parts from the
 * top, adding each part to a running sum and the running sum to its total once per key it steps down; so its total
 * is Σ (key − k₀)·part over its parts, where k₀ is the key of its lowest part, and its contribution is that plus
 * (k₀ − round·B + 1)·(the running sum), a small scalar multiplication by double-and-add. A heavy bucket split into
 * many parts costs its parts and nothing more; bucket boundaries need no alignment with the items.
 * <p>
 * One kernel per coordinate field; the items' results are summed by {@link PointSumKernels}.
 */
public final class ReduceKernels
{
    /** Items per group. */
    static final int LOCAL_SIZE = 128;

    /** @return the dynamic shared memory a group needs: {@link #SLOTS} XYZZ points per item. */
    static int sharedBytes(final MsmCurve curve)
    {
        return (int)(SLOTS * LOCAL_SIZE * curve.xyzzBytes());
    }

    private ReduceKernels()
    {
    }

    /**
     * Launch: {@code itemsPerRound / LOCAL_SIZE} groups along x (rounded up) of {@link #LOCAL_SIZE} items, one row
     * of groups per round along y, and {@link #SLOTS} points per item of dynamic shared memory ({@link #sharedBytes}).
     * Two groups per multiprocessor (without the bound ptxas aims at 168 registers and spills; with it, 228 and
     * none).
     *
     * @param parts         the accumulation's parts.
     * @param offsets       {@code keys + 1} key offsets (keys = rounds · buckets).
     * @param buckets       keys per round, B.
     * @param segment       the accumulation's pairs per item, L.
     * @param itemsPerRound S.
     * @param out           S XYZZ points per round, round-major.
     */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 2)
    public static void reduceFq(final KernelContext ctx, final LongArray parts, final IntArray offsets,
        final int buckets, final int segment, final int itemsPerRound, final LongArray out)
    {
        reduce(ctx, parts, offsets, buckets, segment, itemsPerRound, out, 1);
    }

    /** {@link #reduceFq} for points over Fq2. */
    @Kernel(maxLocalSize = LOCAL_SIZE, minGroupsPerMultiprocessor = 1)
    public static void reduceFq2(final KernelContext ctx, final LongArray parts, final IntArray offsets,
        final int buckets, final int segment, final int itemsPerRound, final LongArray out)
    {
        reduce(ctx, parts, offsets, buckets, segment, itemsPerRound, out, 2);
    }

    /** Shared-memory slots of an item: its total, its running sum, and the multiple of its final step. */
    private static final int SUM = 0;
    private static final int RUN = 1;
    private static final int ACC = 2;
    /** Slots per item. */
    static final int SLOTS = 3;

    /**
     * The walk as a loop of single additions x ← x + y, each slot in shared memory: stepping down a key adds RUN
     * into SUM, a part is added into RUN, then ACC = m·RUN by double-and-add (a doubling is RUN + RUN, which the
     * addition handles) and SUM += ACC. So the kernel inlines the XYZZ addition once, not at four call sites, which
     * keeps it a quarter of the size and its registers to two points.
     */
    private static void reduce(final KernelContext ctx, final LongArray parts, final IntArray offsets,
        final int buckets, final int segment, final int itemsPerRound, final LongArray out, final int degree)
    {
        final int xl = 4 * Coordinates.limbs(degree);
        final LongArray shared = ctx.dynamicSharedLongs();
        final int item = ctx.globalIdX();
        final int local = ctx.localIdX();
        final int width = LOCAL_SIZE;
        if (item >= itemsPerRound)
        {
            return;
        }
        final int round = ctx.groupIdY();
        final int firstKey = round * buckets;
        final long lo = SortedKeys.firstPart(offsets, firstKey, segment);
        final long hi = SortedKeys.firstPart(offsets, firstKey + buckets, segment);
        final long share = (hi - lo + itemsPerRound - 1) / itemsPerRound;
        final long p0 = lo + item * share;
        final long p1 = Math.min(p0 + share, hi);
        final long[] x = new long[xl];
        final long[] y = new long[xl];
        Slots.store(shared, SUM, local, width, x, xl);
        if (p0 < p1)
        {
            Slots.store(shared, RUN, local, width, x, xl);
            long p = p1 - 1;
            int key = SortedKeys.keyOfPart(offsets, firstKey, firstKey + buckets, segment, p);
            int multiple = 0;
            int bit = -1;
            boolean doubled = false;
            boolean finished = false;
            while (!finished)
            {
                int dst = SUM;
                int src = ACC;
                long part = -1;
                if (p >= p0)
                {
                    if (SortedKeys.firstPart(offsets, key, segment) > p)
                    {
                        src = RUN;
                        key--;
                    }
                    else
                    {
                        dst = RUN;
                        part = p;
                        p--;
                    }
                }
                else
                {
                    if (multiple == 0)
                    {
                        // the walk is done: ACC = (k₀ − firstKey + 1)·RUN starts from its top bit
                        multiple = key - firstKey + 1;
                        bit = 30 - Integer.numberOfLeadingZeros(multiple);
                        Slots.load(shared, RUN, local, width, y, xl);
                        Slots.store(shared, ACC, local, width, y, xl);
                    }
                    if (bit >= 0)
                    {
                        // bit by bit: ACC += ACC, then ACC += RUN when the bit is set
                        dst = ACC;
                        if (doubled)
                        {
                            src = RUN;
                            doubled = false;
                            bit--;
                        }
                        else
                        {
                            doubled = ((multiple >>> bit) & 1) != 0;
                            bit = doubled ? bit : bit - 1;
                        }
                    }
                    else
                    {
                        finished = true;
                    }
                }
                Slots.load(shared, dst, local, width, x, xl);
                if (part >= 0)
                {
                    PointMemory.load(parts, part, xl, y, 0);
                }
                else
                {
                    Slots.load(shared, src, local, width, y, xl);
                }
                XyzzInline.add(x, 0, y, 0, degree);
                Slots.store(shared, dst, local, width, x, xl);
            }
        }
        Slots.load(shared, SUM, local, width, x, xl);
        PointMemory.store(out, (long)round * itemsPerRound + item, xl, x, 0);
    }
}
