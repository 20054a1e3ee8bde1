package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.util.Arrays;

/**
 * The distinct coefficients of recorded matrices, so that each matrix entry stores a 4-byte id instead of a 32-byte
 * element (circuits use few distinct coefficients: ±1, powers of two, round constants). Id 0 is one and id 1 is −1,
 * which evaluation adds or subtracts without multiplying. Open addressing over {@code long[]} limbs.
 */
final class CoefficientTable
{
    /** Id of the coefficient one. */
    static final int ID_ONE = 0;
    /** Id of the coefficient −1. */
    static final int ID_MINUS_ONE = 1;

    private long[] values = new long[64 * Fr.LIMBS];
    private int size;
    private int[] slots = new int[128];

    CoefficientTable()
    {
        idOf(LinearCombination.ONE, 0);
        idOf(LinearCombination.MINUS_ONE, 0);
    }

    /** @return the id of a coefficient (Montgomery limbs), adding it when new. */
    int idOf(final long[] c, final int off)
    {
        final int mask = slots.length - 1;
        int slot = hash(c, off) & mask;
        while (true)
        {
            final int entry = slots[slot];
            if (entry == 0)
            {
                return insert(c, off, slot);
            }
            if (Fr.equal(values, (entry - 1) * Fr.LIMBS, c, off))
            {
                return entry - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** @return the number of distinct coefficients. */
    int size()
    {
        return size;
    }

    /** @return the coefficients, four Montgomery limbs per id, trimmed to {@link #size()}. */
    long[] toLimbs()
    {
        return Arrays.copyOf(values, size * Fr.LIMBS);
    }

    private int insert(final long[] c, final int off, final int slot)
    {
        if (size * Fr.LIMBS == values.length)
        {
            values = Arrays.copyOf(values, values.length * 2);
        }
        System.arraycopy(c, off, values, size * Fr.LIMBS, Fr.LIMBS);
        slots[slot] = ++size;
        if (size * 2 > slots.length)
        {
            rehash();
        }
        return size - 1;
    }

    private void rehash()
    {
        slots = new int[slots.length * 2];
        final int mask = slots.length - 1;
        for (int id = 0; id < size; id++)
        {
            int slot = hash(values, id * Fr.LIMBS) & mask;
            while (slots[slot] != 0)
            {
                slot = (slot + 1) & mask;
            }
            slots[slot] = id + 1;
        }
    }

    private static int hash(final long[] c, final int off)
    {
        long h = c[off] * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 1]) * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 2]) * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 3]) * 0x9E3779B97F4A7C15L;
        return (int)(h ^ (h >>> 32));
    }
}
