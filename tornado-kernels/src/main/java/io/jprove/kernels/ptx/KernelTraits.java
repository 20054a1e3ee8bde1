package io.jprove.kernels.ptx;

/**
 * What running a compiled kernel needs beyond its arguments, found by the compiler and kept in the PTX's first lines
 * (so cached PTX carries it too).
 *
 * @param usesBarrier       whether any work-item may call {@code barrier()}: items of a group must run together.
 * @param usesWarp          whether it shuffles or votes: items of a warp must run together, in whole warps.
 * @param usesDynamicShared whether it reads the launch's dynamic shared memory.
 * @param maxLocalSize      its promised largest group ({@code .maxntid}), or 0.
 * @param minGroups         groups per multiprocessor asked for ({@code .minnctapersm}), or 0.
 */
public record KernelTraits(boolean usesBarrier, boolean usesWarp, boolean usesDynamicShared, int maxLocalSize,
    int minGroups)
{
    private static final String PREFIX = "// jprove-traits ";

    /** @return whether items must run together (cooperatively) on the CPU. */
    public boolean cooperative()
    {
        return usesBarrier || usesWarp;
    }

    /** @return the header line written into the PTX. */
    String headerLine()
    {
        return PREFIX + "barrier=" + (usesBarrier ? 1 : 0) + " warp=" + (usesWarp ? 1 : 0) + " dynamicShared="
            + (usesDynamicShared ? 1 : 0) + " maxLocalSize=" + maxLocalSize + " minGroups=" + minGroups;
    }

    /**
     * @param ptx a module written by {@link KernelCompiler}.
     * @return the traits in its header.
     * @throws IllegalArgumentException when the header is missing (PTX from another compiler version).
     */
    static KernelTraits parse(final String ptx)
    {
        for (final String line : ptx.split("\n", 8))
        {
            if (line.startsWith(PREFIX))
            {
                final java.util.Map<String, Integer> values = new java.util.HashMap<>();
                for (final String pair : line.substring(PREFIX.length()).trim().split(" "))
                {
                    final int eq = pair.indexOf('=');
                    values.put(pair.substring(0, eq), Integer.parseInt(pair.substring(eq + 1)));
                }
                return new KernelTraits(values.get("barrier") == 1, values.get("warp") == 1,
                    values.get("dynamicShared") == 1, values.get("maxLocalSize"), values.get("minGroups"));
            }
        }
        throw new IllegalArgumentException("PTX without a jprove-traits header");
    }
}
