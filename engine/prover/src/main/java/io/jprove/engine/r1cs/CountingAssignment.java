package io.jprove.engine.r1cs;

/** Counting mode: counts inputs, aux variables and constraints, stores nothing and computes no witness. */
public final class CountingAssignment extends BaseConstraintSystem
{
    private CountingAssignment()
    {
    }

    /** @return the circuit's counts (ONE included in the inputs). */
    public static ConstraintCounts count(final Circuit circuit)
    {
        final CountingAssignment cs = new CountingAssignment();
        cs.run(circuit);
        return new ConstraintCounts(cs.numInputs, cs.numAux, cs.numConstraints);
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction value)
    {
        return nextIndex(numAux++, "aux");
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction value)
    {
        return Variable.input(nextIndex(numInputs++, "input"));
    }

    @Override
    public void enforce(final String annotation, final LinearCombination a, final LinearCombination b,
        final LinearCombination c)
    {
        numConstraints++;
    }

    @Override
    public boolean needsWitness()
    {
        return false;
    }

    @Override
    public boolean needsConstraints()
    {
        return false;
    }
}
