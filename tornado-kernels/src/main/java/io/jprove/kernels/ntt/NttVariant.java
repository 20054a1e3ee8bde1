package io.jprove.kernels.ntt;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceName;

/**
 * How a pass spreads its work: elements per work-item (2^bits, a radix-2^bits round between exchanges), elements per
 * work-group, where its twiddles come from, and the kernels built for that (their launch bounds set the registers
 * ptxas may use, and so how many warps share a multiprocessor).
 *
 * @param name        for options and messages.
 * @param bits        log₂ of the elements per work-item.
 * @param logElements log₂ of the elements per work-group.
 * @param difKernel   the decimation-in-frequency pass kernel of {@link NttKernels}.
 * @param ditKernel   the decimation-in-time one.
 * @param staged      whether a pass first copies its twiddles into shared memory (twice the shared memory).
 */
public record NttVariant(String name, int bits, int logElements, String difKernel, String ditKernel, boolean staged)
{
    /**
     * Eight elements per item, 512 items per group, one group per multiprocessor (128 registers, 16 warps). Where it
     * wins: the JVM executor, where every work-item is a call of its own and fewer, larger items run several times
     * faster than two-element ones (measured against r2, whose items r2t shares).
     */
    public static final NttVariant R8 = new NttVariant("r8", 3, 12, "difPass", "ditPass", false);
    /**
     * Two elements per item, 256 items per group, four groups per multiprocessor (64 registers, 32 warps), each pass's
     * twiddles staged in shared memory first: one global latency per pass instead of one per stage. Where it wins:
     * the GPU. On the H200 (issue 26, median ms) forward transforms took 0.422 / 6.295 / 55.585 ms at 2^20 / 2^24 /
     * 2^27 against 0.559 / 6.328 / 55.342 ms for the same passes reading every stage's twiddle from the table (r2,
     * before it the fastest H chain measured: 40.5 / 364.0 ms at 2^24 / 2^27 against r8's 45.1 ms / over the time
     * limit), coset-inverse 6.988 / 60.923 ms against 7.054 / 60.829 ms at 2^24 / 2^27, and the H chain 41.07 ms
     * against 40.49 ms at 2^24: 25 % faster at 2^20, within 1.5 % above; r2, r4 and r8p (eight elements, two groups
     * per multiprocessor), which won nowhere, are gone.
     */
    public static final NttVariant R2T = new NttVariant("r2t", 1, 9, "difPass2t", "ditPass2t", true);

    /** The GPU's: {@link #R2T}. */
    public static final NttVariant DEFAULT = R2T;

    /** The system property that names the variant every executor takes by default (for measurements). */
    public static final String PROPERTY = "jprove.ntt.variant";

    /**
     * The variant an executor runs fastest: {@link #DEFAULT} on a GPU; {@link #R8} on the JVM executor, where every
     * work-item is a call of its own and fewer, larger items win (two-element items are several times slower there);
     * or the one {@value #PROPERTY} names.
     *
     * @param accelerator where the transforms run.
     * @return its variant.
     */
    public static NttVariant defaultFor(final Accelerator accelerator)
    {
        final String name = System.getProperty(PROPERTY);
        if (name != null)
        {
            return named(name);
        }
        return accelerator.device().startsWith(DeviceName.CUDA) ? DEFAULT : R8;
    }

    /**
     * @param name r8 or r2t.
     * @return the variant.
     */
    public static NttVariant named(final String name)
    {
        for (final NttVariant v : new NttVariant[] {R8, R2T})
        {
            if (v.name.equals(name))
            {
                return v;
            }
        }
        throw new IllegalArgumentException("no NTT variant '" + name + "': expected r8 or r2t");
    }

    /** @return elements per work-item. */
    public int perItem()
    {
        return 1 << bits;
    }
}
