package io.jprove.engine.pipeline;

/**
 * One device worker of a {@link Pipeline} as a status page shows it.
 *
 * @param device     the device it proves on ("cuda:0").
 * @param index      its index on that device (its timeline worker id).
 * @param job        the job of the partition it proves now, 0 when idle.
 * @param partition  that partition, -1 when idle.
 * @param discarding whether that partition's job has ended: the partition is dropped at its next step boundary.
 */
public record WorkerView(String device, int index, long job, int partition, boolean discarding)
{
}
