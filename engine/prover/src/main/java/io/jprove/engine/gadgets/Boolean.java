package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * A bit in a circuit: a constant, an {@link AllocatedBit}, or the negation of one (bellperson's {@code Boolean}).
 * Negation and operations with a constant cost nothing; the rest cost what bellperson's do, case for case, so that
 * SHA-256 built from them has bellperson's constraint count.
 */
public final class Boolean
{
    /** The constant 0. */
    public static final Boolean FALSE = new Boolean(null, false, false);
    /** The constant 1. */
    public static final Boolean TRUE = new Boolean(null, false, true);

    /** Null for a constant. */
    private final AllocatedBit bit;
    /** Whether this is the negation of {@link #bit}. */
    private final boolean negated;
    /** The value of a constant. */
    private final boolean constant;

    private Boolean(final AllocatedBit bit, final boolean negated, final boolean constant)
    {
        this.bit = bit;
        this.negated = negated;
        this.constant = constant;
    }

    /** @return the constant {@code value}. */
    public static Boolean constant(final boolean value)
    {
        return value ? TRUE : FALSE;
    }

    /** @return the bit itself. */
    public static Boolean of(final AllocatedBit bit)
    {
        return new Boolean(bit, false, false);
    }

    /** @return a freshly allocated, booleanity-constrained bit. */
    public static Boolean alloc(final ConstraintSystem cs, final String annotation, final boolean value)
    {
        return of(AllocatedBit.alloc(cs, annotation, value));
    }

    /** @return whether this is a constant. */
    public boolean isConstant()
    {
        return bit == null;
    }

    /** @return whether this is the negation of an allocated bit. */
    public boolean isNegated()
    {
        return negated;
    }

    /** @return the underlying allocated bit, or null for a constant. */
    public AllocatedBit allocatedBit()
    {
        return bit;
    }

    /** @return the value (a placeholder for an allocated bit when no witness is computed). */
    public boolean value()
    {
        return bit == null ? constant : bit.value() ^ negated;
    }

    /** @return the negation; free. */
    public Boolean not()
    {
        return bit == null ? constant(!constant) : new Boolean(bit, !negated, false);
    }

    /**
     * Adds {@code coefficient·this} to {@code lc}: nothing for 0, {@code coefficient·ONE} for 1, {@code
     * coefficient·a} for a bit and {@code coefficient·ONE − coefficient·a} for a negated bit.
     *
     * @return lc.
     */
    public LinearCombination addTo(final LinearCombination lc, final long[] coefficient, final int offset)
    {
        if (bit == null)
        {
            if (constant)
            {
                lc.add(coefficient, offset, Variable.ONE);
            }
            return lc;
        }
        if (!negated)
        {
            return lc.add(coefficient, offset, bit.variable());
        }
        lc.add(coefficient, offset, Variable.ONE);
        final long[] minus = new long[Fr.LIMBS];
        Fr.neg(minus, 0, coefficient, offset);
        return lc.add(minus, 0, bit.variable());
    }

    /** Adds {@code 1·this} to {@code lc}. @return lc. */
    public LinearCombination addTo(final LinearCombination lc)
    {
        return addTo(lc, Coefficients.ONE, 0);
    }

    /** Adds {@code −1·this} to {@code lc}. @return lc. */
    public LinearCombination subtractFrom(final LinearCombination lc)
    {
        return addTo(lc, Coefficients.MINUS_ONE, 0);
    }

    /** @return {@code a ⊕ b}: free with a constant, otherwise one {@link AllocatedBit#xor}. */
    public static Boolean xor(final ConstraintSystem cs, final Boolean a, final Boolean b)
    {
        if (a.isConstant())
        {
            return a.constant ? b.not() : b;
        }
        if (b.isConstant())
        {
            return b.constant ? a.not() : a;
        }
        if (a.negated == b.negated)
        {
            // ¬a ⊕ ¬b = a ⊕ b
            return of(AllocatedBit.xor(cs, a.bit, b.bit));
        }
        // a ⊕ ¬b = ¬(a ⊕ b), the non-negated bit first (its variable is doubled in the constraint)
        return of(a.negated ? AllocatedBit.xor(cs, b.bit, a.bit) : AllocatedBit.xor(cs, a.bit, b.bit)).not();
    }

    /** @return {@code a ∧ b}: free with a constant, otherwise and / and-not / nor of the allocated bits. */
    public static Boolean and(final ConstraintSystem cs, final Boolean a, final Boolean b)
    {
        if (a.isConstant())
        {
            return a.constant ? b : FALSE;
        }
        if (b.isConstant())
        {
            return b.constant ? a : FALSE;
        }
        if (!a.negated && !b.negated)
        {
            return of(AllocatedBit.and(cs, a.bit, b.bit));
        }
        if (a.negated && b.negated)
        {
            return of(AllocatedBit.nor(cs, a.bit, b.bit));
        }
        return a.negated ? of(AllocatedBit.andNot(cs, b.bit, a.bit)) : of(AllocatedBit.andNot(cs, a.bit, b.bit));
    }

    /**
     * SHA-256's {@code ch = (a ∧ b) ⊕ (¬a ∧ c)}: constant cases reduce to at most one AND (bellperson's table);
     * otherwise one new variable and {@code a·(b − c) = ch − c}.
     */
    public static Boolean sha256Ch(final ConstraintSystem cs, final Boolean a, final Boolean b, final Boolean c)
    {
        final boolean value = a.value() & b.value() ^ !a.value() & c.value();
        if (a.isConstant() && b.isConstant() && c.isConstant())
        {
            return constant(value);
        }
        if (a.isConstant() && !a.constant)
        {
            return c;
        }
        if (b.isConstant() && !b.constant)
        {
            return and(cs, a.not(), c);
        }
        if (c.isConstant() && !c.constant)
        {
            return and(cs, a, b);
        }
        if (c.isConstant())
        {
            return and(cs, a, b.not()).not();
        }
        if (b.isConstant())
        {
            return and(cs, a.not(), c.not()).not();
        }
        // a is the constant 1 or allocated: the general constraint
        final int ch = AllocatedBit.allocValue(cs, "ch", value);
        final LinearCombination la = c.subtractFrom(b.addTo(new LinearCombination(4)));
        final LinearCombination lb = a.addTo(new LinearCombination(2));
        final LinearCombination lc = c.subtractFrom(new LinearCombination(4).add(ch));
        cs.enforce("ch computation", la, lb, lc);
        return of(AllocatedBit.unchecked(ch, value));
    }

    /**
     * SHA-256's {@code maj = (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c)}: constant cases reduce to one AND; otherwise a new
     * variable, {@code bc = b ∧ c} and {@code (2bc − b − c)·a = bc − maj}.
     */
    public static Boolean sha256Maj(final ConstraintSystem cs, final Boolean a, final Boolean b, final Boolean c)
    {
        final boolean value = a.value() & b.value() ^ a.value() & c.value() ^ b.value() & c.value();
        if (a.isConstant() && b.isConstant() && c.isConstant())
        {
            return constant(value);
        }
        if (a.isConstant() && !a.constant)
        {
            return and(cs, b, c);
        }
        if (b.isConstant() && !b.constant)
        {
            return and(cs, a, c);
        }
        if (c.isConstant() && !c.constant)
        {
            return and(cs, a, b);
        }
        if (c.isConstant())
        {
            return and(cs, a.not(), b.not()).not();
        }
        if (b.isConstant())
        {
            return and(cs, a.not(), c.not()).not();
        }
        if (a.isConstant())
        {
            return and(cs, b.not(), c.not()).not();
        }
        final int maj = AllocatedBit.allocValue(cs, "maj", value);
        final Boolean bc = and(cs, b, c);
        final LinearCombination la = c.subtractFrom(b.subtractFrom(bc.addTo(bc.addTo(new LinearCombination(6)))));
        final LinearCombination lb = a.addTo(new LinearCombination(2));
        final LinearCombination lc = bc.addTo(new LinearCombination(3)).sub(maj);
        cs.enforce("maj computation", la, lb, lc);
        return of(AllocatedBit.unchecked(maj, value));
    }

    /**
     * Enforces {@code a = b} with one constraint {@code 0·0 = C}: {@code C = 1 − a} against the constant 1, {@code a}
     * against the constant 0, else {@code a − b} (an error if both are unequal constants).
     */
    public static void enforceEqual(final ConstraintSystem cs, final Boolean a, final Boolean b)
    {
        if (a.isConstant() && b.isConstant())
        {
            if (a.constant != b.constant)
            {
                throw new IllegalArgumentException("enforceEqual of unequal constants " + a.constant + ", "
                    + b.constant);
            }
            return;
        }
        final LinearCombination c = new LinearCombination(4);
        if (a.isConstant() || b.isConstant())
        {
            final Boolean constant = a.isConstant() ? a : b;
            final Boolean other = a.isConstant() ? b : a;
            if (constant.constant)
            {
                other.subtractFrom(c.add(Variable.ONE));
            }
            else
            {
                other.addTo(c);
            }
        }
        else
        {
            b.subtractFrom(a.addTo(c));
        }
        cs.enforce("enforce equal", new LinearCombination(0), new LinearCombination(0), c);
    }

    @Override
    public String toString()
    {
        if (bit == null)
        {
            return "Boolean.constant(" + constant + ")";
        }
        return (negated ? "¬" : "") + Variable.toString(bit.variable());
    }
}
