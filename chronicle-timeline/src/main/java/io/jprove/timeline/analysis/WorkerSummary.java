package io.jprove.timeline.analysis;

/**
 * How busy one worker thread was over the whole timeline: a device worker's busy time is the union of its GPU
 * windows and its host stages (preparing keys, assembling, verifying), a synthesis worker's the union of its
 * SYNTH_START..SYNTH_END spans. On a CPU run this is the report's utilization of the host's threads, read the same
 * way as a GPU's kernel utilization.
 *
 * @param device     the device it serves, or -1 for a synthesis worker.
 * @param worker     its id.
 * @param label      "cpu:0 w1", "synthesis w0".
 * @param busyNs     the union of its work.
 * @param spanNs     the timeline's span (first to last event) it is measured against.
 * @param partitions partitions it worked on.
 */
public record WorkerSummary(int device, int worker, String label, long busyNs, long spanNs, int partitions)
{
    /** @return busy time over the span, 0 for an empty span. */
    public double utilization()
    {
        return spanNs == 0 ? 0 : (double)busyNs / spanNs;
    }
}
