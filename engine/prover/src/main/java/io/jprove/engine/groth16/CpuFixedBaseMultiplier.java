package io.jprove.engine.groth16;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongConsumer;

import io.jprove.field.FrVector;

/** Fixed-base products on CPU threads, by {@link FixedBaseTable} (affine batch accumulation). */
public final class CpuFixedBaseMultiplier implements FixedBaseMultiplier
{
    private final ForkJoinPool pool;

    /**
     * @param threads worker threads, at least 1.
     */
    public CpuFixedBaseMultiplier(final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("fixed-base multiplication on " + threads + " threads");
        }
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public String device()
    {
        final int threads = pool.getParallelism();
        return "cpu (" + threads + " thread" + (threads == 1 ? ")" : "s)");
    }

    @Override
    public Products products(final GroupOps group, final long[] base, final long count)
    {
        final FixedBaseTable table = FixedBaseTable.build(group, base, count, pool);
        return new Products()
        {
            @Override
            public void multiply(final FrVector scalars, final MemorySegment out, final LongConsumer progress)
            {
                table.mulAll(scalars, 0, scalars.size(), out, pool, progress);
            }

            @Override
            public int window()
            {
                return table.window();
            }

            @Override
            public void close()
            {
                // the table is heap memory
            }
        };
    }

    @Override
    public void close()
    {
        pool.close();
    }
}
