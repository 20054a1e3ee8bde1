package io.jprove.engine.pipeline;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessAssignment;

/**
 * Partitions that are circuits of one shape: each is synthesized straight into its pooled buffers, witness only plus
 * the recorded matrices' sparse product when the shape was recorded, else constraint by constraint; then every
 * constraint is checked, so that a bad witness is named, not proved.
 *
 * @param circuitShape the partitions' counts, and their recorded matrices or none.
 * @param circuits     partition i's circuit.
 */
public record CircuitSynthesis(CircuitShape circuitShape, PartitionSource circuits) implements Synthesis
{
    @Override
    public BufferShape shape()
    {
        return BufferShape.of(circuitShape.counts());
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        return synthesizeInto(circuitShape, circuits.circuit(partition), buffers, spmvThreads);
    }

    /**
     * With {@code spmvOnDevice} and a recorded shape, synthesizes the witness alone and hands the matrices to the
     * device, which evaluates a, b, c from them: the constraints are then not checked on the host (a witness that
     * does not satisfy them gives a proof that fails its verification).
     */
    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads,
        final boolean spmvOnDevice)
    {
        final ConstraintMatrices matrices = circuitShape.matrices();
        if (!spmvOnDevice || matrices == null)
        {
            return synthesize(partition, buffers, spmvThreads);
        }
        try (Witness witness = WitnessAssignment.synthesizeInto(circuits.circuit(partition),
            buffers.synthesisBuffers()))
        {
            if (!witness.counts().equals(circuitShape.counts()))
            {
                throw new SynthesisException("the partition's circuit has " + witness.counts()
                    + " but the job's shape is " + circuitShape.counts());
            }
            return buffers.witnessInputs(matrices, witness.kinds(), spmvThreads);
        }
    }

    /**
     * Synthesizes one circuit of {@code shape} into {@code buffers}, checks every constraint, and zeroes the rows
     * past it.
     *
     * @throws SynthesisException when the circuit's counts are not the shape's.
     * @throws io.jprove.engine.r1cs.UnsatisfiedConstraintException naming the first unsatisfied constraint.
     */
    public static PartitionInputs synthesizeInto(final CircuitShape shape, final Circuit circuit,
        final PartitionBuffers buffers, final int spmvThreads)
    {
        final SynthesisBuffers views = buffers.synthesisBuffers();
        final ConstraintMatrices matrices = shape.matrices();
        try (ProverInputs inputs = matrices == null ? ProvingAssignment.synthesizeInto(circuit, views)
            : matrices.evaluate(WitnessAssignment.synthesizeInto(circuit, views), circuit, spmvThreads, views))
        {
            if (!inputs.witness().counts().equals(shape.counts()))
            {
                throw new SynthesisException("the partition's circuit has " + inputs.witness().counts()
                    + " but the job's shape is " + shape.counts());
            }
            inputs.checkSatisfied();
            buffers.zeroPadding(inputs.rows());
            return buffers.partitionInputs(inputs);
        }
    }
}
