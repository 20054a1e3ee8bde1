package io.jprove.engine.daemon;

import io.jprove.engine.groth16.StepTimes;

/**
 * The daemon's one coupling to the proving code: prove partition i of a job. The daemon's workers each own one
 * prover (one proof at a time, on one device whose backend and prepared keys it may share with other workers); they
 * call {@link #prove} for one partition, journal the result, and look at the job again before asking for the next,
 * so that cancel and priorities act at partition boundaries.
 * <p>
 * An implementation proves partition {@code partition} of {@code spec} and returns it only after it verified; it
 * throws with a one-line message for anything that makes the job fail (a witness that does not satisfy the circuit,
 * a key that does not fit, a malformed file). The same (spec, partition) must prove the same statement every time,
 * because a partition that was running when the daemon died is proved again after the restart. Keys come from the
 * daemon's {@link KeyCache}, shared by all workers.
 */
public interface PartitionProver extends AutoCloseable
{
    /** A partition's proof and public inputs. @param proof 192 bytes @param publicInputs 32 bytes per input */
    record PartitionProof(byte[] proof, byte[] publicInputs)
    {
    }

    /** Makes the prover of one worker (a daemon's own are {@link DevicePartitionProver}s). */
    @FunctionalInterface
    interface Factory
    {
        /** @param keys the daemon's resident keys, shared by every worker. */
        PartitionProver create(int worker, KeyCache keys);
    }

    /** @return what it proves on, for /status ("cpu:0", "cuda:1"). */
    String device();

    /**
     * @return whether its worker should take no more partitions: its device can prove nothing more in this process
     *         and another worker's device still can, so the partitions go there instead of failing here.
     */
    default boolean retired()
    {
        return false;
    }

    /**
     * Proves one partition and verifies the proof.
     *
     * @param job   the job id, for the timeline.
     * @param times receives the steps' durations (and writes them to the daemon's timeline).
     */
    PartitionProof prove(long job, JobSpec spec, int partition, StepTimes times);

    /** The worker has stopped: releases what the prover holds (its share of the device). */
    @Override
    void close();
}
