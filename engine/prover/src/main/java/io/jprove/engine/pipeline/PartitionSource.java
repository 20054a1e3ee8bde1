package io.jprove.engine.pipeline;

import io.jprove.engine.r1cs.Circuit;

/**
 * The circuits of one job's partitions, one per index, all of one shape. Called from synthesis workers, one partition
 * per call and possibly several partitions at once on different threads: each call must return a circuit of its own
 * (circuits are not thread-safe).
 */
@FunctionalInterface
public interface PartitionSource
{
    /**
     * @param partition the index, from 0.
     * @return that partition's circuit with its witness.
     */
    Circuit circuit(int partition);
}
