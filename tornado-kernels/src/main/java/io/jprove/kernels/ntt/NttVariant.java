package io.jprove.kernels.ntt;

import io.jprove.kernels.Accelerator;

/**
 * How a pass spreads its work: elements per work-item (2^bits, a radix-2^bits round between exchanges), elements per
 * work-group, and the kernels built for that (their launch bounds set the registers ptxas may use, and so how many
 * warps share a multiprocessor).
 *
 * @param name        for options and messages.
 * @param bits        log₂ of the elements per work-item.
 * @param logElements log₂ of the elements per work-group.
 * @param difKernel   the decimation-in-frequency pass kernel of {@link NttKernels}.
 * @param ditKernel   the decimation-in-time one.
 */
public record NttVariant(String name, int bits, int logElements, String difKernel, String ditKernel)
{
    /** Eight elements per item, 512 items per group, one group per multiprocessor (128 registers, 16 warps). */
    public static final NttVariant R8 = new NttVariant("r8", 3, 12, "difPass", "ditPass");
    /** Eight elements per item, 256 items per group, two groups per multiprocessor. */
    public static final NttVariant R8_PAIRED = new NttVariant("r8p", 3, 11, "difPassPaired", "ditPassPaired");
    /** Four elements per item, 256 items per group, three groups per multiprocessor (24 warps). */
    public static final NttVariant R4 = new NttVariant("r4", 2, 10, "difPass4", "ditPass4");
    /** Two elements per item, 256 items per group, four groups per multiprocessor (32 warps). */
    public static final NttVariant R2 = new NttVariant("r2", 1, 9, "difPass2", "ditPass2");

    /**
     * The default: the fastest H chain measured on the H200 (2^24 and 2^27, bellperson's reduction, against r4 and
     * r8 in the same run), and no slower than the others on forward transforms of 2^20 to 2^27.
     */
    public static final NttVariant DEFAULT = R2;

    /**
     * The variant an executor runs fastest: {@link #DEFAULT} on a GPU; {@link #R8} on the JVM executor, where every
     * work-item is a call of its own and fewer, larger items win (r2 is several times slower there).
     *
     * @param accelerator where the transforms run.
     * @return its variant.
     */
    public static NttVariant defaultFor(final Accelerator accelerator)
    {
        return accelerator.device().startsWith("cuda") ? DEFAULT : R8;
    }

    /**
     * @param name r8, r8p, r4 or r2.
     * @return the variant.
     */
    public static NttVariant named(final String name)
    {
        for (final NttVariant v : new NttVariant[] {R8, R8_PAIRED, R4, R2})
        {
            if (v.name.equals(name))
            {
                return v;
            }
        }
        throw new IllegalArgumentException("no NTT variant '" + name + "': expected r8, r8p, r4 or r2");
    }

    /** @return elements per work-item. */
    public int perItem()
    {
        return 1 << bits;
    }
}
