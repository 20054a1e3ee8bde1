package io.jprove.kernels;

/**
 * Kernels that exercise every construct the compiler supports; {@link KernelConformance} runs each on random and edge
 * inputs and compares with the methods called directly.
 */
public final class ConformanceKernels
{
    private ConformanceKernels()
    {
    }

    /** Every int operator; 16 outputs per item. */
    @Kernel
    public static void intOperators(final KernelContext ctx, final IntArray a, final IntArray b, final IntArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final int x = a.get(i);
        final int y = b.get(i);
        final long o = 16L * i;
        out.set(o, x + y);
        out.set(o + 1, x - y);
        out.set(o + 2, x * y);
        out.set(o + 3, x & y ^ (x | ~y));
        out.set(o + 4, x << y);
        out.set(o + 5, x >> y);
        out.set(o + 6, x >>> y);
        out.set(o + 7, -x);
        out.set(o + 8, (byte)x + (short)y);
        out.set(o + 9, (char)x);
        out.set(o + 10, x << 33);
        out.set(o + 11, x >>> 32);
        out.set(o + 12, x >> -1);
        out.set(o + 13, (int)((long)x * y >>> 16));
        out.set(o + 14, x < y ? 1 : x == y ? 2 : 3);
        out.set(o + 15, Integer.compareUnsigned(x, y) < 0 ? 7 : -7);
    }

    /** Every long operator; 16 outputs per item. */
    @Kernel
    public static void longOperators(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        final long y = b.get(i);
        final int s = (int)y;
        final long o = 16L * i;
        out.set(o, x + y);
        out.set(o + 1, x - y);
        out.set(o + 2, x * y);
        out.set(o + 3, x & y ^ (x | ~y));
        out.set(o + 4, x << s);
        out.set(o + 5, x >> s);
        out.set(o + 6, x >>> s);
        out.set(o + 7, -x);
        out.set(o + 8, (int)x);
        out.set(o + 9, x << 65);
        out.set(o + 10, x >>> 64);
        out.set(o + 11, x >> -1);
        out.set(o + 12, x < y ? 1 : x == y ? 2 : 3);
        out.set(o + 13, Long.compare(x, y));
        out.set(o + 14, Long.compareUnsigned(x, y));
        out.set(o + 15, (long)(int)y + Integer.toUnsignedLong(s));
    }

    /** Signed and unsigned division and remainder (non-zero divisors), including MIN_VALUE / −1. */
    @Kernel
    public static void division(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        long y = b.get(i);
        if (y == 0)
        {
            y = -1;
        }
        final int xi = (int)x;
        int yi = (int)y;
        if (yi == 0)
        {
            yi = (int)(y >>> 32) | 1;
        }
        final long o = 12L * i;
        out.set(o, x / y);
        out.set(o + 1, x % y);
        out.set(o + 2, xi / yi);
        out.set(o + 3, xi % yi);
        out.set(o + 4, Long.divideUnsigned(x, y));
        out.set(o + 5, Long.remainderUnsigned(x, y));
        out.set(o + 6, Integer.divideUnsigned(xi, yi));
        out.set(o + 7, Integer.remainderUnsigned(xi, yi));
        out.set(o + 8, Integer.MIN_VALUE / (yi | -1) + Long.MIN_VALUE / (y | -1));
        out.set(o + 9, x / 7 + x % -3 + xi / -1);
        out.set(o + 10, Long.MIN_VALUE % (y | -1));
        out.set(o + 11, Integer.MIN_VALUE % (yi | -1));
    }

    /** Library intrinsics: high multiplies, min/max, leading zeros, bit counts, unsigned compares in branches. */
    @Kernel
    public static void library(final KernelContext ctx, final LongArray a, final LongArray b, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        final long y = b.get(i);
        final long o = 10L * i;
        out.set(o, Math.multiplyHigh(x, y));
        out.set(o + 1, Math.unsignedMultiplyHigh(x, y));
        out.set(o + 2, Math.min(x, y) ^ Math.max((int)x, (int)y));
        out.set(o + 3, Math.max(x, y) - Math.min((int)x, (int)y));
        out.set(o + 4, Long.numberOfLeadingZeros(x) + 100L * Integer.numberOfLeadingZeros((int)y));
        out.set(o + 5, Long.bitCount(x) + 100L * Integer.bitCount((int)y));
        long flags = 0;
        if (Long.compareUnsigned(x, y) < 0)
        {
            flags |= 1;
        }
        if (Long.compareUnsigned(x, y) >= 0)
        {
            flags |= 2;
        }
        if (Integer.compareUnsigned((int)x, (int)y) > 0)
        {
            flags |= 4;
        }
        if (Integer.compareUnsigned((int)x, (int)y) <= 0)
        {
            flags |= 8;
        }
        if (Long.compare(x, y) != 0)
        {
            flags |= 16;
        }
        out.set(o + 6, flags);
        out.set(o + 7, Math.unsignedMultiplyHigh(x, 0xFFFF_FFFF_FFFF_FFFFL) + Math.multiplyHigh(x, Long.MIN_VALUE));
        out.set(o + 8, Long.compareUnsigned(x, 0x8000_0000_0000_0000L));
        out.set(o + 9, Integer.compareUnsigned((int)y, 0x8000_0000) + Long.rotateLeft(x, (int)y)
            ^ Long.rotateRight(y, (int)x) + Integer.rotateLeft((int)x, (int)y) - Integer.rotateRight((int)y, 7));
    }

    /** Loops with data-dependent trip counts, nested loops, break, continue and while. */
    @Kernel
    public static void loops(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        final int n = (int)(x & 31);
        long acc = 0;
        long swapA = 1;
        long swapB = 2;
        for (int k = 0; k < n; k++)
        {
            acc = acc * 31 + (x >>> k);
            final long t = swapA;
            swapA = swapB;
            swapB = t + k;
            if ((acc & 3) == 0)
            {
                continue;
            }
            for (int j = 0; j < (k & 3); j++)
            {
                acc ^= acc << 7;
                if (acc < 0 && j == 2)
                {
                    break;
                }
            }
        }
        long w = x;
        int steps = 0;
        while (w != 0 && steps < 70)
        {
            w >>>= 3;
            steps++;
        }
        int fixed = 0;
        for (int k = 0; k < 10; k++)
        {
            fixed += k * (int)x;
        }
        out.set(3L * i, acc);
        out.set(3L * i + 1, swapA * 1000 + swapB + steps);
        out.set(3L * i + 2, fixed);
    }

    /** Register-resident local arrays, filled by unrolled loops and carried through a data-dependent loop. */
    @Kernel
    public static void localArrays(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (6L * i + 5 >= a.length())
        {
            return;
        }
        final long[] t = new long[6];
        final int[] u = new int[3];
        for (int k = 0; k < t.length; k++)
        {
            t[k] = a.get(6L * i + k);
        }
        final int rounds = (int)(t[0] & 7);
        for (int r = 0; r < rounds; r++)
        {
            rotate(t);
            if (r % 3 == 0)
            {
                u[0] += (int)t[5];
            }
            else
            {
                u[1] += (int)t[5];
            }
        }
        u[2] = sumInts(u);
        for (int k = 0; k < 6; k++)
        {
            out.set(7L * i + k, t[k] ^ u[k % 3]);
        }
        out.set(7L * i + 6, Helpers.clamp(t[1], 0, 1000) + Helpers.sign(t[2]));
    }

    private static void rotate(final long[] t)
    {
        final long first = t[0];
        for (int k = 0; k < t.length - 1; k++)
        {
            t[k] = t[k + 1] + (first >>> k);
        }
        t[t.length - 1] = first;
    }

    private static int sumInts(final int[] u)
    {
        int s = 0;
        for (final int v : u)
        {
            s += v;
        }
        return s;
    }

    /** Context indices and sizes. */
    @Kernel
    public static void indices(final KernelContext ctx, final IntArray out)
    {
        final int g = ctx.globalIdX();
        out.set(6L * g, g);
        out.set(6L * g + 1, ctx.localIdX());
        out.set(6L * g + 2, ctx.groupIdX());
        out.set(6L * g + 3, ctx.globalSizeX());
        out.set(6L * g + 4, ctx.localSizeX());
        out.set(6L * g + 5, ctx.groupCountX());
    }

    /** Atomic add (histogram) and a compare-and-exchange loop (maximum), on ints and longs. */
    @Kernel
    public static void atomics(final KernelContext ctx, final LongArray a, final IntArray histogram,
        final LongArray maxima, final LongArray sums)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        histogram.getAndAdd(x & 15, 1);
        sums.getAndAdd(i & 3, x);
        final long slot = (x >>> 4) & 3;
        long seen = maxima.get(slot);
        while (x > seen)
        {
            final long witness = maxima.compareAndExchange(slot, seen, x);
            if (witness == seen)
            {
                break;
            }
            seen = witness;
        }
        final int old = histogram.compareAndExchange(16, 0, 0);
        histogram.getAndAdd(17, old);
    }

    /** Group sums through shared memory: a tree reduction with barriers. */
    @Kernel
    public static void groupSum(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final LongArray partial = ctx.sharedLongs(1024);
        final IntArray counts = ctx.sharedInts(1);
        final int lid = ctx.localIdX();
        if (lid == 0)
        {
            counts.set(0, 0);
        }
        partial.set(lid, a.get(ctx.globalIdX()));
        ctx.barrier();
        counts.getAndAdd(0, 1);
        for (int s = ctx.localSizeX() / 2; s > 0; s >>= 1)
        {
            if (lid < s)
            {
                partial.set(lid, partial.get(lid) + partial.get(lid + s));
            }
            ctx.barrier();
        }
        if (lid == 0)
        {
            out.set(2L * ctx.groupIdX(), partial.get(0));
            out.set(2L * ctx.groupIdX() + 1, counts.get(0));
        }
    }

    /** Divides by a divisor from memory: Java throws when it is zero, so the kernel must fail. */
    @Kernel
    public static void divideByInput(final KernelContext ctx, final IntArray a, final IntArray b, final IntArray out)
    {
        final int i = ctx.globalIdX();
        out.set(i, a.get(i) / b.get(i));
    }

    /** Writes one past the end when asked: Java throws, so the kernel must fail. */
    @Kernel
    public static void writeAt(final KernelContext ctx, final LongArray out, final long index)
    {
        if (ctx.globalIdX() == 0)
        {
            out.set(index, 42);
        }
    }

    /** Long division by a divisor from memory. */
    @Kernel
    public static void divideLongByInput(final KernelContext ctx, final LongArray a, final LongArray b,
        final LongArray out)
    {
        final int i = ctx.globalIdX();
        out.set(i, Long.remainderUnsigned(a.get(i), b.get(i)));
    }

    /** Dynamic loops nested in unrolled ones (and back), ternaries on the stack, dup forms, early returns. */
    @Kernel
    public static void nesting(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (4L * i + 3 >= a.length())
        {
            return;
        }
        final long[] t = new long[4];
        final int[] c = new int[4];
        for (int k = 0; k < 4; k++)
        {
            long v = a.get(4L * i + k);
            int steps = 0;
            while ((v & 1) == 0 && v != 0 && steps < 40)
            {
                v >>= 1;
                steps++;
            }
            t[k] = v;
            c[k] += steps > 3 ? steps : -steps;
            if ((v & 2) != 0)
            {
                t[k] += c[k]++;
            }
        }
        long acc = 0;
        for (int r = 0; r < (int)(t[0] & 15); r++)
        {
            for (int k = 0; k < 4; k++)
            {
                acc = t[k] += acc ^ k;
            }
            if (firstNegative(t) >= 0)
            {
                acc++;
            }
        }
        final int found = firstNegative(t);
        for (int k = 0; k < 4; k++)
        {
            out.set(6L * i + k, t[k] * (k + 1) + c[k]);
        }
        out.set(6L * i + 4, acc);
        out.set(6L * i + 5, found + (i % 3 == 0 ? (byte)acc : i % 3 == 1 ? (short)acc : (char)acc));
    }

    private static int firstNegative(final long[] t)
    {
        for (int k = 0; k < t.length; k++)
        {
            if (t[k] < 0)
            {
                return k;
            }
        }
        return -1;
    }

    /** Adds {@code delta} to every element. */
    @Kernel
    public static void addTo(final KernelContext ctx, final LongArray a, final long delta)
    {
        final int i = ctx.globalIdX();
        if (i < a.length())
        {
            a.set(i, a.get(i) + delta);
        }
    }

    /** A loop at bytecode offset 0: the kernel starts at a loop header. */
    @Kernel
    public static void loopAtStart(final KernelContext ctx, final LongArray a)
    {
        do
        {
            a.set(ctx.globalIdX(), a.get(ctx.globalIdX()) + 1);
        }
        while (Long.remainderUnsigned(a.get(ctx.globalIdX()), 5) != 0);
    }

    /** Calls: a callee starting with a loop, several returns inside a run-time loop, arrays and booleans returned. */
    @Kernel
    public static void calls(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        long acc = 0;
        for (int k = 0; k < (int)(x & 7); k++)
        {
            acc += classify(x + k) + halvings(x >>> k);
            if (isOdd(acc))
            {
                acc = acc * 3 + 1;
            }
        }
        final long[] pair = pairOf(x, acc);
        out.set(3L * i, acc);
        out.set(3L * i + 1, pair[0] - pair[1]);
        out.set(3L * i + 2, halvings(x) + (isOdd(x) ? 100 : 200));
    }

    private static long halvings(final long v)
    {
        long w = v;
        long n = 0;
        while ((w & 1) == 0 && w != 0)
        {
            w >>>= 1;
            n++;
        }
        return n;
    }

    private static int classify(final long v)
    {
        if (v < -1000)
        {
            return -2;
        }
        if (v < 0)
        {
            return -1;
        }
        if (v == 0)
        {
            return 0;
        }
        return v > 1000 ? 2 : 1;
    }

    private static boolean isOdd(final long v)
    {
        return (v & 1) != 0;
    }

    private static long[] pairOf(final long p, final long q)
    {
        final long[] r = new long[2];
        r[0] = p ^ q;
        r[1] = Long.rotateLeft(p, 1) == 0 ? 1 : q;
        return r;
    }

    /** Whole warps of the group return before a barrier; the rest exchange values through shared memory. */
    @Kernel
    public static void exitBeforeBarrier(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final LongArray s = ctx.sharedLongs(256);
        final int lid = ctx.localIdX();
        final int active = ctx.localSizeX() / 2;
        if (lid >= active)
        {
            return;
        }
        s.set(lid, a.get(ctx.globalIdX()));
        ctx.barrier();
        out.set(ctx.globalIdX(), s.get(active - 1 - lid));
    }

    /** Bit reversal and trailing zeros, int and long; 4 outputs per item. */
    @Kernel
    public static void bitReversal(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        out.set(4L * i, Long.reverse(x));
        out.set(4L * i + 1, Integer.reverse((int)x) + 3L * Integer.reverse((int)(x >>> 32)));
        out.set(4L * i + 2, Long.numberOfTrailingZeros(x) + 100L * Integer.numberOfTrailingZeros((int)(x >>> 7)));
        out.set(4L * i + 3, Integer.reverse(i) >>> (32 - 9) ^ Long.numberOfTrailingZeros(0L) ^ Long.reverse(7L));
    }

    /**
     * Warp operations: per item 12 outputs — shuffles of ints and longs by xor, index, up and down (lanes and deltas
     * from data, some past 31), and the three votes.
     */
    @Kernel
    public static void warpOperations(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final int i = ctx.globalIdX();
        final long x = a.get(i);
        final int lane = ctx.laneId();
        final int k = (int)(x >>> 59);
        final long o = 12L * i;
        out.set(o, lane);
        out.set(o + 1, ctx.shuffleXor((int)x, 1));
        out.set(o + 2, ctx.shuffleXor(x, 16 + 32));
        out.set(o + 3, ctx.shuffleXor(x, k));
        out.set(o + 4, ctx.shuffle(x, k + 3));
        out.set(o + 5, ctx.shuffle((int)(x >>> 3), 31 - lane));
        out.set(o + 6, ctx.shuffleUp(x, 3));
        out.set(o + 7, ctx.shuffleDown((int)x, k));
        out.set(o + 8, ctx.shuffleDown(x, 33));
        out.set(o + 9, ctx.ballot((x & 1) != 0));
        out.set(o + 10, (ctx.anyLane(x == 42) ? 1 : 0) + (ctx.anyLane((x & 3) == 1) ? 2 : 0));
        out.set(o + 11, (ctx.allLanes(lane < 32) ? 1 : 0) + (ctx.allLanes((x & 1) == 0) ? 2 : 0));
    }

    /**
     * Dynamic shared memory: each item writes its value as a long and, through the int view, its index; after a
     * barrier it reads another item's; also the view lengths. 3 outputs per item.
     */
    @Kernel
    public static void dynamicShared(final KernelContext ctx, final LongArray a, final LongArray out)
    {
        final LongArray longs = ctx.dynamicSharedLongs();
        final IntArray ints = ctx.dynamicSharedInts();
        final int lid = ctx.localIdX();
        final int n = ctx.localSizeX();
        longs.set(lid, a.get(ctx.globalIdX()));
        ints.set(2L * n + lid, lid * 7);
        ctx.barrier();
        final long o = 3L * ctx.globalIdX();
        out.set(o, longs.get(n - 1 - lid));
        out.set(o + 1, ints.get(2L * n + (lid + 1) % n));
        out.set(o + 2, longs.length() * 1000 + ints.length());
    }

    /** A two-dimensional range: each item writes where it is. */
    @Kernel
    public static void twoDimensional(final KernelContext ctx, final IntArray out)
    {
        final long at = 4L * ((long)ctx.groupIdY() * ctx.globalSizeX() + ctx.globalIdX());
        out.set(at, ctx.groupIdX());
        out.set(at + 1, ctx.groupIdY());
        out.set(at + 2, ctx.groupCountY());
        out.set(at + 3, ctx.localIdX());
    }

    /** Launch bounds: groups of at most 128 items, two groups per multiprocessor. */
    @Kernel(maxLocalSize = 128, minGroupsPerMultiprocessor = 2)
    public static void bounded(final KernelContext ctx, final IntArray out)
    {
        out.set(ctx.globalIdX(), ctx.localSizeX());
    }

    /** Reads one element past the end when asked: Java throws, so the kernel must fail before it stores. */
    @Kernel
    public static void readAt(final KernelContext ctx, final LongArray a, final LongArray out, final long index)
    {
        if (ctx.globalIdX() == 0)
        {
            out.set(0, a.get(index) + a.get(0));
        }
    }

    /**
     * The atomics beyond getAndAdd and compareAndExchange: the non-returning forms (PTX {@code red}) on a few shared
     * counters, whose final values do not depend on the order of the items; the returning forms ({@code atom}) on
     * each item's own slots, so the values they return are defined too (12 per item in {@code out}).
     */
    @Kernel
    public static void moreAtomics(final KernelContext ctx, final LongArray a, final IntArray counters,
        final LongArray wideCounters, final IntArray own, final LongArray wideOwn, final LongArray out)
    {
        final int i = ctx.globalIdX();
        if (i >= a.length())
        {
            return;
        }
        final long x = a.get(i);
        final int y = (int)(x >>> 17);
        counters.atomicAdd(0, y);
        counters.atomicMin(1, y);
        counters.atomicMax(2, y);
        counters.atomicOr(3, 1 << (x & 31));
        counters.atomicAnd(4, ~(1 << ((x >>> 5) & 31)));
        counters.atomicXor(5, y);
        wideCounters.atomicAdd(0, x);
        wideCounters.atomicMin(1, x);
        wideCounters.atomicMax(2, x);
        wideCounters.atomicOr(3, 1L << (x & 63));
        wideCounters.atomicAnd(4, ~(1L << ((x >>> 6) & 63)));
        wideCounters.atomicXor(5, x);
        final long at = 6L * i;
        out.set(12L * i, own.getAndSet(at, y));
        out.set(12L * i + 1, own.getAndMin(at + 1, y));
        out.set(12L * i + 2, own.getAndMax(at + 2, y));
        out.set(12L * i + 3, own.getAndBitwiseOr(at + 3, y));
        out.set(12L * i + 4, own.getAndBitwiseAnd(at + 4, y));
        out.set(12L * i + 5, own.getAndBitwiseXor(at + 5, y));
        out.set(12L * i + 6, wideOwn.getAndSet(at, x));
        out.set(12L * i + 7, wideOwn.getAndMin(at + 1, x));
        out.set(12L * i + 8, wideOwn.getAndMax(at + 2, x));
        out.set(12L * i + 9, wideOwn.getAndBitwiseOr(at + 3, x));
        out.set(12L * i + 10, wideOwn.getAndBitwiseAnd(at + 4, x));
        out.set(12L * i + 11, wideOwn.getAndBitwiseXor(at + 5, x));
    }

    /**
     * A fence before a ticket: each item writes a value, fences, and takes a ticket; the item holding the last ticket
     * sums every value (the others' writes are visible to it because they fenced before taking theirs).
     */
    @Kernel
    public static void lastItemAfterFence(final KernelContext ctx, final LongArray a, final LongArray values,
        final IntArray ticket, final LongArray out)
    {
        final int i = ctx.globalIdX();
        values.set(i, a.get(i) * 3 + i);
        ctx.fence();
        final int t = ticket.getAndAdd(0, 1);
        if (t == ctx.globalSizeX() - 1)
        {
            ctx.fence();
            long sum = 0;
            for (int k = 0; k < ctx.globalSizeX(); k++)
            {
                sum += values.get(k);
            }
            out.set(0, sum);
            out.set(1, t);
        }
    }

    /** Indices formed in long arithmetic from an int id and a long base, as buffers past 4 GiB need. */
    @Kernel
    public static void wideIndices(final KernelContext ctx, final LongArray a, final long base, final int stride)
    {
        final long at = base + (long)ctx.globalIdX() * stride;
        if (at + 1 >= a.length())
        {
            return;
        }
        a.set(at, a.get(at + 1) * 5 + at);
    }

    /** {@code matchAny} on values with few, many and one distinct per warp; 3 outputs per item. */
    @Kernel
    public static void matchLanes(final KernelContext ctx, final LongArray a, final IntArray out)
    {
        final int i = ctx.globalIdX();
        final long x = a.get(i);
        out.set(3L * i, ctx.matchAny((int)(x & 3)));
        out.set(3L * i + 1, ctx.matchAny((int)(x >>> 32)));
        out.set(3L * i + 2, ctx.matchAny(7));
    }
}
