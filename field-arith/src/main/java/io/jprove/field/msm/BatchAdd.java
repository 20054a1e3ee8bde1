package io.jprove.field.msm;

import java.lang.foreign.MemorySegment;
import java.util.BitSet;

import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/**
 * The sum of the points a bitmap selects, for G1 and G2: the part of Groth16's MSMs whose scalars are 1 (about 98 %
 * of a PoRep witness's are 0 or 1).
 * <p>
 * Each task gathers the selected points of a range of {@value #CHUNK} indices and adds them pairwise in a tree, one
 * {@link AffineBatch} per level (6M per addition, one inversion per level), down to {@value #LEAF} points, which go
 * into the worker's XYZZ accumulator. Ranges are spread over platform threads as {@link Msm} does (confined vectors:
 * the calling thread only).
 */
public final class BatchAdd
{
    /** Point indices per task. */
    static final int CHUNK = 1 << 13;
    /** Points left when the tree stops: a level this small would spend more on its inversion than it saves. */
    static final int LEAF = 16;

    private BatchAdd()
    {
    }

    /**
     * @param select the points to add (bit i selects point i), or null for all; bits at or past the size are an
     *               error.
     * @param threads worker threads, at least 1.
     * @return Σ over the selected points, affine ({@link G1#AFFINE_LIMBS} limbs, all-zero for infinity).
     */
    public static long[] g1(final G1AffineVector points, final BitSet select, final int threads)
    {
        final long[] r = new long[G1.AFFINE_LIMBS];
        sum(MsmGroup.G1_GROUP, points.segment(), select, threads, r);
        return r;
    }

    /** As {@link #g1}, over G2 ({@link G2#AFFINE_LIMBS} limbs). */
    public static long[] g2(final G2AffineVector points, final BitSet select, final int threads)
    {
        final long[] r = new long[G2.AFFINE_LIMBS];
        sum(MsmGroup.G2_GROUP, points.segment(), select, threads, r);
        return r;
    }

    static void sum(final MsmGroup g, final MemorySegment points, final BitSet select, final int requestedThreads,
        final long[] result)
    {
        if (requestedThreads < 1)
        {
            throw new IllegalArgumentException("threads must be at least 1, got " + requestedThreads);
        }
        final long count = points.byteSize() / ((long)g.affineLimbs() * Long.BYTES);
        if (count > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(g + " batch-add of " + count + " points exceeds the CPU limit");
        }
        final int n = (int)count;
        if (select != null && select.length() > n)
        {
            throw new IllegalArgumentException(g + " batch-add: bit " + (select.length() - 1) + " selects a point past "
                + "the " + n + " given");
        }
        final int threads = Parallel.sharable(points) ? requestedThreads : 1;
        final int tasks = (n + CHUNK - 1) / CHUNK;
        final int workers = Math.max(1, Math.min(threads, tasks));
        final long[][] accumulators = new long[workers][g.xyzzLimbs()];
        final Tree[] trees = new Tree[workers];
        Parallel.run(threads, tasks, (worker, task) ->
        {
            if (trees[worker] == null)
            {
                trees[worker] = new Tree(g);
            }
            trees[worker].add(points, select, task * CHUNK, Math.min(n, (task + 1) * CHUNK), accumulators[worker]);
        });
        final long[] t = g.newScratch();
        for (int w = 1; w < workers; w++)
        {
            g.add(accumulators[0], 0, accumulators[0], 0, accumulators[w], 0, t);
        }
        g.toAffine(result, 0, accumulators[0], 0);
    }

    /** One worker's gather buffer and batch. */
    private static final class Tree
    {
        private final MsmGroup g;
        private final int al;
        private final long[] buf;
        private final AffineBatch batch;
        private final long[] scratch;

        Tree(final MsmGroup g)
        {
            this.g = g;
            this.al = g.affineLimbs();
            this.buf = new long[CHUNK * al];
            this.batch = new AffineBatch(g, CHUNK / 2);
            this.scratch = g.newScratch();
        }

        /** Adds the selected points among [lo, hi) into the XYZZ accumulator {@code acc}. */
        void add(final MemorySegment points, final BitSet select, final int lo, final int hi, final long[] acc)
        {
            int m = 0;
            for (int i = select == null ? lo : select.nextSetBit(lo); i >= 0 && i < hi;
                i = select == null ? i + 1 : select.nextSetBit(i + 1))
            {
                g.load(points, i, buf, m * al);
                if (!g.isInfinity(buf, m * al))
                {
                    m++;
                }
            }
            final long[] second = batch.second();
            while (m > LEAF)
            {
                final int pairs = m >>> 1;
                for (int j = 0; j < pairs; j++)
                {
                    System.arraycopy(buf, (2 * j + 1) * al, second, batch.nextSlot(), al);
                    batch.commit(2 * j * al);
                }
                batch.flush(buf);
                for (int j = 1; j < pairs; j++)
                {
                    System.arraycopy(buf, 2 * j * al, buf, j * al, al);
                }
                if ((m & 1) != 0)
                {
                    System.arraycopy(buf, (m - 1) * al, buf, pairs * al, al);
                }
                m = pairs + (m & 1);
            }
            for (int j = 0; j < m; j++)
            {
                g.addMixed(acc, 0, acc, 0, buf, j * al, scratch);
            }
        }
    }
}
