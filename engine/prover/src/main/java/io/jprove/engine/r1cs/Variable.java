package io.jprove.engine.r1cs;

/**
 * Variables of a constraint system as plain {@code int} handles, so that linear combinations are parallel primitive
 * arrays and allocating a variable allocates no object.
 * <p>
 * Encoding: aux variable {@code j} is the handle {@code j} (≥ 0); public input {@code i} is {@code −1 − i} (< 0).
 * Input 0 is the constant {@link #ONE}, allocated by the synthesizer before the circuit runs. Matrix columns (see
 * {@link ConstraintMatrices}) number inputs first, then aux: column {@code i} for input i, {@code numInputs + j} for
 * aux j.
 */
public final class Variable
{
    /** The constant one, public input 0. */
    public static final int ONE = -1;

    private Variable()
    {
    }

    /** @return the handle of public input {@code index}. */
    public static int input(final int index)
    {
        if (index < 0)
        {
            throw new IllegalArgumentException("negative input index " + index);
        }
        return -1 - index;
    }

    /** @return the handle of aux variable {@code index}. */
    public static int aux(final int index)
    {
        if (index < 0)
        {
            throw new IllegalArgumentException("negative aux index " + index);
        }
        return index;
    }

    /** @return whether the handle names a public input. */
    public static boolean isInput(final int variable)
    {
        return variable < 0;
    }

    /** @return the input index of an input handle. */
    public static int inputIndex(final int variable)
    {
        return -1 - variable;
    }

    /** @return a readable name: {@code input[3]}, {@code aux[17]}. */
    public static String toString(final int variable)
    {
        return variable < 0 ? "input[" + (-1 - variable) + "]" : "aux[" + variable + "]";
    }
}
