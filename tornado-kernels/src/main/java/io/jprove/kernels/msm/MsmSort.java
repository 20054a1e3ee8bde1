package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceName;

import java.util.Locale;

/**
 * How a {@link GpuMsm} sorts its (bucket, point) pairs: {@link #ROUNDS}, round by round with the counts in shared
 * memory ({@link RoundSortKernels}), or {@link #ATOMIC}, all rounds at once with two global atomics per pair
 * ({@link SortKernels}). Both give the same offsets and the same pairs per key. ATOMIC is kept to be measured against
 * ROUNDS in one process (issue 26) and goes when the measurement has spoken; on the JVM executor, where every launch
 * of a kernel with barriers starts a virtual thread per work-item, ATOMIC's three launches beat ROUNDS' six per
 * round by 2–10× on the tests' small MSMs, so it is that executor's default.
 */
public enum MsmSort
{
    /** Round by round, counts in shared memory. */
    ROUNDS,
    /** All rounds at once, counts by global atomics. */
    ATOMIC;

    /** The system property that chooses the default: {@code rounds} or {@code atomic}. */
    public static final String PROPERTY = "jprove.msm.sort";

    /**
     * @param accelerator where the MSM runs.
     * @return the sort {@value #PROPERTY} names; by default {@link #ROUNDS} on a GPU, {@link #ATOMIC} on the JVM
     *         executor.
     */
    public static MsmSort configured(final Accelerator accelerator)
    {
        final String name = System.getProperty(PROPERTY);
        if (name != null)
        {
            return named(name);
        }
        return accelerator.device().startsWith(DeviceName.CUDA) ? ROUNDS : ATOMIC;
    }

    /**
     * @param name rounds or atomic (any case).
     * @return the sort.
     * @throws IllegalArgumentException for another name.
     */
    public static MsmSort named(final String name)
    {
        for (final MsmSort s : values())
        {
            if (s.name().equalsIgnoreCase(name.trim()))
            {
                return s;
            }
        }
        throw new IllegalArgumentException("no MSM sort '" + name + "': expected rounds or atomic");
    }

    /** @return the name options and output use. */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
