package io.jprove.engine.pipeline;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.ProvingKey;

/**
 * A job as the pipeline proves it, whoever submitted it: what a synthesis worker needs to turn any of its partitions
 * into a prover's inputs, what a device worker needs to prove them, and whether its partitions are still wanted.
 * The pipeline's own jobs ({@link Job}, from {@link Pipeline#submit}) and a daemon's are both this. Called from
 * synthesis and device workers, several at once.
 */
public interface ProofJob
{
    /** @return its id, as the timeline records it. */
    long id();

    /** @return its name, for messages. */
    String name();

    /**
     * @return its priority, higher first, on the scale of {@link Pipeline#PREEMPTING}: a partition of a job at or
     *         above it runs at the next step boundary of a lower job's partition on its device, inside it.
     */
    default int priority()
    {
        return 0;
    }

    /**
     * @return true once its partitions are to be dropped at their next boundary (cancelled, failed, ended), so that
     *         no partition of it starts synthesis or proving afterwards.
     */
    boolean isFinished();

    /**
     * @return the buffers one partition needs; may block the first time (a file read, a circuit counted).
     * @throws RuntimeException naming what could not be read: the partition fails with it.
     */
    BufferShape shape();

    /**
     * Synthesizes one partition into pooled buffers of {@link #shape()} and checks it: every constraint of a circuit,
     * so that a bad witness is named rather than proved.
     *
     * @param partition   the index, from 0.
     * @param buffers     where z, a, b, c go; the caller's until released.
     * @param spmvThreads threads for a recorded shape's sparse product.
     * @return the prover's view of the buffers.
     */
    PartitionInputs synthesize(int partition, PartitionBuffers buffers, int spmvThreads);

    /**
     * As {@link #synthesize(int, PartitionBuffers, int)}, for a device that may evaluate a, b, c itself.
     *
     * @param spmvOnDevice whether the device evaluates a, b, c from the circuit's matrices
     *                     ({@link io.jprove.engine.groth16.ProverBackend#spmvOnDevice()}): synthesis may then write
     *                     the witness alone and hand the matrices over ({@link PartitionInputs#matrices()}).
     */
    default PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads,
        final boolean spmvOnDevice)
    {
        return synthesize(partition, buffers, spmvThreads);
    }

    /**
     * @return the proving key; may block until it is loaded (a daemon loads it as the job is accepted).
     * @throws RuntimeException naming the key when it cannot be had: the partition fails with it.
     */
    ProvingKey key();

    /** @return the key as an error names it ("the params key /keys/x.params"). */
    default String keyName()
    {
        return "the key of job " + id() + " (" + name() + ")";
    }
}
