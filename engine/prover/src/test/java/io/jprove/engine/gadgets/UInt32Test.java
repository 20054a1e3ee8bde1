package io.jprove.engine.gadgets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** UInt32: rewirings, XOR, and batched additions with bellperson's costs. */
class UInt32Test
{
    private final SplittableRandom rng = new SplittableRandom(8);

    @Test
    void shouldAddManyModuloTwoToThe32WithOneBitPerSumBitAndOneBatchedEquality()
    {
        for (int n = 2; n <= 10; n++)
        {
            final int[] values = new int[n];
            int expected = 0;
            for (int i = 0; i < n; i++)
            {
                values[i] = i == 0 ? -1 : rng.nextInt();
                expected += values[i];
            }
            final int count = n;
            final UInt32[] sum = new UInt32[1];
            final long constraints = Circuits.proveSatisfied(cs ->
            {
                final UInt32[] ops = new UInt32[count];
                for (int i = 0; i < count; i++)
                {
                    ops[i] = i == 1 ? UInt32.constant(values[i]) : UInt32.alloc(cs, "op", values[i]);
                }
                try (MultiEq eq = new MultiEq(cs))
                {
                    sum[0] = UInt32.addMany(eq, ops);
                }
            });
            assertEquals(expected, sum[0].value());
            assertEquals(expected, valueOfBits(sum[0]));
            final int sumBits = 64 - Long.numberOfLeadingZeros(n * 0xffffffffL);
            assertEquals(32L * (n - 1) + sumBits + 1, constraints, n + " operands");
        }
    }

    @Test
    void shouldFoldConstantAdditionsAndRotateAndShiftForFree()
    {
        final int x = rng.nextInt();
        final UInt32[] r = new UInt32[3];
        final long n = Circuits.proveSatisfied(cs ->
        {
            final UInt32 a = UInt32.alloc(cs, "a", x);
            try (MultiEq eq = new MultiEq(cs))
            {
                r[0] = UInt32.addMany(eq, UInt32.constant(5), UInt32.constant(-1));
            }
            r[1] = a.rotr(7).xor(cs, a.shr(3));
            r[2] = a.xor(cs, UInt32.constant(0xffff0000));
        });
        assertEquals(4, r[0].value());
        assertEquals(true, r[0].bit(2).isConstant());
        assertEquals(Integer.rotateRight(x, 7) ^ x >>> 3, valueOfBits(r[1]));
        assertEquals(x ^ 0xffff0000, valueOfBits(r[2]));
        // 32 booleanity, then one XOR per bit pair where both are allocated (29 of 32 after the shift)
        assertEquals(32 + 29, n);
    }

    @Test
    void shouldRejectTooFewOrTooManyOperands()
    {
        assertThrows(IllegalArgumentException.class, () -> Circuits.count(cs ->
        {
            try (MultiEq eq = new MultiEq(cs))
            {
                UInt32.addMany(eq, UInt32.constant(1));
            }
        }));
    }

    private static int valueOfBits(final UInt32 w)
    {
        int v = 0;
        for (int i = 0; i < 32; i++)
        {
            v |= (w.bit(i).value() ? 1 : 0) << i;
        }
        return v;
    }
}
