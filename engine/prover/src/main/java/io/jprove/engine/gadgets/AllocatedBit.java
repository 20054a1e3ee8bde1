package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * A variable constrained to be 0 or 1, with its value. {@link #alloc} costs the booleanity constraint
 * {@code (1 − a)·a = 0}; the two-input operations cost one constraint each and need no booleanity constraint of
 * their own, because their constraint forces a boolean result from boolean inputs.
 */
public final class AllocatedBit
{
    private final int variable;
    private final boolean value;

    private AllocatedBit(final int variable, final boolean value)
    {
        this.variable = variable;
        this.value = value;
    }

    /** @return the variable handle. */
    public int variable()
    {
        return variable;
    }

    /** @return the value (a placeholder when the constraint system computes no witness). */
    public boolean value()
    {
        return value;
    }

    /** Allocates a bit and enforces {@code (1 − a)·a = 0}. */
    public static AllocatedBit alloc(final ConstraintSystem cs, final String annotation, final boolean value)
    {
        final int v = allocValue(cs, annotation, value);
        cs.enforce("boolean constraint", lc().add(Variable.ONE).sub(v), lc().add(v), lc());
        return new AllocatedBit(v, value);
    }

    /**
     * Allocates a bit that must be 0 when {@code mustBeFalse} is 1, enforcing {@code (1 − mustBeFalse − a)·a = 0}
     * (bellpepper's {@code alloc_conditionally}).
     */
    public static AllocatedBit allocConditionally(final ConstraintSystem cs, final String annotation,
        final boolean value, final AllocatedBit mustBeFalse)
    {
        final int v = allocValue(cs, annotation, value);
        cs.enforce("boolean constraint", lc().add(Variable.ONE).sub(mustBeFalse.variable).sub(v), lc().add(v), lc());
        return new AllocatedBit(v, value);
    }

    /** {@code c = a ⊕ b}, enforced as {@code (a + a)·b = a + b − c}. */
    public static AllocatedBit xor(final ConstraintSystem cs, final AllocatedBit a, final AllocatedBit b)
    {
        final boolean r = a.value ^ b.value;
        final int c = allocValue(cs, "xor result", r);
        enforce(cs, "xor constraint", lc().add(a.variable).add(a.variable), lc().add(b.variable),
            lc().add(a.variable).add(b.variable).sub(c));
        return new AllocatedBit(c, r);
    }

    /** {@code c = a ∧ b}, enforced as {@code a·b = c}. */
    public static AllocatedBit and(final ConstraintSystem cs, final AllocatedBit a, final AllocatedBit b)
    {
        final boolean r = a.value & b.value;
        final int c = allocValue(cs, "and result", r);
        enforce(cs, "and constraint", lc().add(a.variable), lc().add(b.variable), lc().add(c));
        return new AllocatedBit(c, r);
    }

    /** {@code c = a ∧ ¬b}, enforced as {@code a·(1 − b) = c}. */
    public static AllocatedBit andNot(final ConstraintSystem cs, final AllocatedBit a, final AllocatedBit b)
    {
        final boolean r = a.value & !b.value;
        final int c = allocValue(cs, "and not result", r);
        enforce(cs, "and not constraint", lc().add(a.variable), lc().add(Variable.ONE).sub(b.variable), lc().add(c));
        return new AllocatedBit(c, r);
    }

    /** {@code c = ¬a ∧ ¬b}, enforced as {@code (1 − a)·(1 − b) = c}. */
    public static AllocatedBit nor(final ConstraintSystem cs, final AllocatedBit a, final AllocatedBit b)
    {
        final boolean r = !a.value & !b.value;
        final int c = allocValue(cs, "nor result", r);
        enforce(cs, "nor constraint", lc().add(Variable.ONE).sub(a.variable), lc().add(Variable.ONE).sub(b.variable),
            lc().add(c));
        return new AllocatedBit(c, r);
    }

    /** Wraps a variable already constrained to be boolean by the caller's own constraint. */
    static AllocatedBit unchecked(final int variable, final boolean value)
    {
        return new AllocatedBit(variable, value);
    }

    /** Allocates a variable holding 0 or 1 without constraining it. */
    static int allocValue(final ConstraintSystem cs, final String annotation, final boolean value)
    {
        return cs.alloc(annotation, (out, offset) ->
        {
            if (value)
            {
                Fr.setOne(out, offset);
            }
            else
            {
                java.util.Arrays.fill(out, offset, offset + Fr.LIMBS, 0L);
            }
        });
    }

    private static LinearCombination lc()
    {
        return new LinearCombination(4);
    }

    private static void enforce(final ConstraintSystem cs, final String annotation, final LinearCombination a,
        final LinearCombination b, final LinearCombination c)
    {
        cs.enforce(annotation, a, b, c);
    }
}
