package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.util.Arrays;

/**
 * A sum Σ cᵢ·vᵢ of variables with {@link Fr} coefficients, as parallel growable arrays (variable handles, four
 * Montgomery limbs per coefficient, and a kind byte that marks coefficients ±1 so evaluation skips their
 * multiplication). Meant to be reused: {@link #clear()} keeps the arrays.
 * <p>
 * Terms with a zero coefficient are dropped when added. Repeated variables are kept as separate terms while the
 * combination is built (adding is then an append); what a constraint means is its canonical form
 * ({@link #normalizeInto}): one term per variable with the summed coefficient, zero sums dropped, inputs before aux,
 * each by index. That is bellpepper's merged combination as {@code TestConstraintSystem} hashes it and bellperson's
 * prover marks densities: a pair that cancels, such as {@code x − x}, leaves no term for {@code x}. The recorded
 * matrices, densities, fingerprints and dumps all use the canonical form. Not thread-safe.
 */
public final class LinearCombination
{
    /** Kind of a coefficient equal to one. */
    static final byte KIND_ONE = 0;
    /** Kind of a coefficient equal to −1. */
    static final byte KIND_MINUS_ONE = 1;
    /** Kind of any other coefficient. */
    static final byte KIND_OTHER = 2;

    /** Bits of a sort key that hold a term's position (so combinations of up to 2^24 terms normalize). */
    private static final int POSITION_BITS = 24;
    private static final long POSITION_MASK = (1L << POSITION_BITS) - 1;
    /** Canonical order of aux 0: after every input. */
    private static final long AUX_ORDER = 1L << 31;

    static final long[] ONE = Fr.one();
    static final long[] MINUS_ONE = minusOne();
    /** Writes one: the value of {@link Variable#ONE}. */
    static final WitnessFunction ONE_FUNCTION = (out, offset) -> Fr.setOne(out, offset);

    private int[] variables;
    private long[] coefficients;
    private byte[] kinds;
    private int size;
    /** Scratch of {@link #normalizeInto} when this is the destination: sort keys with term positions. */
    private long[] sortKeys = new long[0];

    /** An empty combination. */
    public LinearCombination()
    {
        this(8);
    }

    /** @param capacity terms to make room for. */
    public LinearCombination(final int capacity)
    {
        final int c = Math.max(1, capacity);
        variables = new int[c];
        coefficients = new long[c * Fr.LIMBS];
        kinds = new byte[c];
    }

    /** Removes every term, keeping the storage. @return this. */
    public LinearCombination clear()
    {
        size = 0;
        return this;
    }

    /** Adds {@code 1·variable}. @return this. */
    public LinearCombination add(final int variable)
    {
        append(variable, ONE, 0, KIND_ONE);
        return this;
    }

    /** Adds {@code −1·variable}. @return this. */
    public LinearCombination sub(final int variable)
    {
        append(variable, MINUS_ONE, 0, KIND_MINUS_ONE);
        return this;
    }

    /**
     * Adds {@code coefficient·variable}; a zero coefficient adds nothing.
     *
     * @param coefficient limbs of an Fr element in Montgomery form, at {@code offset}.
     * @return this.
     */
    public LinearCombination add(final long[] coefficient, final int offset, final int variable)
    {
        if (Fr.isZero(coefficient, offset))
        {
            return this;
        }
        append(variable, coefficient, offset, kindOf(coefficient, offset));
        return this;
    }

    /** Adds {@code coefficient·variable} for an element at offset 0. @return this. */
    public LinearCombination add(final long[] coefficient, final int variable)
    {
        return add(coefficient, 0, variable);
    }

    /** Adds every term of {@code other}. @return this. */
    public LinearCombination addAll(final LinearCombination other)
    {
        final int n = other.size;
        ensure(size + n);
        System.arraycopy(other.variables, 0, variables, size, n);
        System.arraycopy(other.coefficients, 0, coefficients, size * Fr.LIMBS, n * Fr.LIMBS);
        System.arraycopy(other.kinds, 0, kinds, size, n);
        size += n;
        return this;
    }

    /** @return the number of terms. */
    public int size()
    {
        return size;
    }

    /** @return the variable handle of term {@code i}. */
    public int variable(final int i)
    {
        return variables[i];
    }

    /** Copies the coefficient of term {@code i} into {@code out[offset..offset+4)}. */
    public void coefficient(final int i, final long[] out, final int offset)
    {
        System.arraycopy(coefficients, i * Fr.LIMBS, out, offset, Fr.LIMBS);
    }

    /** The coefficient limbs, four per term; valid up to {@code 4·size()}. */
    long[] coefficientLimbs()
    {
        return coefficients;
    }

    /** The variable handles; valid up to {@code size()}. */
    int[] variableArray()
    {
        return variables;
    }

    /** The coefficient kinds; valid up to {@code size()}. */
    byte[] kindArray()
    {
        return kinds;
    }

    /**
     * Writes the canonical form of this combination into {@code out} (cleared first): one term per variable with the
     * sum of its coefficients, terms whose sum is zero dropped, inputs first (ONE, then by input index), then aux by
     * index. Neither combination may be the other.
     *
     * @return out.
     */
    public LinearCombination normalizeInto(final LinearCombination out)
    {
        out.clear();
        final int n = size;
        if (n > POSITION_MASK)
        {
            throw new SynthesisException("a linear combination of " + n + " terms is too long to normalize");
        }
        if (isCanonical())
        {
            return out.addAll(this);
        }
        if (out.sortKeys.length < n)
        {
            out.sortKeys = new long[Math.max(n, out.sortKeys.length * 2)];
        }
        final long[] keys = out.sortKeys;
        for (int i = 0; i < n; i++)
        {
            keys[i] = order(variables[i]) << POSITION_BITS | i;
        }
        Arrays.sort(keys, 0, n);
        out.ensure(n);
        int i = 0;
        while (i < n)
        {
            final long group = keys[i] >>> POSITION_BITS;
            final int first = (int)(keys[i] & POSITION_MASK);
            final int at = out.size;
            System.arraycopy(coefficients, first * Fr.LIMBS, out.coefficients, at * Fr.LIMBS, Fr.LIMBS);
            i++;
            while (i < n && keys[i] >>> POSITION_BITS == group)
            {
                final int next = (int)(keys[i] & POSITION_MASK);
                Fr.add(out.coefficients, at * Fr.LIMBS, out.coefficients, at * Fr.LIMBS, coefficients,
                    next * Fr.LIMBS);
                i++;
            }
            if (!Fr.isZero(out.coefficients, at * Fr.LIMBS))
            {
                out.variables[at] = variables[first];
                out.kinds[at] = kindOf(out.coefficients, at * Fr.LIMBS);
                out.size++;
            }
        }
        return out;
    }

    /** @return whether the terms are already canonical: variables strictly increasing in canonical order. */
    boolean isCanonical()
    {
        for (int i = 1; i < size; i++)
        {
            if (order(variables[i - 1]) >= order(variables[i]))
            {
                return false;
            }
        }
        return true;
    }

    /** Canonical order of a variable handle: inputs by index, then aux by index. */
    static long order(final int variable)
    {
        return variable < 0 ? -1L - variable : AUX_ORDER + variable;
    }

    /** @return {@link #KIND_ONE}, {@link #KIND_MINUS_ONE} or {@link #KIND_OTHER}. */
    static byte kindOf(final long[] coefficient, final int offset)
    {
        if (Fr.equal(coefficient, offset, ONE, 0))
        {
            return KIND_ONE;
        }
        return Fr.equal(coefficient, offset, MINUS_ONE, 0) ? KIND_MINUS_ONE : KIND_OTHER;
    }

    private void append(final int variable, final long[] coefficient, final int offset, final byte kind)
    {
        if (size == variables.length)
        {
            ensure(size + 1);
        }
        variables[size] = variable;
        System.arraycopy(coefficient, offset, coefficients, size * Fr.LIMBS, Fr.LIMBS);
        kinds[size] = kind;
        size++;
    }

    private void ensure(final int terms)
    {
        if (terms > variables.length)
        {
            final int c = Math.max(terms, variables.length * 2);
            variables = Arrays.copyOf(variables, c);
            coefficients = Arrays.copyOf(coefficients, c * Fr.LIMBS);
            kinds = Arrays.copyOf(kinds, c);
        }
    }

    private static long[] minusOne()
    {
        final long[] r = new long[Fr.LIMBS];
        Fr.neg(r, Fr.one());
        return r;
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size; i++)
        {
            if (i > 0)
            {
                sb.append(" + ");
            }
            sb.append(Fr.toBigInteger(coefficients, i * Fr.LIMBS)).append('·').append(Variable.toString(variables[i]));
        }
        return sb.isEmpty() ? "0" : sb.toString();
    }
}
