package io.jprove.kernels.msm;

/**
 * Which accumulation kernel an MSM runs ({@link GpuMsm#variant}): the bucket additions are about nine tenths of its
 * time, and whether more warps per multiprocessor outweigh a few spilled registers is for the device to say
 * ({@code jprove bench gpu-msm --variant}).
 */
public enum AccumulateVariant
{
    /** Two groups of 128 items per multiprocessor (the default): no spills over Fq. */
    TWO_GROUPS(""),
    /** Three groups per multiprocessor: 168 registers, a few spilled over Fq, many over Fq2. */
    THREE_GROUPS("Three");

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

    /**
     * @param name {@code two} or {@code three} (any case).
     * @return the variant.
     * @throws IllegalArgumentException for another name.
     */
    public static AccumulateVariant named(final String name)
    {
        return switch (name.toLowerCase(java.util.Locale.ROOT))
        {
            case "two" -> TWO_GROUPS;
            case "three" -> THREE_GROUPS;
            default -> throw new IllegalArgumentException("accumulation variant '" + name + "': expected two or three");
        };
    }
}
