package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.BitSet;

import io.jprove.field.Fr;
import io.jprove.field.Limbs;

/**
 * Pippenger's bucket method (Bernstein et al., "Faster batch forgery identification", §4; the signed-digit variant
 * of gnark-crypto's {@code multiexp.go}), written once over an {@link MsmGroup}:
 * <ol>
 *   <li>convert the scalars out of Montgomery form and split them into signed c-bit digits ({@link SignedDigits}),
 *   in parallel over scalar ranges;</li>
 *   <li>for every (window, scalar range) task, add each point into the bucket of its digit's magnitude (negated for
 *   a negative digit) by batch-affine additions with a shared inversion ({@link AffineBatch}), then sum the buckets
 *   as Σ j·B_j with two running sums in XYZZ;</li>
 *   <li>combine the windows from the top by c doublings and one addition each.</li>
 * </ol>
 * For G1 and G2, where the cost model says it pays (small and middle sizes), the scalars are first split by GLV
 * ({@link Glv}) into two 128-bit halves, the second paired with a copy of the points under the endomorphism φ: twice
 * the points, half the windows, so half the bucket sums and room for a wider window.
 * Tasks run on {@link Parallel}; a window is split into point ranges only when there are fewer windows than a few
 * per thread. Density follows bellperson's {@code multiexp}: scalar i consumes the next base only when bit i is set.
 * <p>
 * Memory: the digits take 2W bytes per scalar (38 B at c = 14), so 2^27 scalars would need about 5 GiB; buckets
 * take (affine + XYZZ) 2^(c−1) points per worker.
 */
final class Pippenger
{
    /**
     * Cost of summing one bucket (an XYZZ mixed and a full addition, 10M + 14M) against accumulating one point (a
     * batch-affine addition, 6M).
     */
    private static final double BUCKET_SUM_COST = 4.0;
    /** The same in batch-affine form (two batch-affine additions and their share of an inversion). */
    private static final double AFFINE_BUCKET_SUM_COST = 2.2;
    /**
     * Additions sharing one inversion: an Fq inversion costs about 130 multiplications here (BigInteger), so 1024
     * make it 0.13M per addition; busy buckets wait in a queue, so a large batch costs no XYZZ fallbacks.
     */
    private static final int MAX_BATCH = 1024;
    /** Scalars per digit-conversion task. */
    private static final int DIGIT_CHUNK = 1 << 14;
    /** Bucket sums in batch-affine form need enough buckets for their segments to share an inversion. */
    private static final int MIN_AFFINE_SUM_BUCKETS = 256;
    /** Segments of a batch-affine bucket sum: additions per shared inversion. */
    private static final int MIN_SUM_SEGMENTS = 16;
    private static final int MAX_SUM_SEGMENTS = 128;
    /** φ(P) costs one multiplication, about a sixth of a batch-affine addition, and its copy a little more. */
    private static final double ENDOMORPHISM_COST = 0.3;
    /** The largest MSM split by GLV: its copy of the φ(Pᵢ) is a heap array as large as the bases. */
    private static final long GLV_MAX_POINTS = 1L << 22;

    private Pippenger()
    {
    }

    /**
     * Σ sᵢ·Pᵢ into affine {@code result[ro ..)}.
     *
     * @param points  affine points, {@link MsmGroup#affineLimbs()} limbs each (the off-heap vector layout).
     * @param scalars Fr elements in Montgomery form, 32 bytes each.
     * @param density null for "scalar i pairs with point i"; otherwise scalar i pairs with the next point only when
     *                bit i is set, and the number of set bits below {@code scalarCount} must equal the point count.
     * @param threads worker threads, at least 1; segments of a confined arena are read on the calling thread only.
     */
    static void msm(final MsmGroup g, final MemorySegment points, final MemorySegment scalars,
        final BitSet density, final int requestedThreads, final long[] result, final int ro)
    {
        msm(g, points, scalars, density, requestedThreads, 0, null, result, ro);
    }

    /**
     * As above with the window width forced to {@code forcedC} (1 … 16) unless it is 0, and the GLV split forced on
     * or off unless {@code forcedGlv} is null; for tests.
     */
    static void msm(final MsmGroup g, final MemorySegment points, final MemorySegment scalars,
        final BitSet density, final int requestedThreads, final int forcedC, final Boolean forcedGlv,
        final long[] result, final int ro)
    {
        if (requestedThreads < 1)
        {
            throw new IllegalArgumentException("threads must be at least 1, got " + requestedThreads);
        }
        final int threads = Parallel.sharable(points, scalars) ? requestedThreads : 1;
        final long pointCount = points.byteSize() / ((long)g.affineLimbs() * Long.BYTES);
        final long scalarCount = scalars.byteSize() / Fr.BYTES;
        if (scalarCount > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(g + " MSM of " + scalarCount + " scalars exceeds the CPU limit of "
                + Integer.MAX_VALUE);
        }
        final int n = (int)scalarCount;
        final int[] baseIndex = density == null ? null : baseIndices(density, n);
        final long selected = density == null ? n : density.get(0, n).cardinality();
        if (selected != pointCount)
        {
            throw new IllegalArgumentException(g + " MSM: " + pointCount + " points for " + selected
                + (density == null ? " scalars" : " scalars whose density bit is set (of " + n + ")"));
        }
        Arrays.fill(result, ro, ro + g.affineLimbs(), 0L);
        if (n == 0)
        {
            return;
        }
        final boolean glv = useGlv(g, selected, forcedGlv);
        final int bits = glv ? Glv.HALF_BITS : 255;
        final long virtualPoints = glv ? 2 * selected : selected;
        final int c = forcedC > 0 ? forcedC : windowBits(virtualPoints, bits);
        final int windows = SignedDigits.windows(c, bits);
        final short[][] digits = digits(scalars, n, c, windows, baseIndex, glv, threads);
        final long[] endo = glv ? endomorphisms(g, points, (int)pointCount, threads) : null;
        final int span = glv ? 2 * n : n;
        final int splits = splits(span, c, windows, threads);
        final int xl = g.xyzzLimbs();
        final long[] partial = new long[windows * splits * xl];
        final Workspace[] workspaces = new Workspace[Math.min(threads, windows * splits)];
        Parallel.run(threads, windows * splits, (worker, task) ->
        {
            if (workspaces[worker] == null)
            {
                workspaces[worker] = new Workspace(g, c);
            }
            final int w = task / splits;
            final int s = task % splits;
            final int lo = (int)((long)span * s / splits);
            final int hi = (int)((long)span * (s + 1) / splits);
            window(g, new Source(points, endo, n, baseIndex), digits[w], lo, hi, workspaces[worker], partial,
                task * xl);
        });
        final long[] t = g.newScratch();
        final long[] acc = new long[xl];
        for (int w = windows - 1; w >= 0; w--)
        {
            for (int k = 0; k < c && w < windows - 1; k++)
            {
                g.dbl(acc, 0, acc, 0, t);
            }
            for (int s = 0; s < splits; s++)
            {
                g.add(acc, 0, acc, 0, partial, (w * splits + s) * xl, t);
            }
        }
        g.toAffine(result, ro, acc, 0);
    }

    /** @return for each scalar the index of its point, or −1 when its density bit is clear. */
    private static int[] baseIndices(final BitSet density, final int n)
    {
        final int[] index = new int[n];
        int next = 0;
        for (int i = 0; i < n; i++)
        {
            index[i] = density.get(i) ? next++ : -1;
        }
        return index;
    }

    /**
     * The window width c minimising W(c)·(m + 2^(c−1)·{@value #BUCKET_SUM_COST}): m bucket additions and the
     * running sums over 2^(c−1) buckets, per window, for 255-bit scalars ({@value #AFFINE_BUCKET_SUM_COST} in place of
     * {@value #BUCKET_SUM_COST} where the sums run batch-affine).
     */
    static int windowBits(final long selected)
    {
        return windowBits(selected, 255);
    }

    /** {@link #windowBits(long)} for m points whose scalars are below 2^bits. */
    static int windowBits(final long points, final int bits)
    {
        int best = 1;
        double bestCost = Double.MAX_VALUE;
        for (int c = 1; c <= SignedDigits.MAX_WINDOW_BITS; c++)
        {
            final double cost = cost(points, bits, c);
            if (cost < bestCost)
            {
                bestCost = cost;
                best = c;
            }
        }
        return best;
    }

    private static double cost(final long points, final int bits, final int c)
    {
        final long buckets = 1L << (c - 1);
        final double sum = buckets >= MIN_AFFINE_SUM_BUCKETS ? AFFINE_BUCKET_SUM_COST : BUCKET_SUM_COST;
        return SignedDigits.windows(c, bits) * (points + sum * buckets);
    }

    /**
     * @return whether to split the scalars by GLV ({@link Glv}): when the group has the endomorphism, the copy of
     *         φ(Pᵢ) stays within {@value #GLV_MAX_POINTS} points, and the model's cost of 2m points with 128-bit
     *         scalars plus the copy ({@value #ENDOMORPHISM_COST} of an addition per point) is below that of m points
     *         with 255-bit scalars.
     */
    static boolean useGlv(final MsmGroup g, final long selected, final Boolean forced)
    {
        if (forced != null)
        {
            return forced && g.hasEndomorphism();
        }
        if (!g.hasEndomorphism() || selected > GLV_MAX_POINTS || selected < 2)
        {
            return false;
        }
        final double split = cost(2 * selected, Glv.HALF_BITS, windowBits(2 * selected, Glv.HALF_BITS))
            + ENDOMORPHISM_COST * selected;
        return split < cost(selected, 255, windowBits(selected, 255));
    }

    /** @return φ(Pᵢ) for every point, affine, in one heap array (the points' layout). */
    private static long[] endomorphisms(final MsmGroup g, final MemorySegment points, final int count,
        final int threads)
    {
        final int al = g.affineLimbs();
        final long[] endo = new long[count * al];
        final int chunks = (count + DIGIT_CHUNK - 1) / DIGIT_CHUNK;
        Parallel.run(threads, chunks, (worker, chunk) ->
        {
            final int end = Math.min(count, (chunk + 1) * DIGIT_CHUNK);
            for (int i = chunk * DIGIT_CHUNK; i < end; i++)
            {
                g.load(points, i, endo, i * al);
                g.endomorphism(endo, i * al);
            }
        });
        return endo;
    }

    /** @return point ranges per window: enough tasks for about four per thread, each range well above 2^c. */
    private static int splits(final int n, final int c, final int windows, final int threads)
    {
        final int wanted = Math.max(1, (4 * threads + windows - 1) / windows);
        final int byWork = Math.max(1, n / (8 << c));
        return Math.min(threads == 1 ? 1 : wanted, byWork);
    }

    /**
     * @return digits[w][i] of scalar i in window w; with GLV, digits[w][i] of k₁ and digits[w][n + i] of k₂ (the
     *         point φ(Pᵢ)). Scalars without a base keep all-zero digits.
     */
    private static short[][] digits(final MemorySegment scalars, final int n, final int c, final int windows,
        final int[] baseIndex, final boolean glv, final int threads)
    {
        final short[][] digits = new short[windows][glv ? 2 * n : n];
        final int chunks = (n + DIGIT_CHUNK - 1) / DIGIT_CHUNK;
        Parallel.run(threads, chunks, (worker, chunk) ->
        {
            final long[] k = new long[Fr.LIMBS];
            final long[] halves = new long[4];
            final long[] half = new long[Fr.LIMBS];
            final long[] acc = new long[3];
            final int end = Math.min(n, (chunk + 1) * DIGIT_CHUNK);
            for (int i = chunk * DIGIT_CHUNK; i < end; i++)
            {
                if (baseIndex != null && baseIndex[i] < 0)
                {
                    continue;
                }
                SignedDigits.loadCanonical(scalars, i, k);
                if (!glv)
                {
                    SignedDigits.decompose(k, c, digits, i);
                    continue;
                }
                Glv.decompose(k, halves, 0, acc);
                half[0] = halves[0];
                half[1] = halves[1];
                SignedDigits.decompose(half, c, digits, i);
                half[0] = halves[2];
                half[1] = halves[3];
                SignedDigits.decompose(half, c, digits, n + i);
            }
        });
        return digits;
    }

    /** One task: points [lo, hi) of one window into the buckets, then Σ j·B_j into {@code out[oo ..)} (XYZZ). */
    private static void window(final MsmGroup g, final Source source, final short[] digits, final int lo,
        final int hi, final Workspace ws, final long[] out, final int oo)
    {
        ws.accumulate(source, digits, lo, hi);
        ws.sumBuckets(out, oo);
    }

    /**
     * The MSM's points by digit index: below n the base paired with scalar i (through the density's index), from n
     * on (GLV) its image φ(P) from the heap copy.
     */
    private record Source(MemorySegment points, long[] endo, int n, int[] baseIndex)
    {
        /** Copies the point of digit index j into {@code dst[off ..)}. */
        void load(final MsmGroup g, final int j, final long[] dst, final int off)
        {
            if (j < n)
            {
                g.load(points, baseIndex == null ? j : baseIndex[j], dst, off);
            }
            else
            {
                final int al = g.affineLimbs();
                final int i = baseIndex == null ? j - n : baseIndex[j - n];
                System.arraycopy(endo, i * al, dst, off, al);
            }
        }
    }

    /**
     * One worker's buckets and scratch, reused across its tasks. Buckets are affine and fed through an
     * {@link AffineBatch}; a point whose bucket already waits in the current batch is queued for the next batch,
     * and only when the queue is full (or a final drain makes little progress) does it go into the bucket's XYZZ
     * overflow instead (8M + 2S rather than 6M).
     */
    private static final class Workspace
    {
        /** A final drain pass placing fewer queued points than this spends an inversion on too few additions. */
        private static final int MIN_DRAIN = 16;

        private final MsmGroup g;
        private final int al;
        private final int xl;
        private final int fl;
        private final int buckets;
        private final long[] affine;
        private final long[] overflow;
        private final int[] stamp;
        private final AffineBatch batch;
        private final int[] queue;
        private final long[] scratch;
        private final long[] point;
        private final long[] running;
        private final long[] sum;
        /** Segments of the batch-affine bucket sum (0 where the buckets are too few for it), and their R and S. */
        private final int segments;
        private final long[] segmentRunning;
        private final long[] segmentSum;
        private final long[] total;
        private Source source;
        private short[] digits;
        private int generation;
        private int queued;

        Workspace(final MsmGroup g, final int c)
        {
            this.g = g;
            al = g.affineLimbs();
            xl = g.xyzzLimbs();
            fl = g.fieldLimbs();
            buckets = 1 << (c - 1);
            affine = new long[buckets * al];
            overflow = new long[buckets * xl];
            stamp = new int[buckets];
            final int capacity = Math.max(1, Math.min(MAX_BATCH, buckets / 4));
            batch = new AffineBatch(g, capacity);
            queue = new int[capacity];
            scratch = g.newScratch();
            point = new long[al];
            running = new long[xl];
            sum = new long[xl];
            segments = buckets >= MIN_AFFINE_SUM_BUCKETS
                ? Math.min(MAX_SUM_SEGMENTS, Math.max(MIN_SUM_SEGMENTS, buckets / 16)) : 0;
            segmentRunning = new long[segments * al];
            segmentSum = new long[segments * al];
            total = new long[xl];
        }

        void accumulate(final Source source, final short[] digits, final int lo, final int hi)
        {
            this.source = source;
            this.digits = digits;
            Arrays.fill(affine, 0L);
            Arrays.fill(overflow, 0L);
            Arrays.fill(stamp, 0);
            generation = 1;
            queued = 0;
            for (int i = lo; i < hi; i++)
            {
                if (digits[i] == 0 || offer(i))
                {
                    continue;
                }
                if (queued < queue.length)
                {
                    queue[queued++] = i;
                }
                else
                {
                    toOverflow(i);
                }
            }
            while (!batch.isEmpty() || queued > 0)
            {
                final int before = queued;
                flush();
                if (queued > 0 && before - queued < MIN_DRAIN)
                {
                    for (int q = 0; q < queued; q++)
                    {
                        toOverflow(queue[q]);
                    }
                    queued = 0;
                }
            }
        }

        /** @return false when the point's bucket is busy in this batch; otherwise it is added or queued in it. */
        private boolean offer(final int i)
        {
            final int d = digits[i];
            final int b = (d < 0 ? -d : d) - 1;
            if (stamp[b] == generation)
            {
                return false;
            }
            final long[] second = batch.second();
            final int slot = batch.nextSlot();
            source.load(g, i, second, slot);
            if (d < 0)
            {
                g.field().neg(second, slot + fl, second, slot + fl);
            }
            if (g.isInfinity(affine, b * al))
            {
                System.arraycopy(second, slot, affine, b * al, al);
                return true;
            }
            stamp[b] = generation;
            batch.commit(b * al);
            if (batch.isFull())
            {
                flush();
            }
            return true;
        }

        /** Performs the batch, then moves queued points into the next one until it is full. */
        private void flush()
        {
            batch.flush(affine);
            generation++;
            int kept = 0;
            int q = 0;
            for (; q < queued && !batch.isFull(); q++)
            {
                final int i = queue[q];
                final int d = digits[i];
                if (stamp[(d < 0 ? -d : d) - 1] == generation)
                {
                    queue[kept++] = i;
                }
                else
                {
                    placeQueued(i);
                }
            }
            for (; q < queued; q++)
            {
                queue[kept++] = queue[q];
            }
            queued = kept;
        }

        /** {@link #offer} for a point known to fit, without the recursive flush (the caller stops when full). */
        private void placeQueued(final int i)
        {
            final int d = digits[i];
            final int b = (d < 0 ? -d : d) - 1;
            final long[] second = batch.second();
            final int slot = batch.nextSlot();
            source.load(g, i, second, slot);
            if (d < 0)
            {
                g.field().neg(second, slot + fl, second, slot + fl);
            }
            if (g.isInfinity(affine, b * al))
            {
                System.arraycopy(second, slot, affine, b * al, al);
                return;
            }
            stamp[b] = generation;
            batch.commit(b * al);
        }

        private void toOverflow(final int i)
        {
            final int d = digits[i];
            final int b = (d < 0 ? -d : d) - 1;
            source.load(g, i, point, 0);
            if (d < 0)
            {
                g.field().neg(point, fl, point, fl);
            }
            g.addMixed(overflow, b * xl, overflow, b * xl, point, 0, scratch);
        }

        /** Σ j·B_j over the buckets (affine plus overflow) into {@code out[oo ..)}, XYZZ. */
        void sumBuckets(final long[] out, final int oo)
        {
            if (segments > 0)
            {
                sumBucketsAffine(out, oo);
                return;
            }
            Arrays.fill(running, 0L);
            Arrays.fill(sum, 0L);
            for (int b = buckets - 1; b >= 0; b--)
            {
                g.addMixed(running, 0, running, 0, affine, b * al, scratch);
                g.add(running, 0, running, 0, overflow, b * xl, scratch);
                g.add(sum, 0, sum, 0, running, 0, scratch);
            }
            System.arraycopy(sum, 0, out, oo, xl);
        }

        /**
         * Σ j·B_j with the running sums in affine coordinates, batched: the buckets are cut into K segments of L, and
         * every segment keeps its own running sum R_s and sum S_s, so each step is K independent affine additions
         * sharing one inversion (two batches: R_s += B, then S_s += R_s), about 13M a bucket against 24M for the
         * XYZZ pair. Then Σ_b (b+1)·B_b = Σ_s S_s + L·Σ_s s·R_s, formed in XYZZ over the K segments.
         */
        private void sumBucketsAffine(final long[] out, final int oo)
        {
            mergeOverflow();
            final int k = segments;
            final int l = buckets / k;
            Arrays.fill(segmentRunning, 0L);
            Arrays.fill(segmentSum, 0L);
            final long[] second = batch.second();
            for (int t = l - 1; t >= 0; t--)
            {
                for (int seg = 0; seg < k; seg++)
                {
                    final int b = seg * l + t;
                    if (!g.isInfinity(affine, b * al))
                    {
                        System.arraycopy(affine, b * al, second, batch.nextSlot(), al);
                        batch.commit(seg * al);
                    }
                }
                batch.flush(segmentRunning);
                for (int seg = 0; seg < k; seg++)
                {
                    if (!g.isInfinity(segmentRunning, seg * al))
                    {
                        System.arraycopy(segmentRunning, seg * al, second, batch.nextSlot(), al);
                        batch.commit(seg * al);
                    }
                }
                batch.flush(segmentSum);
            }
            // Σ_s s·R_s by running sums from the top, then times L (a power of two)
            Arrays.fill(running, 0L);
            Arrays.fill(total, 0L);
            Arrays.fill(sum, 0L);
            for (int seg = k - 1; seg >= 1; seg--)
            {
                g.addMixed(running, 0, running, 0, segmentRunning, seg * al, scratch);
                g.add(total, 0, total, 0, running, 0, scratch);
            }
            for (int d = Integer.numberOfTrailingZeros(l); d > 0; d--)
            {
                g.dbl(total, 0, total, 0, scratch);
            }
            for (int seg = 0; seg < k; seg++)
            {
                g.addMixed(sum, 0, sum, 0, segmentSum, seg * al, scratch);
            }
            g.add(sum, 0, sum, 0, total, 0, scratch);
            System.arraycopy(sum, 0, out, oo, xl);
        }

        /** Folds each non-empty XYZZ overflow bucket into its affine bucket (one inversion each; they are few). */
        private void mergeOverflow()
        {
            for (int b = 0; b < buckets; b++)
            {
                if (Limbs.isZero(overflow, b * xl, xl))
                {
                    continue;
                }
                g.addMixed(overflow, b * xl, overflow, b * xl, affine, b * al, scratch);
                g.toAffine(affine, b * al, overflow, b * xl);
            }
        }
    }
}
