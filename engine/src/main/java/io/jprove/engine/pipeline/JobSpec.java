package io.jprove.engine.pipeline;

import io.jprove.engine.groth16.ProvingKey;

/**
 * What a caller submits: a proof of one or more partitions of one circuit shape under one key.
 *
 * @param name       for messages and reports ("porep-tiny sector 3").
 * @param priority   higher goes first; equal priorities go in submission order.
 * @param key        the proving key (bellperson's or snarkjs's reduction); owned by the caller, open while the job
 *                   runs.
 * @param shape      the partitions' shape.
 * @param partitions how many partitions, at least 1.
 * @param source     the partitions' circuits.
 * @param presynthesized whether the job's partitions wait, synthesized, until the last of them is, and then go to
 *                   the devices together: a measurement of the devices' side alone (the pipeline's overhead when
 *                   synthesis keeps up), which needs host memory for every partition at once.
 */
public record JobSpec(String name, int priority, ProvingKey key, CircuitShape shape, int partitions,
    PartitionSource source, boolean presynthesized)
{
    /** A job whose partitions go to a device as soon as each is synthesized. */
    public JobSpec(final String name, final int priority, final ProvingKey key, final CircuitShape shape,
        final int partitions, final PartitionSource source)
    {
        this(name, priority, key, shape, partitions, source, false);
    }

    /** Checks the partition count. */
    public JobSpec
    {
        if (partitions < 1)
        {
            throw new IllegalArgumentException("a job needs at least one partition, got " + partitions);
        }
    }
}
