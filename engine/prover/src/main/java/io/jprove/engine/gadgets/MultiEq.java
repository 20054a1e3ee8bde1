package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * Batches equalities between linear combinations of small range into one constraint (bellperson's {@code MultiEq}):
 * each equality {@code lhs = rhs} whose sides are below 2^numBits is shifted by the bits already used and summed, and
 * a constraint {@code (Σ 2^offset·lhs)·1 = Σ 2^offset·rhs} is emitted when the next one would reach
 * {@value #CAPACITY_BITS} bits (Fr's capacity), and at {@link #close()}. The sums cannot wrap, so each equality still
 * holds on its own. SHA-256 uses it for the carries of its additions.
 */
public final class MultiEq implements AutoCloseable
{
    /** Bits an Fr element holds without reduction: ⌊log₂ r⌋. */
    public static final int CAPACITY_BITS = 254;

    private final ConstraintSystem cs;
    private final LinearCombination lhs = new LinearCombination(64);
    private final LinearCombination rhs = new LinearCombination(64);
    private final long[] scaled = new long[Fr.LIMBS];
    private int bitsUsed;

    /** Batches equalities into {@code cs}. */
    public MultiEq(final ConstraintSystem cs)
    {
        this.cs = cs;
    }

    /** @return the constraint system the batched constraints go to. */
    public ConstraintSystem constraintSystem()
    {
        return cs;
    }

    /**
     * Adds the equality {@code lhs = rhs}, both sides below 2^numBits.
     *
     * @throws IllegalArgumentException if {@code numBits} alone exceeds the capacity.
     */
    public void enforceEqual(final int numBits, final LinearCombination left, final LinearCombination right)
    {
        if (numBits >= CAPACITY_BITS)
        {
            throw new IllegalArgumentException("MultiEq equality of " + numBits + " bits exceeds Fr's capacity");
        }
        if (bitsUsed + numBits >= CAPACITY_BITS)
        {
            flush();
        }
        append(lhs, left);
        append(rhs, right);
        bitsUsed += numBits;
    }

    private void append(final LinearCombination into, final LinearCombination from)
    {
        final int n = from.size();
        for (int i = 0; i < n; i++)
        {
            from.coefficient(i, scaled, 0);
            Fr.mul(scaled, 0, scaled, 0, Coefficients.POWERS_OF_TWO, bitsUsed * Fr.LIMBS);
            into.add(scaled, 0, from.variable(i));
        }
    }

    private void flush()
    {
        cs.enforce("multieq", lhs, new LinearCombination(1).add(Variable.ONE), rhs);
        lhs.clear();
        rhs.clear();
        bitsUsed = 0;
    }

    /** Emits the pending batch, if any. */
    @Override
    public void close()
    {
        if (bitsUsed > 0)
        {
            flush();
        }
    }
}
