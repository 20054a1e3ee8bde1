package io.jprove.engine.gadgets;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;

/**
 * A 32-bit word as 32 {@link Boolean}s, least significant first, with its value (bellperson's {@code UInt32}).
 * Rotations and shifts are free rewirings; XOR costs one constraint per non-constant bit pair; {@link #addMany}
 * allocates the bits of the full sum and defers the equality to a {@link MultiEq}.
 */
public final class UInt32
{
    private final Boolean[] bits;
    private final int value;

    private UInt32(final Boolean[] bits, final int value)
    {
        this.bits = bits;
        this.value = value;
    }

    /** @return a constant word. */
    public static UInt32 constant(final int value)
    {
        final Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = Boolean.constant((value >>> i & 1) != 0);
        }
        return new UInt32(b, value);
    }

    /** @return a word of 32 freshly allocated bits (32 booleanity constraints). */
    public static UInt32 alloc(final ConstraintSystem cs, final String annotation, final int value)
    {
        final Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = Boolean.alloc(cs, annotation, (value >>> i & 1) != 0);
        }
        return new UInt32(b, value);
    }

    /** @return the word whose bits, most significant first, are {@code bits[offset..offset+32)}. */
    public static UInt32 fromBitsBigEndian(final Boolean[] bits, final int offset)
    {
        final Boolean[] b = new Boolean[32];
        int v = 0;
        for (int i = 0; i < 32; i++)
        {
            b[31 - i] = bits[offset + i];
            v = v << 1 | (bits[offset + i].value() ? 1 : 0);
        }
        return new UInt32(b, v);
    }

    /** Writes the bits, most significant first, into {@code out[offset..offset+32)}. */
    public void toBitsBigEndian(final Boolean[] out, final int offset)
    {
        for (int i = 0; i < 32; i++)
        {
            out[offset + i] = bits[31 - i];
        }
    }

    /** @return bit {@code i}, 0 the least significant. */
    public Boolean bit(final int i)
    {
        return bits[i];
    }

    /** @return the value (a placeholder when no witness is computed). */
    public int value()
    {
        return value;
    }

    /** @return the word rotated right by {@code by}; free. */
    public UInt32 rotr(final int by)
    {
        final int k = by & 31;
        final Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = bits[(i + k) & 31];
        }
        return new UInt32(b, Integer.rotateRight(value, k));
    }

    /** @return the word shifted right by {@code by}, zero-filled; free. */
    public UInt32 shr(final int by)
    {
        final int k = by & 31;
        final Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = i + k < 32 ? bits[i + k] : Boolean.FALSE;
        }
        return new UInt32(b, value >>> k);
    }

    /** @return {@code this ⊕ other}, bit by bit. */
    public UInt32 xor(final ConstraintSystem cs, final UInt32 other)
    {
        final Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = Boolean.xor(cs, bits[i], other.bits[i]);
        }
        return new UInt32(b, value ^ other.value);
    }

    /** @return SHA-256's {@code ch(a, b, c)}, bit by bit. */
    public static UInt32 sha256Ch(final ConstraintSystem cs, final UInt32 a, final UInt32 b, final UInt32 c)
    {
        final Boolean[] r = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            r[i] = Boolean.sha256Ch(cs, a.bits[i], b.bits[i], c.bits[i]);
        }
        return new UInt32(r, a.value & b.value ^ ~a.value & c.value);
    }

    /** @return SHA-256's {@code maj(a, b, c)}, bit by bit. */
    public static UInt32 sha256Maj(final ConstraintSystem cs, final UInt32 a, final UInt32 b, final UInt32 c)
    {
        final Boolean[] r = new Boolean[32];
        for (int i = 0; i < 32; i++)
        {
            r[i] = Boolean.sha256Maj(cs, a.bits[i], b.bits[i], c.bits[i]);
        }
        return new UInt32(r, a.value & b.value ^ a.value & c.value ^ b.value & c.value);
    }

    /**
     * The sum of 2 to 10 words modulo 2^32. Unless every bit is constant, it allocates the k bits of the full sum
     * (k = bit length of n·(2^32 − 1): 33 for two operands, 34 for four, 35 for five), each booleanity-constrained,
     * and hands {@code Σ operands = Σ 2^i·bit_i} to {@code eq}; the carries are dropped.
     *
     * @throws IllegalArgumentException outside 2..10 operands.
     */
    public static UInt32 addMany(final MultiEq eq, final UInt32... operands)
    {
        if (operands.length < 2 || operands.length > 10)
        {
            throw new IllegalArgumentException("addMany takes 2 to 10 operands, got " + operands.length);
        }
        final ConstraintSystem cs = eq.constraintSystem();
        long sum = 0;
        boolean allConstant = true;
        final LinearCombination lhs = new LinearCombination(32 * operands.length);
        for (final UInt32 op : operands)
        {
            sum += op.value & 0xffffffffL;
            for (int i = 0; i < 32; i++)
            {
                op.bits[i].addTo(lhs, Coefficients.POWERS_OF_TWO, i * 4);
                allConstant &= op.bits[i].isConstant();
            }
        }
        if (allConstant)
        {
            return constant((int)sum);
        }
        final int resultBits = 64 - Long.numberOfLeadingZeros(operands.length * 0xffffffffL);
        final LinearCombination rhs = new LinearCombination(resultBits);
        final Boolean[] out = new Boolean[32];
        for (int i = 0; i < resultBits; i++)
        {
            final AllocatedBit b = AllocatedBit.alloc(cs, "result bit", (sum >>> i & 1) != 0);
            rhs.add(Coefficients.POWERS_OF_TWO, i * 4, b.variable());
            if (i < 32)
            {
                out[i] = Boolean.of(b);
            }
        }
        eq.enforceEqual(resultBits, lhs, rhs);
        return new UInt32(out, (int)sum);
    }
}
