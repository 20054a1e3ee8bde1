package io.jprove.timeline.analysis;

import java.util.List;

/**
 * A span in which no kernel ran on a device, with what bracketed it and what the host was doing meanwhile.
 *
 * @param startNs       where the gap begins (epoch ns).
 * @param endNs         where it ends.
 * @param before        the last event on the device that ended at or before the gap, or "" at the wall's start.
 * @param after         the first event on the device that began at or after the gap's end, or "".
 * @param activity      host stages, copies, synthesis and other work overlapping the gap, longest first.
 * @param pointEvents   point events stamped inside the gap (at most a few), in time order.
 */
public record IdleGap(long startNs, long endNs, String before, String after, List<Share> activity,
    List<String> pointEvents)
{
    /**
     * @return the gap's length.
     */
    public long lengthNs()
    {
        return endNs - startNs;
    }
}
