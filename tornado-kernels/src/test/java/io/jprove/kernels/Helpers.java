package io.jprove.kernels;

/** Static helpers in another class, inlined into {@link ConformanceKernels}: several returns, nested calls. */
final class Helpers
{
    private Helpers()
    {
    }

    static long clamp(final long v, final long lo, final long hi)
    {
        if (v < lo)
        {
            return lo;
        }
        if (v > hi)
        {
            return hi;
        }
        return v;
    }

    static long sign(final long v)
    {
        return v == 0 ? 0 : v < 0 ? -1 : clamp(v, 1, 1);
    }
}
