package io.jprove.engine.gadgets;

import io.jprove.field.Fr;

/** Fr constants the gadgets put into linear combinations: ±1 and the powers of two up to 2^254. */
final class Coefficients
{
    /** One. */
    static final long[] ONE = Fr.one();
    /** −1. */
    static final long[] MINUS_ONE = negate(ONE);
    /** {@code POWERS_OF_TWO[i] = 2^i}, at offset {@code 4i}, for 0 ≤ i ≤ 254. */
    static final long[] POWERS_OF_TWO = powersOfTwo(255);

    private Coefficients()
    {
    }

    /** @return a new element equal to {@code −a}. */
    static long[] negate(final long[] a)
    {
        final long[] r = new long[Fr.LIMBS];
        Fr.neg(r, a);
        return r;
    }

    /** @return a new element equal to {@code 2^i}. */
    static long[] powerOfTwo(final int i)
    {
        final long[] r = new long[Fr.LIMBS];
        System.arraycopy(POWERS_OF_TWO, i * Fr.LIMBS, r, 0, Fr.LIMBS);
        return r;
    }

    private static long[] powersOfTwo(final int count)
    {
        final long[] table = new long[count * Fr.LIMBS];
        Fr.setOne(table, 0);
        for (int i = 1; i < count; i++)
        {
            Fr.dbl(table, i * Fr.LIMBS, table, (i - 1) * Fr.LIMBS);
        }
        return table;
    }
}
