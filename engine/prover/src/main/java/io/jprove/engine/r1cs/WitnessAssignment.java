package io.jprove.engine.r1cs;

/**
 * Witness-only mode: computes the values of inputs and aux variables and counts constraints, without reading any
 * linear combination. With the circuit's recorded {@link ConstraintMatrices}, {@link ConstraintMatrices#evaluate}
 * then produces the same a, b, c and densities as {@link ProvingAssignment}, bit for bit.
 */
public final class WitnessAssignment extends BaseConstraintSystem
{
    private final Witness witness;

    private WitnessAssignment(final Witness witness)
    {
        this.witness = witness;
    }

    /**
     * Computes a circuit's witness.
     *
     * @param hint the circuit's counts when known (e.g. {@link ConstraintMatrices#counts()}), to allocate once; or
     *             null.
     * @return the witness; the caller closes it, or hands it to {@link ConstraintMatrices#evaluate}.
     */
    public static Witness synthesize(final Circuit circuit, final ConstraintCounts hint)
    {
        return run(new WitnessAssignment(hint == null ? new Witness(16, 1024)
            : new Witness(hint.numInputs(), hint.numAux())), circuit);
    }

    /**
     * Computes a circuit's witness into the caller's buffers (their inputs and aux; a, b, c are left to
     * {@link ConstraintMatrices#evaluate(Witness, Circuit, int, SynthesisBuffers)}).
     *
     * @return the witness, a view of the buffers.
     * @throws SynthesisException if the circuit outgrows a buffer.
     */
    public static Witness synthesizeInto(final Circuit circuit, final SynthesisBuffers buffers)
    {
        return run(new WitnessAssignment(new Witness(buffers)), circuit);
    }

    private static Witness run(final WitnessAssignment cs, final Circuit circuit)
    {
        try
        {
            cs.run(circuit);
        }
        catch (final RuntimeException | Error e)
        {
            cs.witness.close();
            throw e;
        }
        cs.witness.setNumConstraints(cs.numConstraints);
        return cs.witness;
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction value)
    {
        numAux++;
        return witness.appendAux(annotation, value);
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction value)
    {
        numInputs++;
        return Variable.input(witness.appendInput(annotation, value));
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
        return true;
    }

    @Override
    public boolean needsConstraints()
    {
        return false;
    }
}
