package io.jprove.timeline.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class IntervalsTest
{
    private static final int SPAN = 200;

    @Test
    void shouldAgreeWithABitmapWhenIntervalsAreRandom()
    {
        final SplittableRandom random = new SplittableRandom(0x5EEDL);
        for (int trial = 0; trial < 2_000; trial++)
        {
            final long[] a = random(random);
            final long[] b = random(random);
            final boolean[] bitsA = bitmap(a);
            final boolean[] bitsB = bitmap(b);
            final long[] mergedA = Intervals.merge(a);
            final long[] mergedB = Intervals.merge(b);
            assertArrayEquals(bitsA, bitmap(mergedA), "merge");
            assertCanonical(mergedA);
            assertEquals(count(bitsA), Intervals.length(mergedA), "length");
            final boolean[] and = new boolean[SPAN];
            final boolean[] minus = new boolean[SPAN];
            for (int i = 0; i < SPAN; i++)
            {
                and[i] = bitsA[i] && bitsB[i];
                minus[i] = bitsA[i] && !bitsB[i];
            }
            final long[] intersection = Intervals.intersect(mergedA, mergedB);
            final long[] difference = Intervals.subtract(mergedA, mergedB);
            assertArrayEquals(and, bitmap(intersection), "intersect");
            assertArrayEquals(minus, bitmap(difference), "subtract");
            assertCanonical(Intervals.merge(intersection));
            final int lo = random.nextInt(SPAN);
            final int hi = lo + random.nextInt(SPAN - lo + 1);
            int within = 0;
            for (int i = lo; i < hi; i++)
            {
                within += bitsA[i] ? 1 : 0;
            }
            assertEquals(within, Intervals.lengthWithin(mergedA, lo, hi), "lengthWithin");
        }
    }

    @Test
    void shouldDropEmptyAndInvertedIntervalsWhenMerging()
    {
        assertArrayEquals(new long[] {1, 5}, Intervals.merge(new long[] {3, 3, 4, 2, 1, 3, 3, 5}));
        assertArrayEquals(Intervals.EMPTY, Intervals.of(5, 5));
    }

    private static long[] random(final SplittableRandom random)
    {
        final int count = random.nextInt(8);
        final long[] flat = new long[2 * count];
        for (int i = 0; i < count; i++)
        {
            final int start = random.nextInt(SPAN);
            flat[2 * i] = start;
            flat[2 * i + 1] = start + random.nextInt(Math.min(40, SPAN - start) + 1);
        }
        return flat;
    }

    private static boolean[] bitmap(final long[] flat)
    {
        final boolean[] bits = new boolean[SPAN];
        for (int i = 0; i < flat.length; i += 2)
        {
            for (long t = flat[i]; t < flat[i + 1]; t++)
            {
                bits[(int)t] = true;
            }
        }
        return bits;
    }

    private static int count(final boolean[] bits)
    {
        int n = 0;
        for (final boolean bit : bits)
        {
            n += bit ? 1 : 0;
        }
        return n;
    }

    private static void assertCanonical(final long[] merged)
    {
        for (int i = 0; i < merged.length; i += 2)
        {
            assertEquals(true, merged[i] < merged[i + 1], "non-empty");
            if (i > 0)
            {
                assertEquals(true, merged[i - 1] < merged[i], "sorted and not touching");
            }
        }
    }
}
