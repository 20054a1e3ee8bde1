package io.jprove.engine.backend;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * The size of one partition's buffers: the assignment z (inputs, then aux) and a, b, c of m elements each, m the NTT
 * domain, so the H chain runs in place with no copy and no padding pass.
 *
 * @param numInputs  public inputs, ONE included.
 * @param numAux     aux variables.
 * @param domainSize m, a power of two.
 */
public record BufferShape(int numInputs, int numAux, long domainSize)
{
    /** @return the shape a circuit of these counts needs. */
    public static BufferShape of(final ConstraintCounts counts)
    {
        return new BufferShape(counts.numInputs(), counts.numAux(), EvaluationDomain.atLeast(counts.rows()).size());
    }

    /** @return the elements of z. */
    public long assignmentElements()
    {
        return (long)numInputs + numAux;
    }

    /** @return the bytes of one set: (|z| + 3m) × 32. */
    public long bytes()
    {
        return (assignmentElements() + 3 * domainSize) * FrVector.ELEMENT_BYTES;
    }
}
