package io.jprove.kernels.ntt;

import java.util.ArrayList;
import java.util.List;

/**
 * How a 2^logSize point transform splits into passes over global memory: ⌈logSize / 9⌉ passes of three to nine
 * stages, as even as possible (8 + 8 + 8 at 2^24, 9 + 9 + 9 at 2^27), each run by work-groups of the variant's
 * elements (4,096 for the default: 128 KiB of shared memory, 512 work-items).
 *
 * @param logSize             log₂ of the transform size, at least 3.
 * @param passes              the passes in decimation-in-frequency order (a decimation-in-time transform runs them
 *                            backwards).
 * @param variant             elements per work-item and per work-group.
 */
public record NttPlan(int logSize, List<Pass> passes, NttVariant variant)
{
    /** Most stages in one pass: three radix-8 rounds. */
    public static final int MAX_STAGES = 9;

    /**
     * One pass.
     *
     * @param firstStage  its first stage.
     * @param stages      how many, 3 to 9 (at least the variant's bits).
     * @param logColumns  log₂ of the groups of 2^stages elements per work-group.
     * @param localSize   work-items per work-group.
     * @param groups      work-groups.
     * @param sharedBytes dynamic shared memory per work-group (0 for one round).
     */
    public record Pass(int firstStage, int stages, int logColumns, int localSize, int groups, int sharedBytes)
    {
    }

    /**
     * @param logSize 3 to 30.
     * @return the default plan.
     */
    public static NttPlan of(final int logSize)
    {
        return of(logSize, NttVariant.DEFAULT);
    }

    /**
     * @param logSize 3 to 30.
     * @param variant elements per work-item and per work-group.
     * @return the plan.
     */
    public static NttPlan of(final int logSize, final NttVariant variant)
    {
        if (logSize < 3 || logSize > 30)
        {
            throw new IllegalArgumentException("a pass plan needs 3 to 30 stages, not " + logSize);
        }
        final int count = (logSize + MAX_STAGES - 1) / MAX_STAGES;
        final List<Pass> passes = new ArrayList<>(count);
        int first = 0;
        for (int p = 0; p < count; p++)
        {
            final int stages = logSize / count + (p < logSize % count ? 1 : 0);
            final int logColumns = Math.max(0, Math.min(variant.logElements() - stages, logSize - stages));
            final int localSize = 1 << Math.max(0, stages + logColumns - variant.bits());
            final int groups = 1 << (logSize - stages - logColumns);
            final int rounds = (stages + variant.bits() - 1) / variant.bits();
            // The limb planes sit 2^logElements apart whatever the pass uses (a compile-time stride in the kernel);
            // a staged variant's twiddle planes follow the data's.
            final int planes = (1 << variant.logElements()) * NttKernels.L * Long.BYTES;
            final int sharedBytes = variant.staged() ? 2 * planes : rounds > 1 ? planes : 0;
            passes.add(new Pass(first, stages, logColumns, localSize, groups, sharedBytes));
            first += stages;
        }
        return new NttPlan(logSize, List.copyOf(passes), variant);
    }
}
