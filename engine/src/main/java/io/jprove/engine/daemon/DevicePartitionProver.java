package io.jprove.engine.daemon;

import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.CpuProverBackend;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.Fr;

/**
 * Proves partitions with the CPU backend: {@link Groth16Prover} with bellperson's reduction for built-in and
 * circom-with-params jobs, and with snarkjs's (the zkey's witness map, {@link ZkeyWitnessMap}) for zkey jobs, on one
 * {@link CpuProverBackend}. The prover verifies every proof before returning it. One worker thread uses one
 * instance.
 */
public final class CpuPartitionProver implements PartitionProver
{
    private final CpuProverBackend backend;
    private final KeyCache keys;

    /** @param threads the backend's threads. */
    public CpuPartitionProver(final KeyCache keys, final int threads)
    {
        this.backend = new CpuProverBackend(threads);
        this.keys = keys;
    }

    @Override
    public String device()
    {
        return backend.description();
    }

    @Override
    public PartitionProof prove(final long job, final JobSpec spec, final int partition, final StepTimes times)
    {
        try (KeyCache.Lease key = keys.acquire(spec.key()))
        {
            return switch (spec)
            {
                case JobSpec.Builtin b -> bellperson(key, BuiltinPartitions.partition(b.name(), b.seed(), partition),
                    times);
                case JobSpec.Circom c ->
                {
                    try (CircomR1cs r1cs = CircomR1cs.open(c.r1cs()); CircomWitness w = CircomWitness.open(c.witness()))
                    {
                        yield bellperson(key, new CircomCircuit(r1cs, w), times);
                    }
                }
                case JobSpec.Zkey z ->
                {
                    try (CircomWitness w = CircomWitness.open(z.witness());
                         Groth16Prover prover = new Groth16Prover(key.zkey().provingKey(), backend);
                         java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared())
                    {
                        final PartitionInputs inputs = ZkeyWitnessMap.map(key.zkey(), w, arena);
                        final long[] publicSignals = Groth16Prover.publicInputs(inputs);
                        final Proof proof = prover.prove(inputs, times, null, "the proof for " + z.witness()
                            + " (a witness that does not satisfy the circuit fails here)");
                        yield new PartitionProof(proof.toBytes(), bytes(publicSignals));
                    }
                }
            };
        }
    }

    private PartitionProof bellperson(final KeyCache.Lease key, final Circuit circuit, final StepTimes times)
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(circuit))
        {
            final Proof proof;
            try (Groth16Prover prover = new Groth16Prover(key.params(), backend))
            {
                proof = prover.prove(inputs, times);
            }
            final Witness w = inputs.witness();
            final long[] limbs = new long[(w.numInputs() - 1) * Fr.LIMBS];
            for (int i = 1; i < w.numInputs(); i++)
            {
                w.inputs().get(i, limbs, (i - 1) * Fr.LIMBS);
            }
            return new PartitionProof(proof.toBytes(), bytes(limbs));
        }
    }

    /** @return Fr values (Montgomery limbs) as 32-byte canonical little-endian encodings. */
    static byte[] bytes(final long[] limbs)
    {
        final byte[] out = new byte[limbs.length / Fr.LIMBS * Fr.BYTES];
        for (int i = 0; i < limbs.length / Fr.LIMBS; i++)
        {
            Fr.toBytes(limbs, i * Fr.LIMBS, out, i * Fr.BYTES);
        }
        return out;
    }

    @Override
    public void close()
    {
        backend.close();
    }
}
