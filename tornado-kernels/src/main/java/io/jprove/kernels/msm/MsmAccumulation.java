package io.jprove.kernels.msm;

import java.util.Locale;

/**
 * How a {@link GpuMsm} loads the points it adds into buckets ({@link BucketKernels}): {@link #PLAIN}, each pair's
 * point just before its addition, or {@link #PREFETCH}, the next pair's point before the current addition (G1 only:
 * the G2 kernel has no registers to spare). Kept to be measured against each other in one process (issue 26); the
 * loser goes.
 */
public enum MsmAccumulation
{
    /** Load, then add. */
    PLAIN,
    /** Load the next point, then add the current one. */
    PREFETCH;

    /** The system property that chooses the default: {@code prefetch} or {@code plain}. */
    public static final String PROPERTY = "jprove.msm.accumulation";

    /** @return the accumulation {@value #PROPERTY} names, {@link #PREFETCH} by default. */
    public static MsmAccumulation configured()
    {
        return named(System.getProperty(PROPERTY, "prefetch"));
    }

    /**
     * @param name plain or prefetch (any case).
     * @return the accumulation.
     * @throws IllegalArgumentException for another name.
     */
    public static MsmAccumulation named(final String name)
    {
        for (final MsmAccumulation a : values())
        {
            if (a.name().equalsIgnoreCase(name.trim()))
            {
                return a;
            }
        }
        throw new IllegalArgumentException("no MSM accumulation '" + name + "': expected plain or prefetch");
    }

    /** @return the {@link BucketKernels} kernel that accumulates points of this curve this way. */
    String kernel(final MsmCurve curve)
    {
        return this == PREFETCH && curve == MsmCurve.G1 ? "accumulateFqPrefetch" : curve.kernel("accumulate");
    }

    /** @return the name options and output use. */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
