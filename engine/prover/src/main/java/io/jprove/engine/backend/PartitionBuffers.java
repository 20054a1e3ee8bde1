package io.jprove.engine.backend;

import java.lang.foreign.MemorySegment;

import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.field.FrVector;
import io.jprove.kernels.spmv.PackedWitness;

/**
 * One partition's memory from a {@link BufferPool}, laid out as one run: z (inputs then aux), then a, b and c of m
 * elements each (FrVector layout). Synthesis writes into its {@link #synthesisBuffers() views}, the backend reads (and
 * overwrites a, b, c) through {@link #partitionInputs}; whoever holds it last gives it back with
 * {@link BufferPool#release}. Not thread-safe: one holder at a time, handed over through the pipeline's queues.
 */
public final class PartitionBuffers
{
    private final BufferShape shape;
    private final MemorySegment memory;

    /**
     * @param shape  what the memory holds.
     * @param memory at least {@code shape.bytes()}, readable and writable by every thread (a shared arena, or
     *               page-locked memory from a device driver); its contents are whatever the last holder left.
     */
    public PartitionBuffers(final BufferShape shape, final MemorySegment memory)
    {
        if (memory.byteSize() < shape.bytes())
        {
            throw new IllegalArgumentException("a partition of " + shape + " needs " + shape.bytes() + " bytes, got "
                + memory.byteSize());
        }
        this.shape = shape;
        this.memory = memory.asSlice(0, shape.bytes());
    }

    /** @return the shape. */
    public BufferShape shape()
    {
        return shape;
    }

    /** @return all of it, for a pool that needs the whole run (to copy it to a device at once, or to free it). */
    public MemorySegment memory()
    {
        return memory;
    }

    /** @return z: inputs, then aux. */
    public MemorySegment assignment()
    {
        return memory.asSlice(0, shape.assignmentElements() * FrVector.ELEMENT_BYTES);
    }

    /** @return a, b or c (index 0, 1, 2): m elements. */
    public MemorySegment vector(final int index)
    {
        final long bytes = shape.domainSize() * FrVector.ELEMENT_BYTES;
        return memory.asSlice(shape.assignmentElements() * FrVector.ELEMENT_BYTES + index * bytes, bytes);
    }

    /** @return the views synthesis writes into. */
    public SynthesisBuffers synthesisBuffers()
    {
        final long inputBytes = (long)shape.numInputs() * FrVector.ELEMENT_BYTES;
        final MemorySegment z = assignment();
        return new SynthesisBuffers(z.asSlice(0, inputBytes), z.asSlice(inputBytes), vector(0), vector(1), vector(2));
    }

    /**
     * Zeroes a, b and c past the rows synthesis wrote (a reused set holds the last partition's H chain there).
     *
     * @param rows the partition's rows: constraints plus inputs.
     */
    public void zeroPadding(final long rows)
    {
        final long from = rows * FrVector.ELEMENT_BYTES;
        for (int i = 0; i < 3; i++)
        {
            vector(i).asSlice(from).fill((byte)0);
        }
    }

    /**
     * The backend's view of this memory when only the witness is written: a, b, c are left to the device, which
     * evaluates them from {@code matrices} ({@link PartitionInputs#matrices()}); the witness is packed for its upload
     * into the memory of a, b, c ({@link PackedWitness}).
     *
     * @param matrices the circuit's, of whose shape the witness in {@link #assignment()} is.
     * @param kinds    per element of z its kind (zero, one, other; {@link io.jprove.engine.r1cs.Witness#kinds()}),
     *                 or null to read them from the values.
     * @param threads  threads to pack with.
     */
    public PartitionInputs witnessInputs(final ConstraintMatrices matrices, final byte[] kinds, final int threads)
    {
        final MemorySegment products = memory.asSlice(shape.assignmentElements() * FrVector.ELEMENT_BYTES);
        final PackedWitness packed = PackedWitness.pack(assignment(), shape.assignmentElements(), kinds, products,
            threads);
        return new PartitionInputs(FrVector.wrap(assignment()), shape.numInputs(), FrVector.wrap(vector(0)),
            FrVector.wrap(vector(1)), FrVector.wrap(vector(2)), PartitionInputs.aDensity(matrices),
            PartitionInputs.bDensity(matrices), matrices, packed);
    }

    /**
     * @param synthesized the result of synthesizing into {@link #synthesisBuffers()} (for its densities).
     * @return the backend's view of this memory.
     */
    public PartitionInputs partitionInputs(final ProverInputs synthesized)
    {
        return new PartitionInputs(FrVector.wrap(assignment()), shape.numInputs(), FrVector.wrap(vector(0)),
            FrVector.wrap(vector(1)), FrVector.wrap(vector(2)), PartitionInputs.aDensity(synthesized),
            PartitionInputs.bDensity(synthesized));
    }
}
