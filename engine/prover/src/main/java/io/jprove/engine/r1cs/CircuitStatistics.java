package io.jprove.engine.r1cs;

/**
 * What {@link StatisticsAssignment} measures of a circuit: its counts, how many aux values are 0 or 1 (the scalars
 * batch-add takes instead of the MSM; measured only with a witness) and the A/B densities that size the A, B_G1 and
 * B_G2 MSMs.
 *
 * @param counts        inputs (ONE included), aux, constraints
 * @param booleanAux    aux variables whose value is 0 or 1, or −1 when no witness was computed
 * @param aAuxDense     aux variables in some A combination
 * @param bInputDense   inputs in some B combination
 * @param bAuxDense     aux variables in some B combination
 */
public record CircuitStatistics(ConstraintCounts counts, long booleanAux, long aAuxDense, long bInputDense,
    long bAuxDense)
{
    /** @return the share of aux variables with value 0 or 1, or NaN when not measured. */
    public double booleanShare()
    {
        return booleanAux < 0 ? Double.NaN : share(booleanAux);
    }

    /** @return the share of aux variables in the A query. */
    public double aDensity()
    {
        return share(aAuxDense);
    }

    /** @return the share of aux variables in the B queries. */
    public double bDensity()
    {
        return share(bAuxDense);
    }

    /** @return the NTT domain: the smallest power of two holding every constraint and input row. */
    public long domainSize()
    {
        return Long.highestOneBit(Math.max(1, counts.rows() - 1)) << 1;
    }

    private double share(final long n)
    {
        return counts.numAux() == 0 ? 0 : (double)n / counts.numAux();
    }
}
