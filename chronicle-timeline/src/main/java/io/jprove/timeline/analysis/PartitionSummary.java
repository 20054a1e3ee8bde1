package io.jprove.timeline.analysis;

import java.util.List;

/**
 * One partition's GPU window (GPU_START to GPU_END) against the kernel time inside it.
 *
 * @param job            the job id.
 * @param partition      the partition index.
 * @param device         the device of its GPU_START.
 * @param worker         the worker of its GPU_START.
 * @param windowStartNs  GPU_START (epoch ns).
 * @param windowEndNs    GPU_END.
 * @param kernelNs       the union of this partition's kernels, clipped to the window.
 * @param deviceKernelNs the union of every kernel on the device inside the window (other partitions' too).
 * @param gapNs          window minus {@code kernelNs}: time the window claims but this partition's kernels did not
 *                       use.
 * @param gapBreakdown   what overlapped the gap, longest first; activities can overlap one another, so the shares
 *                       may add up to more than the gap.
 * @param unattributedNs the part of the gap that no recorded activity covers.
 * @param kernelBreakdown this partition's kernel time by kernel name (each name's union), longest first.
 * @param flagged        true when the gap exceeds the threshold's share of the window.
 */
public record PartitionSummary(
    long job,
    int partition,
    int device,
    int worker,
    long windowStartNs,
    long windowEndNs,
    long kernelNs,
    long deviceKernelNs,
    long gapNs,
    List<Share> gapBreakdown,
    long unattributedNs,
    List<Share> kernelBreakdown,
    boolean flagged)
{
    /**
     * @return the window's length.
     */
    public long windowNs()
    {
        return windowEndNs - windowStartNs;
    }

    /**
     * @return this partition's kernel time over its window.
     */
    public double utilization()
    {
        return windowNs() == 0 ? 0 : (double)kernelNs / windowNs();
    }
}
