package io.jprove.timeline.analysis;

import java.util.Arrays;

/**
 * Half-open intervals [start, end) in nanoseconds, as flat arrays {@code [s0, e0, s1, e1, …]}. A "merged" array is
 * sorted by start with no two intervals touching or overlapping; {@link #merge} makes one.
 */
public final class Intervals
{
    /** The empty interval set. */
    public static final long[] EMPTY = new long[0];

    private Intervals()
    {
    }

    /**
     * @param flat intervals in any order, possibly overlapping; empty or inverted ones are dropped.
     * @return their union, merged.
     */
    public static long[] merge(final long[] flat)
    {
        final int count = flat.length / 2;
        final long[][] pairs = new long[count][];
        int kept = 0;
        for (int i = 0; i < count; i++)
        {
            if (flat[2 * i + 1] > flat[2 * i])
            {
                pairs[kept++] = new long[] {flat[2 * i], flat[2 * i + 1]};
            }
        }
        Arrays.sort(pairs, 0, kept, (a, b) -> Long.compare(a[0], b[0]));
        final long[] out = new long[2 * kept];
        int n = 0;
        for (int i = 0; i < kept; i++)
        {
            if (n > 0 && pairs[i][0] <= out[n - 1])
            {
                out[n - 1] = Math.max(out[n - 1], pairs[i][1]);
            }
            else
            {
                out[n++] = pairs[i][0];
                out[n++] = pairs[i][1];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * @param merged a merged set.
     * @return its total length.
     */
    public static long length(final long[] merged)
    {
        long total = 0;
        for (int i = 0; i < merged.length; i += 2)
        {
            total += merged[i + 1] - merged[i];
        }
        return total;
    }

    /**
     * @param a a merged set.
     * @param b a merged set.
     * @return a ∩ b, merged.
     */
    public static long[] intersect(final long[] a, final long[] b)
    {
        final long[] out = new long[a.length + b.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length)
        {
            final long start = Math.max(a[i], b[j]);
            final long end = Math.min(a[i + 1], b[j + 1]);
            if (start < end)
            {
                out[n++] = start;
                out[n++] = end;
            }
            if (a[i + 1] < b[j + 1])
            {
                i += 2;
            }
            else
            {
                j += 2;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * @param a a merged set.
     * @param b a merged set.
     * @return a \ b, merged.
     */
    public static long[] subtract(final long[] a, final long[] b)
    {
        final long[] out = new long[a.length + b.length + 2];
        int n = 0;
        int j = 0;
        for (int i = 0; i < a.length; i += 2)
        {
            long start = a[i];
            final long end = a[i + 1];
            while (j < b.length && b[j + 1] <= start)
            {
                j += 2;
            }
            int k = j;
            while (k < b.length && b[k] < end)
            {
                if (b[k] > start)
                {
                    out[n++] = start;
                    out[n++] = b[k];
                }
                start = Math.max(start, b[k + 1]);
                k += 2;
            }
            if (start < end)
            {
                out[n++] = start;
                out[n++] = end;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * @param startNs start.
     * @param endNs   end.
     * @return the single interval, or the empty set when end ≤ start.
     */
    public static long[] of(final long startNs, final long endNs)
    {
        return endNs > startNs ? new long[] {startNs, endNs} : EMPTY;
    }

    /**
     * @param merged  a merged set.
     * @param startNs the window's start.
     * @param endNs   the window's end.
     * @return the length of merged ∩ [startNs, endNs), found by binary search.
     */
    public static long lengthWithin(final long[] merged, final long startNs, final long endNs)
    {
        int lo = 0;
        int hi = merged.length / 2;
        while (lo < hi)
        {
            final int mid = (lo + hi) >>> 1;
            if (merged[2 * mid + 1] <= startNs)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }
        long total = 0;
        for (int i = 2 * lo; i < merged.length && merged[i] < endNs; i += 2)
        {
            total += Math.min(merged[i + 1], endNs) - Math.max(merged[i], startNs);
        }
        return total;
    }
}
