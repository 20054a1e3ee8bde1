package io.jprove.engine.pipeline;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.function.Supplier;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.formats.circom.ZkeyWitnessMap;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.field.FrVector;

/**
 * One circom witness mapped through a snarkjs zkey ({@link ZkeyWitnessMap}, snarkjs's reduction) into a partition's
 * pooled buffers: a job of one partition. A zkey stores no C matrix, so c = a·b by construction and a witness that
 * does not satisfy the circuit shows as a proof that fails self-verification.
 *
 * @param zkey    the key, once it is there (a daemon loads it while the job waits; the CLI has it at once).
 * @param witness the {@code .wtns} file, read when the partition is synthesized.
 */
public record ZkeySynthesis(Supplier<Zkey> zkey, Path witness) implements Synthesis
{
    @Override
    public BufferShape shape()
    {
        final Zkey z = zkey.get();
        final int inputs = z.nPublic() + 1;
        return new BufferShape(inputs, z.nVars() - inputs, z.domainSize());
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        if (partition != 0)
        {
            throw new IllegalArgumentException("a zkey job has one partition, not partition " + partition);
        }
        final Zkey z = zkey.get();
        try (CircomWitness w = CircomWitness.open(witness); Arena arena = Arena.ofConfined())
        {
            // the map writes vectors of its own; they are copied once into the pooled buffers the device reads
            final PartitionInputs mapped = ZkeyWitnessMap.map(z, w, arena);
            copy(mapped.assignment(), buffers.assignment());
            copy(mapped.a(), buffers.vector(0));
            copy(mapped.b(), buffers.vector(1));
            copy(mapped.c(), buffers.vector(2));
            return new PartitionInputs(FrVector.wrap(buffers.assignment()), mapped.numInputs(),
                FrVector.wrap(buffers.vector(0)), FrVector.wrap(buffers.vector(1)), FrVector.wrap(buffers.vector(2)),
                mapped.aDensity(), mapped.bDensity());
        }
    }

    private static void copy(final FrVector from, final MemorySegment to)
    {
        MemorySegment.copy(from.segment(), 0, to, 0, from.segment().byteSize());
    }
}
