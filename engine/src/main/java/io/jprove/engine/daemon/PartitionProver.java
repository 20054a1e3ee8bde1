package io.jprove.engine.daemon;

import io.jprove.engine.groth16.StepTimes;

/**
 * The daemon's one coupling to the proving code: prove partition i of a job. The daemon's workers each own one
 * prover (one backend, one proof at a time); they call {@link #prove} for one partition, journal the result, and
 * look at the job again before asking for the next, so that cancel and priorities act at partition boundaries.
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

    /** Makes the prover of one worker. */
    @FunctionalInterface
    interface Factory
    {
        /** @param keys the daemon's resident keys, shared by every worker. */
        PartitionProver create(int worker, KeyCache keys);
    }

    /** @return what it proves on, for /status ("cpu, 2 threads"). */
    String device();

    /**
     * Proves one partition and verifies the proof.
     *
     * @param job   the job id, for the timeline.
     * @param times receives the steps' durations (and writes them to the daemon's timeline).
     */
    PartitionProof prove(long job, JobSpec spec, int partition, StepTimes times);

    /** Releases the backend. */
    @Override
    void close();
}
