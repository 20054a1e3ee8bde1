package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;

/** The canonical form: one term per variable with the summed coefficient, zero sums dropped, inputs first. */
class LinearCombinationTest
{
    @Test
    void shouldMergeDropZerosAndSortInputsBeforeAux()
    {
        final LinearCombination lc = new LinearCombination(2);
        lc.add(Variable.aux(7)).add(Variable.input(2)).add(Variable.aux(3)).sub(Variable.aux(7)).add(Variable.ONE)
            .add(Fr.of(5), Variable.aux(3)).add(Variable.input(2));
        final LinearCombination out = lc.normalizeInto(new LinearCombination());
        assertEquals("1·input[0] + 2·input[2] + 6·aux[3]", out.toString());
        assertEquals(LinearCombination.KIND_OTHER, out.kindArray()[1]);
        assertEquals(LinearCombination.KIND_ONE, out.kindArray()[0]);
        assertTrue(out.isCanonical());
    }

    @Test
    void shouldKeepTheValueOfRandomCombinations()
    {
        final SplittableRandom rng = new SplittableRandom(3);
        final long[] values = new long[40 * Fr.LIMBS];
        for (int i = 0; i < 40; i++)
        {
            System.arraycopy(Fr.random(rng), 0, values, i * Fr.LIMBS, Fr.LIMBS);
        }
        for (int trial = 0; trial < 200; trial++)
        {
            final LinearCombination lc = new LinearCombination();
            final int terms = rng.nextInt(0, 60);
            for (int t = 0; t < terms; t++)
            {
                final int v = rng.nextInt(40);
                final int handle = v < 5 ? Variable.input(v) : Variable.aux(v - 5);
                switch (rng.nextInt(3))
                {
                    case 0 -> lc.add(handle);
                    case 1 -> lc.sub(handle);
                    default -> lc.add(Fr.of(rng.nextInt(-3, 4) & 0xffffffffL), handle);
                }
            }
            final LinearCombination out = lc.normalizeInto(new LinearCombination());
            assertTrue(out.isCanonical());
            assertEquals(Fr.toBigInteger(value(lc, values)), Fr.toBigInteger(value(out, values)));
            for (int i = 0; i < out.size(); i++)
            {
                final long[] c = new long[Fr.LIMBS];
                out.coefficient(i, c, 0);
                assertTrue(!Fr.isZero(c, 0));
            }
        }
    }

    private static long[] value(final LinearCombination lc, final long[] values)
    {
        final long[] acc = new long[Fr.LIMBS];
        final long[] t = new long[Fr.LIMBS];
        for (int i = 0; i < lc.size(); i++)
        {
            final int v = lc.variable(i);
            final int at = (Variable.isInput(v) ? Variable.inputIndex(v) : 5 + v) * Fr.LIMBS;
            lc.coefficient(i, t, 0);
            Fr.mul(t, 0, t, 0, values, at);
            Fr.add(acc, 0, acc, 0, t, 0);
        }
        return acc;
    }
}
