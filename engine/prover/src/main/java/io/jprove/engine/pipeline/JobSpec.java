package io.jprove.engine.pipeline;

import io.jprove.engine.groth16.ProvingKey;

/**
 * What a caller submits to a {@link Pipeline}: a proof of one or more partitions under one key.
 *
 * @param name           for messages and reports ("porep-tiny sector 3").
 * @param priority       higher goes first; equal priorities go in submission order.
 * @param key            the proving key (bellperson's or snarkjs's reduction); owned by the caller, open while the
 *                       job runs.
 * @param synthesis      how its partitions become the prover's inputs.
 * @param partitions     how many partitions, at least 1.
 * @param presynthesized whether the job's partitions wait, synthesized, until the last of them is, and then go to
 *                       the devices together: a measurement of the devices' side alone (the pipeline's overhead when
 *                       synthesis keeps up), which needs host memory for every partition at once.
 */
public record JobSpec(String name, int priority, ProvingKey key, Synthesis synthesis, int partitions,
    boolean presynthesized)
{
    /** A job of circuits whose partitions go to a device as soon as each is synthesized. */
    public JobSpec(final String name, final int priority, final ProvingKey key, final CircuitShape shape,
        final int partitions, final PartitionSource source)
    {
        this(name, priority, key, new CircuitSynthesis(shape, source), partitions, false);
    }

    /** A job of circuits, presynthesized or not. */
    public JobSpec(final String name, final int priority, final ProvingKey key, final CircuitShape shape,
        final int partitions, final PartitionSource source, final boolean presynthesized)
    {
        this(name, priority, key, new CircuitSynthesis(shape, source), partitions, presynthesized);
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
