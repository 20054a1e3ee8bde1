package io.jprove.engine.pipeline;

import java.nio.file.Path;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.groth16.PartitionInputs;

/**
 * A circom circuit ({@code .r1cs}) with its witness ({@code .wtns}) under bellperson's reduction: a job of one
 * partition, synthesized constraint by constraint. The files are read when the job's shape is first asked for (so a
 * malformed file is named before any proving work: a witness of the wrong length, a curve other than BLS12-381) and
 * again for the synthesis, and closed after each.
 */
public final class CircomSynthesis implements Synthesis
{
    private final Path r1cs;
    private final Path witness;
    private volatile CircuitShape shape;

    /**
     * @param r1cs    the constraints.
     * @param witness the witness.
     */
    public CircomSynthesis(final Path r1cs, final Path witness)
    {
        this.r1cs = r1cs;
        this.witness = witness;
    }

    @Override
    public BufferShape shape()
    {
        return BufferShape.of(circuitShape().counts());
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        if (partition != 0)
        {
            throw new IllegalArgumentException("a circom job has one partition, not partition " + partition);
        }
        final CircuitShape counted = circuitShape();
        try (CircomR1cs constraints = CircomR1cs.open(r1cs); CircomWitness w = CircomWitness.open(witness))
        {
            return CircuitSynthesis.synthesizeInto(counted, new CircomCircuit(constraints, w), buffers, spmvThreads);
        }
    }

    private CircuitShape circuitShape()
    {
        CircuitShape known = shape;
        if (known == null)
        {
            try (CircomR1cs constraints = CircomR1cs.open(r1cs); CircomWitness w = CircomWitness.open(witness))
            {
                known = CircuitShape.counted(new CircomCircuit(constraints, w));
            }
            shape = known;
        }
        return known;
    }
}
