package io.jprove.engine.groth16;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * Fixed-base scalar multiplication k·P for many k and one P (the setup's workhorse): a table of d·2^(c·w)·P for
 * every window w of c bits and digit d &lt; 2^c, so each product is at most ⌈255/c⌉ additions and no doublings. The
 * window c minimizes table building plus multiplications for the expected count, within a memory cap.
 * <p>
 * The products of a batch are accumulated in affine form, one window at a time for the whole batch, every addition of
 * a window pass sharing one inversion (Montgomery's trick): about 6 multiplications per addition against 11 for a
 * mixed Jacobian one, the first addition of each product a copy, and no conversion at the end.
 */
final class FixedBaseTable
{
    /** Largest table, in limbs (64 MiB). */
    private static final long MAX_TABLE_LIMBS = 1L << 23;
    /** Products converted to affine together (one inversion each batch). */
    private static final int BATCH = 512;
    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int SCALAR_BITS = 255;

    private final GroupOps ops;
    private final int window;
    private final int windows;
    private final int digits;
    private final long[] table;

    private FixedBaseTable(final GroupOps ops, final int window, final long[] table)
    {
        this.ops = ops;
        this.window = window;
        this.windows = (SCALAR_BITS + window - 1) / window;
        this.digits = (1 << window) - 1;
        this.table = table;
    }

    /**
     * @param base  the fixed point, affine, not infinity.
     * @param count about how many products will be taken (chooses the window).
     */
    static FixedBaseTable build(final GroupOps ops, final long[] base, final long count, final ForkJoinPool pool)
    {
        final int c = windowFor(ops, count);
        final int w = (SCALAR_BITS + c - 1) / c;
        final int d = (1 << c) - 1;
        final int al = ops.affineLimbs();
        final int jl = ops.jacobianLimbs();
        // window bases 2^(c·i)·P, affine, by doubling
        final long[] bases = new long[w * al];
        final long[] p = new long[jl];
        final long[] t = ops.newScratch();
        ops.toJacobian(p, 0, base, 0);
        for (int i = 0; i < w; i++)
        {
            ops.toAffine(bases, i * al, p, 0);
            for (int k = 0; k < c; k++)
            {
                ops.dbl(p, 0, p, 0, t);
            }
        }
        final long[] table = new long[w * d * al];
        ParallelChunks.submit(pool, () -> IntStream.range(0, w).parallel().forEach(i ->
        {
            final long[] jac = new long[d * jl];
            final long[] scratch = ops.newScratch();
            ops.toJacobian(jac, 0, bases, i * al);
            for (int j = 1; j < d; j++)
            {
                ops.addMixed(jac, j * jl, jac, (j - 1) * jl, bases, i * al, scratch);
            }
            ops.batchToAffine(table, i * d * al, jac, 0, d);
        }));
        return new FixedBaseTable(ops, c, table);
    }

    private static int windowFor(final GroupOps ops, final long count)
    {
        int best = 2;
        double bestCost = Double.MAX_VALUE;
        for (int c = 2; c <= 16; c++)
        {
            final int w = (SCALAR_BITS + c - 1) / c;
            if ((long)w * ((1L << c) - 1) * ops.affineLimbs() > MAX_TABLE_LIMBS)
            {
                break;
            }
            final double cost = (double)w * ((1L << c) + Math.max(1, count));
            if (cost < bestCost)
            {
                bestCost = cost;
                best = c;
            }
        }
        return best;
    }

    /**
     * Writes kᵢ·P, affine, for the scalars [first, first + count) into {@code out} (points back to back from byte
     * offset 0), in parallel on {@code pool}.
     *
     * @param progress told how many products each finished batch held.
     */
    void mulAll(final FrVector scalars, final long first, final long count, final MemorySegment out,
        final ForkJoinPool pool, final LongConsumer progress)
    {
        final int al = ops.affineLimbs();
        final long batches = (count + BATCH - 1) / BATCH;
        ParallelChunks.submit(pool, () -> LongStream.range(0, batches).parallel().forEach(batch ->
        {
            final long from = batch * BATCH;
            final int n = (int)Math.min(BATCH, count - from);
            final long[] k = new long[n * Fr.LIMBS];
            for (int i = 0; i < n; i++)
            {
                scalars.get(first + from + i, k, i * Fr.LIMBS);
                Fr.FIELD.toCanonical(k, i * Fr.LIMBS, k, i * Fr.LIMBS);
            }
            // acc starts at infinity (all zeros); each window adds its table point, or infinity for a zero digit
            final long[] acc = new long[n * al];
            final long[] terms = new long[n * al];
            for (int w = 0; w < windows; w++)
            {
                for (int i = 0; i < n; i++)
                {
                    final int digit = digit(k, i * Fr.LIMBS, w * window);
                    if (digit == 0)
                    {
                        java.util.Arrays.fill(terms, i * al, (i + 1) * al, 0L);
                    }
                    else
                    {
                        System.arraycopy(table, (w * digits + digit - 1) * al, terms, i * al, al);
                    }
                }
                ops.batchAddAffine(acc, 0, acc, 0, terms, 0, n);
            }
            MemorySegment.copy(acc, 0, out, LIMB, from * al * Long.BYTES, n * al);
            progress.accept(n);
        }));
    }

    /** @return c, the window's bits. */
    int window()
    {
        return window;
    }

    /** @return the {@code window} bits of the canonical scalar at {@code k[ko ..]} from bit {@code bit}. */
    private int digit(final long[] k, final int ko, final int bit)
    {
        final int limb = bit >>> 6;
        final int shift = bit & 63;
        long v = k[ko + limb] >>> shift;
        if (shift + window > 64 && limb + 1 < Fr.LIMBS)
        {
            v |= k[ko + limb + 1] << (64 - shift);
        }
        return (int)(v & ((1L << window) - 1));
    }
}
