package io.jprove.engine.r1cs;

/**
 * The shape of a circuit: what {@link CountingAssignment} measures, and a sizing hint for the other synthesizers.
 *
 * @param numInputs      public inputs, ONE included.
 * @param numAux         private (aux) variables.
 * @param numConstraints constraints of the circuit, without the {@code input × 0 = 0} rows the prover appends.
 */
public record ConstraintCounts(int numInputs, int numAux, long numConstraints)
{
    /** @return constraints plus one {@code input × 0 = 0} row per public input: the length of a, b and c. */
    public long rows()
    {
        return numConstraints + numInputs;
    }
}
