package io.jprove.engine.pipeline;

import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.CountingAssignment;

/**
 * The shape of a job's partitions: their counts, which size the pooled buffers, and, when the shape has been
 * recorded, its constraint matrices, so that synthesis computes only the witness and a, b, c come from a sparse
 * product (pre-compiled constraints).
 *
 * @param counts   inputs, aux variables and constraints of every partition.
 * @param matrices the recorded matrices (owned by the caller, open while the job runs), or null to synthesize
 *                 constraint by constraint.
 */
public record CircuitShape(ConstraintCounts counts, ConstraintMatrices matrices)
{
    /** @return the shape of recorded matrices; synthesis then uses them. */
    public static CircuitShape recorded(final ConstraintMatrices matrices)
    {
        return new CircuitShape(matrices.counts(), matrices);
    }

    /** @return the shape of a circuit, counted once (no witness); synthesis then evaluates every constraint. */
    public static CircuitShape counted(final Circuit circuit)
    {
        return new CircuitShape(CountingAssignment.count(circuit), null);
    }
}
