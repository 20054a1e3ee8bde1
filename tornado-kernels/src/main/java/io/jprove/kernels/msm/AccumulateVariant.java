package io.jprove.kernels.msm;

/**
 * Which accumulation kernel an MSM runs ({@link GpuMsm#variant}): the bucket additions are about nine tenths of its
 * time, and whether more warps per multiprocessor outweigh a few spilled registers is for the device to say
 * ({@code jprove bench gpu-msm --variant}).
 */
public enum AccumulateVariant
{
    /** Two groups of 128 items per multiprocessor: 186 registers and no spills over Fq. */
    TWO_GROUPS(""),
    /** Three groups per multiprocessor: 168 registers, a few spilled over Fq (92 bytes), many over Fq2. */
    THREE_GROUPS("Three"),
    /**
     * The accumulator in shared memory, loaded where each coordinate is used ({@link SharedAccumulator}): fewer
     * registers for a round trip through shared memory per use; three groups per multiprocessor over Fq, two over Fq2.
     */
    SHARED("Shared");

    /**
     * The one {@link GpuMsm} starts with: the one measured on the H200 (G1 at 2^20 / 2^24 / 2^26 in 0.64 / 0.82 /
     * 0.86 of sppark's time, 1.91 G additions/s). By ptxas {@link #SHARED} fits the Fq accumulation in the registers
     * of three groups per multiprocessor without spilling and spills least over Fq2, but it has not run on a GPU yet:
     * {@code jprove bench gpu-msm --variant shared} against this one decides.
     */
    public static final AccumulateVariant DEFAULT = TWO_GROUPS;

    private final String suffix;

    AccumulateVariant(final String suffix)
    {
        this.suffix = suffix;
    }

    /** @return the variant's accumulation kernel for the group. */
    String kernel(final MsmCurve curve)
    {
        return curve.kernel("accumulate") + suffix;
    }

    /** @return dynamic shared memory a group of its kernel needs. */
    int sharedBytes(final MsmCurve curve)
    {
        return this == SHARED ? (int)(BucketKernels.LOCAL_SIZE * curve.xyzzBytes()) : 0;
    }

    /**
     * @param name {@code two}, {@code three} or {@code shared} (any case).
     * @return the variant.
     * @throws IllegalArgumentException for another name.
     */
    public static AccumulateVariant named(final String name)
    {
        return switch (name.toLowerCase(java.util.Locale.ROOT))
        {
            case "two" -> TWO_GROUPS;
            case "three" -> THREE_GROUPS;
            case "shared" -> SHARED;
            default -> throw new IllegalArgumentException("accumulation variant '" + name + "': expected two, three "
                + "or shared");
        };
    }
}
