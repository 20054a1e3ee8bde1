package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

/**
 * Statistics mode: counts, A/B densities (as {@link ProvingAssignment} marks them: A over aux, B over inputs and aux,
 * a variable counting where its summed coefficient in a combination is not zero)
 * and, optionally, how many aux values are 0 or 1. Stores no witness and no evaluation: the combinations are read
 * for their variables only, each value is computed into scratch limbs and classified. Slower than {@link
 * CountingAssignment}, which stays the plain counter; much lighter than proving mode.
 */
public final class StatisticsAssignment extends BaseConstraintSystem
{
    private final boolean witness;
    private final long[] scratch = new long[Fr.LIMBS];
    private final DensityBitmap aAux = new DensityBitmap();
    private final DensityBitmap bInput = new DensityBitmap();
    private final DensityBitmap bAux = new DensityBitmap();
    private long booleanAux;
    private final LinearCombination canonical = new LinearCombination(64);

    private StatisticsAssignment(final boolean witness)
    {
        this.witness = witness;
    }

    /**
     * Measures a circuit.
     *
     * @param withWitness whether to compute every value (the circuit's witness work) to count the 0/1 values
     * @return the statistics; {@link CircuitStatistics#booleanAux()} is −1 without witness
     */
    public static CircuitStatistics measure(final Circuit circuit, final boolean withWitness)
    {
        final StatisticsAssignment cs = new StatisticsAssignment(withWitness);
        cs.run(circuit);
        return new CircuitStatistics(new ConstraintCounts(cs.numInputs, cs.numAux, cs.numConstraints),
            withWitness ? cs.booleanAux : -1, cs.aAux.cardinality(), cs.bInput.cardinality(), cs.bAux.cardinality());
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction value)
    {
        final int index = nextIndex(numAux, "aux");
        if (witness)
        {
            value.compute(scratch, 0);
            if (Fr.isZero(scratch, 0) || Fr.isOne(scratch, 0))
            {
                booleanAux++;
            }
        }
        aAux.addElement();
        bAux.addElement();
        numAux++;
        return index;
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction value)
    {
        bInput.addElement();
        return Variable.input(nextIndex(numInputs++, "input"));
    }

    @Override
    public void enforce(final String annotation, final LinearCombination a, final LinearCombination b,
        final LinearCombination c)
    {
        mark(a.normalizeInto(canonical), null, aAux);
        mark(b.normalizeInto(canonical), bInput, bAux);
        numConstraints++;
    }

    private static void mark(final LinearCombination lc, final DensityBitmap inputs, final DensityBitmap aux)
    {
        final int[] vars = lc.variableArray();
        for (int i = 0, n = lc.size(); i < n; i++)
        {
            final int v = vars[i];
            if (v >= 0)
            {
                aux.set(v);
            }
            else if (inputs != null)
            {
                inputs.set(-1 - v);
            }
        }
    }

    @Override
    public boolean needsWitness()
    {
        return witness;
    }

    @Override
    public boolean needsConstraints()
    {
        return true;
    }
}
