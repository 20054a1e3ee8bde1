package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.field.Fr;

/** An Fr variable with its value (bellperson's {@code AllocatedNum}); allocating one costs no constraint. */
public final class AllocatedNum
{
    private final int variable;
    private final long[] value;

    private AllocatedNum(final int variable, final long[] value)
    {
        this.variable = variable;
        this.value = value;
    }

    /**
     * Allocates an aux variable.
     *
     * @param value Fr limbs (Montgomery form), copied; ignored when the constraint system computes no witness.
     */
    public static AllocatedNum alloc(final ConstraintSystem cs, final String annotation, final long[] value)
    {
        final long[] v = value.clone();
        return new AllocatedNum(cs.alloc(annotation, (out, offset) -> Fr.copy(out, offset, v, 0)), v);
    }

    /** Allocates a public input. */
    public static AllocatedNum allocInput(final ConstraintSystem cs, final String annotation, final long[] value)
    {
        final long[] v = value.clone();
        return new AllocatedNum(cs.allocInput(annotation, (out, offset) -> Fr.copy(out, offset, v, 0)), v);
    }

    /** Wraps a variable whose value the caller computed and constrained. */
    static AllocatedNum of(final int variable, final long[] value)
    {
        return new AllocatedNum(variable, value);
    }

    /** @return the variable handle. */
    public int variable()
    {
        return variable;
    }

    /** @return a copy of the value (a placeholder when no witness is computed). */
    public long[] value()
    {
        return value.clone();
    }
}
