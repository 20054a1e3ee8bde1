package io.jprove.engine.pipeline;

import java.util.List;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.synthesis.PartitionSynthesizer;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.engine.r1cs.Witness;

/**
 * PoRep partitions (a C1 output's, as {@link io.jprove.engine.porep.c1.C1Partitions} gives them), synthesized the
 * fast way: the witness written natively by {@link PartitionSynthesizer} straight into the pooled buffers, then a, b
 * and c by the shape's recorded matrices; then every constraint is checked, so that a bad witness is named, not
 * proved.
 *
 * @param matrices   the partitions' recorded matrices (owned by the caller, open while the job runs)
 * @param partitions the partitions' witnesses, all of one shape
 */
public record PorepSynthesis(ConstraintMatrices matrices, List<PartitionWitness> partitions) implements Synthesis
{
    /**
     * Checks that the partitions share a shape and that the matrices are its.
     *
     * @throws SynthesisException when they are not
     */
    public PorepSynthesis
    {
        partitions = List.copyOf(partitions);
        if (partitions.isEmpty())
        {
            throw new IllegalArgumentException("no partitions to synthesize");
        }
        for (final PartitionWitness w : partitions)
        {
            if (!w.shape().equals(partitions.getFirst().shape()))
            {
                throw new IllegalArgumentException("partitions of two shapes: " + w.shape().name() + " and "
                    + partitions.getFirst().shape().name());
            }
        }
        PartitionSynthesizer.of(partitions.getFirst().shape()).counts(matrices);
    }

    @Override
    public BufferShape shape()
    {
        return BufferShape.of(matrices.counts());
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        final PartitionWitness witness = partitions.get(partition);
        try (ProverInputs inputs = PartitionSynthesizer.of(witness.shape()).synthesizeInto(witness, matrices,
            buffers.synthesisBuffers(), spmvThreads, null))
        {
            inputs.checkSatisfied();
            buffers.zeroPadding(inputs.rows());
            return buffers.partitionInputs(inputs);
        }
    }

    /**
     * With {@code spmvOnDevice}, writes the witness alone and hands the matrices to the device, which evaluates a, b,
     * c from them: the host neither evaluates nor checks the constraints (a witness that does not satisfy them gives
     * a proof that fails its verification, and the CPU path, which names the constraint, is a switch away).
     */
    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads,
        final boolean spmvOnDevice)
    {
        if (!spmvOnDevice)
        {
            return synthesize(partition, buffers, spmvThreads);
        }
        final PartitionWitness witness = partitions.get(partition);
        final PartitionSynthesizer synthesizer = PartitionSynthesizer.of(witness.shape());
        try (Witness w = Witness.over(buffers.synthesisBuffers(), synthesizer.counts(matrices)))
        {
            synthesizer.writeWitness(witness, w, spmvThreads, null);
            return buffers.witnessInputs(matrices, w.kinds(), spmvThreads);
        }
    }
}
