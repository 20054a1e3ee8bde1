package io.jprove.timeline.analysis;

import java.util.List;

/**
 * Where one device's time went.
 *
 * @param device              the device ordinal.
 * @param wallStartNs         the first moment any event on the device covers (epoch ns).
 * @param wallEndNs           the last.
 * @param kernelBusyNs        the union of device-measured kernel intervals.
 * @param copyBusyNs          the union of copy intervals.
 * @param copyKernelOverlapNs how much of the copy time overlapped kernels.
 * @param kernelCount         how many kernels.
 * @param copyCount           how many copies.
 * @param copyBytes           bytes copied.
 * @param idleNs              wall time with no kernel running.
 * @param largestGaps         the longest idle gaps, longest first.
 * @param label               its name: "cpu:0", "cuda:0", or "gpu" + ordinal when the timeline did not say.
 * @param description         what it is ("cpu, 2 threads", "NVIDIA H200"), or "".
 * @param hostMeasured        true for the CPU: its kernels are compute steps timed on the host, not on a GPU.
 */
public record DeviceSummary(
    int device,
    long wallStartNs,
    long wallEndNs,
    long kernelBusyNs,
    long copyBusyNs,
    long copyKernelOverlapNs,
    long kernelCount,
    long copyCount,
    long copyBytes,
    long idleNs,
    List<IdleGap> largestGaps,
    String label,
    String description,
    boolean hostMeasured)
{
    /**
     * @return the wall span.
     */
    public long wallNs()
    {
        return wallEndNs - wallStartNs;
    }

    /**
     * @return merged kernel time over wall time, 0 for an empty span.
     */
    public double utilization()
    {
        return wallNs() == 0 ? 0 : (double)kernelBusyNs / wallNs();
    }
}
