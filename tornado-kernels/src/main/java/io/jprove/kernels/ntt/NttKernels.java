package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

/**
 * Radix-2 NTT kernels over Fr in device memory (elements of four 64-bit Montgomery limbs, back to back), one
 * algorithm phase per kernel; {@link GpuNtt} sequences them.
 *
 * <h2>The passes</h2>
 * Stage s of an m = 2^n point transform pairs elements i and i + half, half = 2^(n−1−s), with the twiddle
 * ω^((i mod half)·2^s): decimation in frequency (Gentleman–Sande, {@link #difPass}) runs s = 0, 1, … and turns
 * natural order into bit-reversed order; decimation in time (Cooley–Tukey, {@link #ditPass}) runs the same stages
 * backwards and turns bit-reversed order into natural order. A pass does {@code stages} consecutive stages starting
 * at {@code firstStage}: those touch only the elements {@code base + j·S}, j &lt; 2^stages, S = 2^(n − firstStage −
 * stages), so each such group is transformed in one go. A work-group holds 2^logColumns groups of consecutive base
 * (columns, so that global loads are runs of adjacent elements); each work-item holds {@link #PER_ITEM} elements of a
 * group in registers and runs three stages on them (a radix-8 round), then the items trade elements through dynamic
 * shared memory (limb-major, element {@code j·columns + column}, so a warp's accesses fall in distinct banks) for the
 * next three. A transform is two or three passes over global memory ({@link NttPlan}).
 * <p>
 * Twiddles come from one table of ω_N^e, e &lt; N/2, for the largest size N in use; a size-m transform reads every
 * 2^(N−n)-th entry ({@code twiddleShift}). Each butterfly reads its own twiddle, so a stage costs one
 * multiplication per pair and nothing else: (m/2)·n multiplications per transform.
 *
 * <h2>Scaling</h2>
 * A pass may multiply every element by a per-index factor as it loads (the first pass) or stores (the last): mode 1 a
 * constant (m⁻¹ of an inverse), mode 2 the product of two table entries, {@code low[i mod 2^logLow]·high[i >>
 * logLow]}, where i is the element's natural index — its position, or the bit reversal of its position when the data
 * is in bit-reversed order there (flag bit 1). That is a coset's g^i, or g^(−i)·m⁻¹, without an m-entry table.
 */
public final class NttKernels
{
    /** Limbs per element. */
    static final int L = Fr.LIMBS;
    /** Elements per work-item of a pass: three radix-2 stages between exchanges. */
    static final int PER_ITEM = 8;
    /** Work-items per group of a pass at most: 4,096 elements, 128 KiB of shared memory. */
    static final int MAX_LOCAL_SIZE = 512;
    /** Montgomery one of Fr, R mod r (2^256 mod r), limb 0; checked against {@code Fr.one()} by the tests. */
    static final long ONE_0 = 0x0000_0001_FFFF_FFFEL;
    /** Limb 1 of R mod r. */
    static final long ONE_1 = 0x5884_B7FA_0003_4802L;
    /** Limb 2 of R mod r. */
    static final long ONE_2 = 0x998C_4FEF_ECBC_4FF5L;
    /** Limb 3 of R mod r. */
    static final long ONE_3 = 0x1824_B159_ACC5_056FL;
    /** Scale flag: scale as the pass stores rather than as it loads. */
    static final int SCALE_ON_STORE = 1;
    /** Scale flag: the natural index is the bit reversal of the position. */
    static final int SCALE_BIT_REVERSED = 2;

    private NttKernels()
    {
    }

    /**
     * Decimation-in-frequency stages {@code firstStage … firstStage + stages − 1} (3 ≤ stages ≤ 9) of a 2^logSize
     * point transform, in place, eight elements per item. Launch: 2^logSize / (8 · localSize) groups, localSize =
     * 2^(stages + logColumns − 3) items, 32 · 8 · localSize bytes of dynamic shared memory.
     */
    @Kernel(maxLocalSize = MAX_LOCAL_SIZE)
    public static void difPass(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags)
    {
        pass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, false, 3, 12);
    }

    /** Decimation-in-time stages, the mirror of {@link #difPass}: the same stages, run last to first. */
    @Kernel(maxLocalSize = MAX_LOCAL_SIZE)
    public static void ditPass(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags)
    {
        pass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, true, 3, 12);
    }

    /**
     * {@link #difPass} with two elements per item (one stage between exchanges, as sppark), groups of at most 256
     * items, four per multiprocessor (64 registers an item, 32 warps), and the pass's twiddles staged in shared memory
     * first ({@link #stageTwiddles}), so each stage reads its twiddle there instead of waiting on a global load. Twice
     * the dynamic shared memory of the data alone: 2 · 32 · 2^9 bytes. Measured on the H200 against the same pass
     * reading each stage's twiddle from the table (issue 26, forward transforms, median ms): 0.422 against 0.559 at
     * 2^20, 6.295 against 6.328 at 2^24, 55.585 against 55.342 at 2^27 (within 1 %), so the unstaged pass is gone.
     */
    @Kernel(maxLocalSize = MAX_LOCAL_SIZE / 2, minGroupsPerMultiprocessor = 4)
    public static void difPass2t(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags)
    {
        stagedPass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, false, 1, 9);
    }

    /** {@link #ditPass} as {@link #difPass2t}: two elements per item, its twiddles staged. */
    @Kernel(maxLocalSize = MAX_LOCAL_SIZE / 2, minGroupsPerMultiprocessor = 4)
    public static void ditPass2t(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags)
    {
        stagedPass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, true, 1, 9);
    }

    /**
     * The pass, for 2^bits elements per item and groups of up to 2^logElements elements (compile-time constants: each
     * kernel above fixes them, and the compiler specializes this body): rounds of {@code bits} stages between
     * exchanges. Indices are ints (a transform has at most 2^28 elements); each stage loads all its twiddles before
     * its butterflies, so their multiplications are independent straight-line code the GPU can overlap; the shared
     * memory's limb planes are 2^logElements elements apart, a constant, so one limb's four accesses share an
     * address.
     */
    private static void pass(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags, final boolean dit, final int bits, final int logElements)
    {
        pass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, dit, bits, logElements, false);
    }

    /** {@link #pass} with the twiddles staged in shared memory ({@link #stageTwiddles}). */
    private static void stagedPass(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags, final boolean dit, final int bits, final int logElements)
    {
        pass(ctx, data, twiddles, logSize, firstStage, stages, twiddleShift, logColumns, scaleLow, scaleHigh,
            scaleMode, logScaleLow, scaleFlags, dit, bits, logElements, true);
    }

    /**
     * The pass itself; {@code staged} (a compile-time constant) reads every twiddle from the table
     * {@link #stageTwiddles} put in shared memory, after the data's limb planes.
     */
    private static void pass(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int firstStage, final int stages, final int twiddleShift, final int logColumns,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags, final boolean dit, final int bits, final int logElements, final boolean staged)
    {
        final int perItem = 1 << bits;
        final long plane = 1L << logElements;
        final LongArray shared = ctx.dynamicSharedLongs();
        final int item = ctx.localIdX();
        final int column = item & ((1 << logColumns) - 1);
        final int rest = item >>> logColumns;
        final int logStride = logSize - firstStage - stages;
        final int group = (ctx.groupIdX() << logColumns) + column;
        final int low = group & ((1 << logStride) - 1);
        final int base = ((group >>> logStride) << (logSize - firstStage)) + low;
        final int rounds = (stages + bits - 1) / bits;
        final long[] v = new long[PER_ITEM * L];
        final long[] w = new long[PER_ITEM / 2 * L];
        final long[] d = new long[L];
        int round = dit ? rounds - 1 : 0;
        int at = Math.max(stages - bits * round - bits, 0);
        if (staged)
        {
            stageTwiddles(ctx, shared, twiddles, firstStage, stages, twiddleShift, logColumns, logStride, perItem,
                L * plane, plane);
        }
        // Branches stay outside the unrolled loops, so each loop is one straight run of code (no join inside).
        for (int u = 0; u < perItem; u++)
        {
            final long at4 = (long)(base + (deposit(rest, u, at, bits) << logStride)) * L;
            for (int k = 0; k < L; k++)
            {
                v[u * L + k] = data.get(at4 + k);
            }
        }
        if (scaleMode != 0 && (scaleFlags & SCALE_ON_STORE) == 0)
        {
            for (int u = 0; u < perItem; u++)
            {
                final int position = base + (deposit(rest, u, at, bits) << logStride);
                scale(v, u, position, logSize, scaleLow, scaleHigh, scaleMode, logScaleLow, scaleFlags, d, w);
            }
        }
        if (staged)
        {
            ctx.barrier(); // the staged twiddles
        }
        for (int i = 0; ; i++)
        {
            for (int q = 0; q < bits; q++)
            {
                final int step = dit ? bits - 1 - q : q;
                final int stage = stages - bits - at + step;
                if (stage >= bits * round)
                {
                    final int h = (perItem >> 1) >> step;
                    final int mask = (1 << (at + bits - 1 - step)) - 1;
                    final int shift = firstStage + stage + twiddleShift;
                    for (int t = 0; t < perItem / 2; t++)
                    {
                        final int u = lower(t, h);
                        if (staged)
                        {
                            final int heap = (1 << (stages - 1 - stage)) | (deposit(rest, u, at, bits) & mask);
                            final long slot = L * plane + (column << stages) + (heap ^ swizzle(column, stages));
                            for (int k = 0; k < L; k++)
                            {
                                w[t * L + k] = shared.get(slot + k * plane);
                            }
                        }
                        else
                        {
                            final int e = (((deposit(rest, u, at, bits) & mask) << logStride) + low) << shift;
                            final long e4 = (long)e * L;
                            for (int k = 0; k < L; k++)
                            {
                                w[t * L + k] = twiddles.get(e4 + k);
                            }
                        }
                    }
                    for (int t = 0; t < perItem / 2; t++)
                    {
                        final int u = lower(t, h);
                        butterfly(v, u, u | h, w, t, d, dit);
                    }
                }
            }
            if (i == rounds - 1)
            {
                break;
            }
            // Trade elements: this round's positions out, the next round's in.
            ctx.barrier();
            for (int u = 0; u < perItem; u++)
            {
                final long slot = ((long)deposit(rest, u, at, bits) << logColumns) + column;
                for (int k = 0; k < L; k++)
                {
                    shared.set(slot + k * plane, v[u * L + k]);
                }
            }
            round = dit ? round - 1 : round + 1;
            at = Math.max(stages - bits * round - bits, 0);
            ctx.barrier();
            for (int u = 0; u < perItem; u++)
            {
                final long slot = ((long)deposit(rest, u, at, bits) << logColumns) + column;
                for (int k = 0; k < L; k++)
                {
                    v[u * L + k] = shared.get(slot + k * plane);
                }
            }
        }
        if (scaleMode != 0 && (scaleFlags & SCALE_ON_STORE) != 0)
        {
            for (int u = 0; u < perItem; u++)
            {
                final int position = base + (deposit(rest, u, at, bits) << logStride);
                scale(v, u, position, logSize, scaleLow, scaleHigh, scaleMode, logScaleLow, scaleFlags, d, w);
            }
        }
        for (int u = 0; u < perItem; u++)
        {
            final long at4 = (long)(base + (deposit(rest, u, at, bits) << logStride)) * L;
            for (int k = 0; k < L; k++)
            {
                data.set(at4 + k, v[u * L + k]);
            }
        }
    }

    /**
     * Loads every twiddle of this group's pass into shared memory at {@code table}, one limb plane per {@code plane}
     * longs: column c's twiddles of stage s (in the pass) sit at c·2^stages + (2^(stages−1−s) + j) ⊕ swizzle(c) for
     * j &lt; 2^(stages−1−s), the j-th distinct one of that stage, ω^((j·S + low_c)·2^(firstStage + s)). A column has
     * 2^stages − 1 of them, so a group's fill its elements' count of slots; each item loads as many as it holds
     * elements, all of them before any is used, so the pass waits on one global latency instead of one per stage. The
     * swizzle keeps the columns of a warp on different banks.
     */
    private static void stageTwiddles(final KernelContext ctx, final LongArray shared, final LongArray twiddles,
        final int firstStage, final int stages, final int twiddleShift, final int logColumns, final int logStride,
        final int perItem, final long table, final long plane)
    {
        final int items = ctx.localSizeX();
        final int item = ctx.localIdX();
        for (int u = 0; u < perItem; u++)
        {
            final int t = u * items + item;
            final int column = t >>> stages;
            final int position = (t & ((1 << stages) - 1)) ^ swizzle(column, stages);
            // slot 0 of a column holds no twiddle: it takes stage stages − 1's (an unused copy), so no branch
            final int heap = Math.max(position, 1);
            final int top = 31 - Integer.numberOfLeadingZeros(heap);
            final int j = heap - (1 << top);
            final int stage = stages - 1 - top;
            final int low = ((ctx.groupIdX() << logColumns) + column) & ((1 << logStride) - 1);
            final long e4 = (long)(((j << logStride) + low) << (firstStage + stage + twiddleShift)) * L;
            for (int k = 0; k < L; k++)
            {
                shared.set(table + t + k * plane, twiddles.get(e4 + k));
            }
        }
    }

    /** @return the xor that spreads column c's twiddles over the banks: a bijection of [0, 2^stages). */
    private static int swizzle(final int column, final int stages)
    {
        return column & ((1 << stages) - 1) & 15;
    }

    /** The lower element of butterfly t of a stage pairing elements h apart: t with a zero inserted at bit h. */
    private static int lower(final int t, final int h)
    {
        return ((t & -h) << 1) | (t & (h - 1));
    }

    /** The index within a group of element u of an item: u's {@code bits} bits at bit {@code at} of the others. */
    private static int deposit(final int rest, final int u, final int at, final int bits)
    {
        return (rest & ((1 << at) - 1)) | (u << at) | ((rest >>> at) << (at + bits));
    }

    /** One radix-2 butterfly on elements a and b of {@code v}, twiddle t of {@code w}; {@code d} is scratch. */
    private static void butterfly(final long[] v, final int a, final int b, final long[] w, final int t,
        final long[] d, final boolean dit)
    {
        if (dit)
        {
            Fr.mul(d, 0, v, b * L, w, t * L);
            Fr.sub(v, b * L, v, a * L, d, 0);
            Fr.add(v, a * L, v, a * L, d, 0);
        }
        else
        {
            Fr.sub(d, 0, v, a * L, v, b * L);
            Fr.add(v, a * L, v, a * L, v, b * L);
            Fr.mul(v, b * L, d, 0, w, t * L);
        }
    }

    /** Multiplies element u of {@code v}, at {@code position}, by its scale factor (see the class comment). */
    private static void scale(final long[] v, final int u, final long position, final int logSize,
        final LongArray low, final LongArray high, final int mode, final int logLow, final int flags,
        final long[] f, final long[] g)
    {
        final long index = (flags & SCALE_BIT_REVERSED) != 0 ? reverse(position, logSize) : position;
        final long lo = mode == 1 ? 0 : index & ((1L << logLow) - 1);
        for (int k = 0; k < L; k++)
        {
            f[k] = low.get(lo * L + k);
        }
        if (mode == 2)
        {
            final long hi = index >>> logLow;
            for (int k = 0; k < L; k++)
            {
                g[k] = high.get(hi * L + k);
            }
            Fr.mul(f, 0, f, 0, g, 0);
        }
        Fr.mul(v, u * L, v, u * L, f, 0);
    }

    /** @return the low {@code bits} bits of {@code x} in reverse order. */
    static long reverse(final long x, final int bits)
    {
        return Long.reverse(x) >>> (64 - bits);
    }

    /**
     * One radix-2 stage in global memory, one work-item per pair: for transforms too small for a pass (2 and 4
     * points). Launch: 2^(logSize − 1) items.
     */
    @Kernel
    public static void stage(final KernelContext ctx, final LongArray data, final LongArray twiddles,
        final int logSize, final int stage, final int twiddleShift, final int dit)
    {
        final long pair = ctx.globalIdX();
        if (pair >= 1L << (logSize - 1))
        {
            return;
        }
        final int logHalf = logSize - 1 - stage;
        final long offset = pair & ((1L << logHalf) - 1);
        final long i = ((pair >>> logHalf) << (logHalf + 1)) + offset;
        final long j = i + (1L << logHalf);
        final long e = offset << (stage + twiddleShift);
        final long[] v = new long[2 * L];
        final long[] w = new long[L];
        final long[] d = new long[L];
        for (int k = 0; k < L; k++)
        {
            v[k] = data.get(i * L + k);
            v[L + k] = data.get(j * L + k);
            w[k] = twiddles.get(e * L + k);
        }
        butterfly(v, 0, 1, w, 0, d, dit != 0);
        for (int k = 0; k < L; k++)
        {
            data.set(i * L + k, v[k]);
            data.set(j * L + k, v[L + k]);
        }
    }

    /** Scales every element as a pass would (see the class comment), for transforms done by {@link #stage}. */
    @Kernel
    public static void scaleAll(final KernelContext ctx, final LongArray data, final int logSize,
        final LongArray scaleLow, final LongArray scaleHigh, final int scaleMode, final int logScaleLow,
        final int scaleFlags)
    {
        final long position = ctx.globalIdX();
        if (position >= 1L << logSize)
        {
            return;
        }
        final long[] v = new long[L];
        final long[] f = new long[L];
        final long[] g = new long[L];
        for (int k = 0; k < L; k++)
        {
            v[k] = data.get(position * L + k);
        }
        scale(v, 0, position, logSize, scaleLow, scaleHigh, scaleMode, logScaleLow, scaleFlags, f, g);
        for (int k = 0; k < L; k++)
        {
            data.set(position * L + k, v[k]);
        }
    }

    /** Permutes 2^logSize elements into bit-reversed order, in place: the item of each pair i &lt; rev(i) swaps. */
    @Kernel
    public static void bitReverse(final KernelContext ctx, final LongArray data, final int logSize)
    {
        final long i = ctx.globalIdX();
        if (i >= 1L << logSize)
        {
            return;
        }
        final long j = reverse(i, logSize);
        if (i < j)
        {
            for (int k = 0; k < L; k++)
            {
                final long x = data.get(i * L + k);
                data.set(i * L + k, data.get(j * L + k));
                data.set(j * L + k, x);
            }
        }
    }

    /**
     * Fills {@code table} with root^e for e &lt; count, {@code chunk} consecutive powers per item: the first by
     * square-and-multiply, the rest by one multiplication each. The root's Montgomery limbs are the last four
     * arguments.
     */
    @Kernel
    public static void powers(final KernelContext ctx, final LongArray table, final long count, final int chunk,
        final long root0, final long root1, final long root2, final long root3)
    {
        final long first = (long)ctx.globalIdX() * chunk;
        if (first >= count)
        {
            return;
        }
        final long[] root = {root0, root1, root2, root3};
        final long[] x = {ONE_0, ONE_1, ONE_2, ONE_3};
        for (int bit = 63 - Long.numberOfLeadingZeros(Math.max(first, 1)); bit >= 0; bit--)
        {
            Fr.square(x, 0, x, 0);
            if (((first >>> bit) & 1) != 0)
            {
                Fr.mul(x, 0, x, 0, root, 0);
            }
        }
        final long end = Math.min(first + chunk, count);
        for (long e = first; e < end; e++)
        {
            for (int k = 0; k < L; k++)
            {
                table.set(e * L + k, x[k]);
            }
            Fr.mul(x, 0, x, 0, root, 0);
        }
    }
}
