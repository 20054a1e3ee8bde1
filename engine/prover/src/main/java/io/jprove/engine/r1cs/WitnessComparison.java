package io.jprove.engine.r1cs;

import java.lang.foreign.MemorySegment;

import io.jprove.field.Fr;

/**
 * Compares a witness computed elsewhere (a native synthesizer's) with the one a circuit's own synthesis computes,
 * value by value as the circuit allocates them, without storing the circuit's: memory stays that of the given
 * witness, so a partition of billions of bytes is checked in one pass. The first difference is reported with its
 * variable and the annotation the circuit gave it.
 */
public final class WitnessComparison extends BaseConstraintSystem
{
    private final MemorySegment inputs;
    private final MemorySegment aux;
    private final long[] value = new long[Fr.LIMBS];
    private final long[] expected = new long[Fr.LIMBS];
    private Difference first;

    /**
     * The first variable whose values differ.
     *
     * @param variable   e.g. {@code aux[17]}
     * @param annotation what the circuit calls it
     * @param circuit    the circuit's value (Montgomery limbs)
     * @param given      the given witness's value, or null when the given witness has no such variable
     */
    public record Difference(String variable, String annotation, long[] circuit, long[] given)
    {
        @Override
        public String toString()
        {
            return variable + " '" + annotation + "': the circuit computes " + Fr.toBigInteger(circuit, 0).toString(16)
                + ", the witness holds " + (given == null ? "nothing" : Fr.toBigInteger(given, 0).toString(16));
        }
    }

    private WitnessComparison(final Witness witness)
    {
        inputs = witness.inputMemory();
        aux = witness.auxMemory();
    }

    /**
     * Synthesizes {@code circuit}'s witness and compares it with {@code witness}.
     *
     * @return the first difference, or null when every value and both counts agree
     */
    public static Difference compare(final Circuit circuit, final Witness witness)
    {
        final WitnessComparison cs = new WitnessComparison(witness);
        cs.run(circuit);
        if (cs.first == null && (cs.numInputs != witness.numInputs() || cs.numAux != witness.numAux()))
        {
            return new Difference("counts", cs.numInputs + " inputs and " + cs.numAux + " aux variables, the witness "
                + witness.numInputs() + " and " + witness.numAux(), new long[Fr.LIMBS], new long[Fr.LIMBS]);
        }
        return cs.first;
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction f)
    {
        final int index = nextIndex(numAux++, "aux");
        check(annotation, f, aux, index, "aux[" + index + "]");
        return index;
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction f)
    {
        final int index = nextIndex(numInputs++, "input");
        check(annotation, f, inputs, index, "input[" + index + "]");
        return Variable.input(index);
    }

    private void check(final String annotation, final WitnessFunction f, final MemorySegment given, final long index,
        final String name)
    {
        if (first != null)
        {
            return;
        }
        f.compute(value, 0);
        final long at = index * Witness.ELEMENT_BYTES;
        if (at + Witness.ELEMENT_BYTES > given.byteSize())
        {
            first = new Difference(name, annotation, value.clone(), null);
            return;
        }
        Witness.load(given, at, expected, 0);
        if (!Fr.equal(value, 0, expected, 0))
        {
            first = new Difference(name, annotation, value.clone(), expected.clone());
        }
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
