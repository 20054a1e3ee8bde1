package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;

/**
 * Inserting a number into a list at a position given by bits, as storage-proofs' {@code insertion} gadget does for
 * Merkle paths: the node being proven goes among its siblings at its index within the parent.
 * <p>
 * Costs: {@link #pick} one constraint; {@link #insert} 2 for 2 elements (a conditional swap), 8 for 4, 22 for 8
 * (two shared AND/NOR bits and 20 picks, hand-optimised as storage-proofs does), otherwise {@code size·(size − 1)}
 * picks (one {@link #select} per position).
 */
public final class Insertion
{
    private Insertion()
    {
    }

    /**
     * @return {@code condition ? a : b}, a new variable c enforced by {@code (b − a)·condition = b − c}.
     */
    public static AllocatedNum pick(final ConstraintSystem cs, final Boolean condition, final AllocatedNum a,
        final AllocatedNum b)
    {
        final long[] value = condition.value() ? a.valueRef() : b.valueRef();
        final AllocatedNum c = AllocatedNum.alloc(cs, "pick result", value);
        cs.enforce("pick", new LinearCombination(2).add(b.variable()).sub(a.variable()),
            condition.addTo(new LinearCombination(2)), new LinearCombination(2).add(b.variable()).sub(c.variable()));
        return c;
    }

    /**
     * Inserts {@code element} before {@code elements[n]}, where n is given by {@code bits}, least significant first.
     *
     * @param bits     allocated, non-negated bits; {@code 2^bits.length = elements.length + 1}
     * @param elements the other members of the list, in order
     * @return the list of {@code elements.length + 1} numbers with {@code element} at position n
     */
    public static AllocatedNum[] insert(final ConstraintSystem cs, final AllocatedNum element, final Boolean[] bits,
        final AllocatedNum[] elements)
    {
        final int size = elements.length + 1;
        if (bits.length > 30 || 1 << bits.length != size)
        {
            throw new IllegalArgumentException("inserting into " + elements.length + " elements needs "
                + Integer.numberOfTrailingZeros(size) + " index bits and a power-of-two size, got " + bits.length
                + " bits");
        }
        return switch (size)
        {
            case 2 -> new AllocatedNum[] {pick(cs, bits[0], elements[0], element), pick(cs, bits[0], element,
                elements[0])};
            case 4 -> insert4(cs, element, bits, elements);
            case 8 -> insert8(cs, element, bits, elements);
            default -> insertGeneral(cs, element, bits, elements);
        };
    }

    /** @return {@code from[n]}, n given by {@code bits} least significant first; {@code from.length − 1} picks. */
    public static AllocatedNum select(final ConstraintSystem cs, final AllocatedNum[] from, final Boolean[] bits)
    {
        if (bits.length > 30 || 1 << bits.length != from.length)
        {
            throw new IllegalArgumentException("selecting from " + from.length + " elements needs a power of two and "
                + "log2 of it in bits, got " + bits.length + " bits");
        }
        AllocatedNum[] state = from.clone();
        int half = from.length / 2;
        for (int i = bits.length - 1; i >= 0; i--)
        {
            final AllocatedNum[] next = new AllocatedNum[half];
            for (int j = 0; j < half; j++)
            {
                next[j] = pick(cs, bits[i], state[half + j], state[j]);
            }
            state = next;
            half /= 2;
        }
        return state[0];
    }

    private static AllocatedNum[] insertGeneral(final ConstraintSystem cs, final AllocatedNum element,
        final Boolean[] bits, final AllocatedNum[] elements)
    {
        final int size = elements.length + 1;
        final AllocatedNum[] result = new AllocatedNum[size];
        for (int pos = 0; pos < size; pos++)
        {
            // the value at pos when the element is inserted at index: before it, at it, or shifted after it
            final AllocatedNum[] choices = new AllocatedNum[size];
            for (int index = 0; index < size; index++)
            {
                choices[index] = pos < index ? elements[pos] : pos == index ? element : elements[pos - 1];
            }
            result[pos] = select(cs, choices, bits);
        }
        return result;
    }

    private static AllocatedNum[] insert4(final ConstraintSystem cs, final AllocatedNum a, final Boolean[] bits,
        final AllocatedNum[] e)
    {
        final Boolean b0 = bits[0];
        final Boolean b1 = bits[1];
        final AllocatedNum p0 = pick(cs, b1, e[0], pick(cs, b0, e[0], a));
        final AllocatedNum p1 = pick(cs, b1, e[1], pick(cs, b0, a, e[0]));
        final AllocatedNum p2 = pick(cs, b1, pick(cs, b0, e[2], a), e[1]);
        final AllocatedNum p3 = pick(cs, b1, pick(cs, b0, a, e[2]), e[2]);
        return new AllocatedNum[] {p0, p1, p2, p3};
    }

    private static AllocatedNum[] insert8(final ConstraintSystem cs, final AllocatedNum a, final Boolean[] bits,
        final AllocatedNum[] e)
    {
        final Boolean b0 = bits[0];
        final Boolean b1 = bits[1];
        final Boolean b2 = bits[2];
        if (b0.isConstant() || b1.isConstant() || b0.isNegated() || b1.isNegated())
        {
            throw new IllegalArgumentException("8-way insertion needs allocated, non-negated index bits");
        }
        final Boolean nor = Boolean.of(AllocatedBit.nor(cs, b0.allocatedBit(), b1.allocatedBit()));
        final Boolean and = Boolean.of(AllocatedBit.and(cs, b0.allocatedBit(), b1.allocatedBit()));
        // e = [b c d e f g h] of the table: position p holds a when n = p, else the sibling shifted by n < p
        final AllocatedNum p0 = pick(cs, b2, e[0], pick(cs, nor, a, e[0]));
        final AllocatedNum p1 = pick(cs, b2, e[1], pick(cs, b1, e[1], pick(cs, b0, a, e[0])));
        final AllocatedNum p2 = pick(cs, b2, e[2], pick(cs, b1, pick(cs, b0, e[2], a), e[1]));
        final AllocatedNum p3 = pick(cs, b2, e[3], pick(cs, and, a, e[2]));
        final AllocatedNum p4 = pick(cs, b2, pick(cs, nor, a, e[4]), e[3]);
        final AllocatedNum p5 = pick(cs, b2, pick(cs, b1, e[5], pick(cs, b0, a, e[4])), e[4]);
        final AllocatedNum p6 = pick(cs, b2, pick(cs, b1, pick(cs, b0, e[6], a), e[5]), e[5]);
        final AllocatedNum p7 = pick(cs, b2, pick(cs, and, a, e[6]), e[6]);
        return new AllocatedNum[] {p0, p1, p2, p3, p4, p5, p6, p7};
    }
}
