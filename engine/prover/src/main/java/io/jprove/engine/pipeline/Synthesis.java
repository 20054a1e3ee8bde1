package io.jprove.engine.pipeline;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;

/**
 * How one job's partitions become a prover's inputs: a circuit synthesized per partition
 * ({@link CircuitSynthesis}, bellperson's reduction), or a circom witness mapped through a snarkjs zkey
 * ({@link ZkeySynthesis}). Called from synthesis workers, several partitions at once.
 */
public interface Synthesis
{
    /**
     * @return the buffers one partition needs.
     * @throws RuntimeException naming what could not be read.
     */
    BufferShape shape();

    /**
     * Writes partition {@code partition} into {@code buffers} and checks it.
     *
     * @param spmvThreads threads for a recorded shape's sparse product.
     * @return the prover's view of the buffers.
     */
    PartitionInputs synthesize(int partition, PartitionBuffers buffers, int spmvThreads);

    /**
     * As {@link #synthesize(int, PartitionBuffers, int)}, for a device that may evaluate a, b, c itself.
     *
     * @param spmvOnDevice whether the device evaluates a, b, c from the circuit's matrices: a recorded shape then
     *                     writes the witness alone and hands its matrices over ({@link PartitionInputs#matrices()}).
     */
    default PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads,
        final boolean spmvOnDevice)
    {
        return synthesize(partition, buffers, spmvThreads);
    }
}
