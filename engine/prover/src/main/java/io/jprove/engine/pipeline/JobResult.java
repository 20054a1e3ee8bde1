package io.jprove.engine.pipeline;

import java.util.List;

import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.StepTimes;

/**
 * A finished job: one self-verified proof per partition, in partition order, and each partition's public inputs.
 *
 * @param job          the job id.
 * @param name         the job's name.
 * @param proofs       the proofs, partition 0 first.
 * @param publicInputs per partition, its public inputs without ONE (Fr limbs back to back), as a verifier takes them.
 * @param devices      per partition, the device that proved it ("cpu:0").
 * @param steps        per partition, how long its steps took (synthesis, the backend's phases, assembly,
 *                     verification).
 */
public record JobResult(long job, String name, List<Proof> proofs, List<long[]> publicInputs, List<String> devices,
    List<StepTimes> steps)
{
    /** @return the multi-partition proof: every partition's 192 bytes, concatenated in order. */
    public byte[] bytes()
    {
        return Proof.concat(proofs);
    }
}
