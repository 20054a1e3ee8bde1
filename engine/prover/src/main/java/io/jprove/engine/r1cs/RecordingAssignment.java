package io.jprove.engine.r1cs;

/**
 * Recording mode: records the matrices A, B, C of a circuit ({@link ConstraintMatrices}, CSR), without computing a
 * witness; each row is the canonical form of its combination ({@link LinearCombination#normalizeInto}). Done once
 * per circuit shape; the matrices are then saved, reloaded and used with {@link WitnessAssignment} for every proof of
 * that shape.
 */
public final class RecordingAssignment extends BaseConstraintSystem
{
    private final CoefficientTable table = new CoefficientTable();
    private final SparseMatrix.Builder a = new SparseMatrix.Builder();
    private final SparseMatrix.Builder b = new SparseMatrix.Builder();
    private final SparseMatrix.Builder c = new SparseMatrix.Builder();
    private final LinearCombination canonical = new LinearCombination(64);

    private RecordingAssignment()
    {
    }

    /** @return the circuit's matrices; the caller closes them. */
    public static ConstraintMatrices record(final Circuit circuit)
    {
        final RecordingAssignment cs = new RecordingAssignment();
        try
        {
            cs.run(circuit);
            if ((long)cs.numInputs + cs.numAux > Integer.MAX_VALUE)
            {
                throw new SynthesisException(cs.numInputs + " inputs and " + cs.numAux
                    + " aux variables exceed the 2^31 − 1 matrix columns");
            }
            return new ConstraintMatrices(cs.numInputs, cs.numAux, cs.table.toLimbs(), cs.a.build(cs.numInputs),
                cs.b.build(cs.numInputs), cs.c.build(cs.numInputs), () ->
                {
                    cs.a.close();
                    cs.b.close();
                    cs.c.close();
                });
        }
        catch (final RuntimeException | Error e)
        {
            cs.a.close();
            cs.b.close();
            cs.c.close();
            throw e;
        }
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
    public void enforce(final String annotation, final LinearCombination la, final LinearCombination lb,
        final LinearCombination lc)
    {
        checkVariables(la);
        checkVariables(lb);
        checkVariables(lc);
        a.appendRow(la.normalizeInto(canonical), table);
        b.appendRow(lb.normalizeInto(canonical), table);
        c.appendRow(lc.normalizeInto(canonical), table);
        numConstraints++;
    }

    private void checkVariables(final LinearCombination lc)
    {
        final int[] vars = lc.variableArray();
        for (int i = 0; i < lc.size(); i++)
        {
            final int v = vars[i];
            if (v < 0 ? -1 - v >= numInputs : v >= numAux)
            {
                throw new SynthesisException("constraint " + numConstraints + " uses " + Variable.toString(v)
                    + ", which is not allocated");
            }
        }
    }

    @Override
    public boolean needsWitness()
    {
        return false;
    }

    @Override
    public boolean needsConstraints()
    {
        return true;
    }
}
