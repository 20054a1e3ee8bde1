package io.jprove.engine.daemon;

import java.lang.foreign.Arena;
import java.security.SecureRandom;
import java.util.List;

import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.Fr;

/**
 * One worker's prover on one of the daemon's devices ({@link ProvingDevice}), whatever its backend: {@link
 * Groth16Prover} with bellperson's reduction for built-in and circom-with-params jobs, and with snarkjs's (the zkey's
 * witness map, {@link ZkeyWitnessMap}) for zkey jobs, over the key prepared once on the device and shared with the
 * device's other workers. The host work of a partition (synthesis or the witness map, assembly, verification) runs
 * on the worker's thread, so with two workers on a device one partition's host work overlaps the other's kernels.
 * The prover verifies every proof before returning it. A device fault fails the partition and marks the device
 * unusable; the worker then retires if another device of the daemon can still prove, else it fails every later
 * partition at once with the fault's message.
 */
final class DevicePartitionProver implements PartitionProver
{
    private final ProvingDevice device;
    private final List<ProvingDevice> all;
    private final KeyCache keys;
    private final boolean ownsDevice;
    private final SecureRandom rng = new SecureRandom();

    /**
     * @param device where it proves, shared with other workers.
     * @param all    every device of the daemon, {@code device} included: whether another one can still prove.
     */
    DevicePartitionProver(final ProvingDevice device, final List<ProvingDevice> all, final KeyCache keys)
    {
        this(device, all, keys, false);
    }

    private DevicePartitionProver(final ProvingDevice device, final List<ProvingDevice> all, final KeyCache keys,
        final boolean ownsDevice)
    {
        this.device = device;
        this.all = all;
        this.keys = keys;
        this.ownsDevice = ownsDevice;
        device.addWorker();
    }

    /**
     * @return a prover on a device of its own, closed with it; its prepared keys are released only then (for a
     *         prover that another one wraps, such as a test's).
     */
    static DevicePartitionProver alone(final ProverBackend backend, final KeyCache keys)
    {
        final ProvingDevice own = new ProvingDevice(backend);
        return new DevicePartitionProver(own, List.of(own), keys, true);
    }

    @Override
    public String device()
    {
        return device.name();
    }

    @Override
    public boolean retired()
    {
        return device.unusable() != null && all.stream().anyMatch(d -> d.unusable() == null);
    }

    @Override
    public PartitionProof prove(final long job, final JobSpec spec, final int partition, final StepTimes times)
    {
        device.checkUsable();
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
                    try (CircomWitness w = CircomWitness.open(z.witness()); Arena arena = Arena.ofShared())
                    {
                        final PartitionInputs inputs = ZkeyWitnessMap.map(key.zkey(), w, arena);
                        final long[] publicSignals = Groth16Prover.publicInputs(inputs);
                        final Proof proof = prover(key).prove(inputs, times, BackendListener.NONE, "the proof for "
                            + z.witness() + " (a witness that does not satisfy the circuit fails here)");
                        yield new PartitionProof(proof.toBytes(), bytes(publicSignals));
                    }
                }
            };
        }
        catch (final DeviceUnusableException e)
        {
            device.faulted(e);
            throw e;
        }
    }

    /** @return a prover over the key prepared on this device (prepared now if it is the first use here). */
    private Groth16Prover prover(final KeyCache.Lease key)
    {
        return new Groth16Prover(device.prepared(key), device.backend(), rng);
    }

    private PartitionProof bellperson(final KeyCache.Lease key, final Circuit circuit, final StepTimes times)
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(circuit))
        {
            final Proof proof = prover(key).prove(inputs, times);
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

    /** This worker has stopped: the device closes once all of its workers have and the daemon closed it. */
    @Override
    public void close()
    {
        device.workerStopped();
        if (ownsDevice)
        {
            device.close();
        }
    }
}
