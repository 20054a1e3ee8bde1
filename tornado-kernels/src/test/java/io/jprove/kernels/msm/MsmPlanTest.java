package io.jprove.kernels.msm;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The window chooser and the launch shapes: what they pick, that it fits, and that the scratch bounds hold. */
final class MsmPlanTest
{
    /** An H200's memory less the reserve, and its multiprocessors. */
    private static final long H200_BUDGET = (141L << 30) - MsmPlan.reserveBytes(141L << 30);
    private static final int H200_MULTIPROCESSORS = 132;

    @Test
    void shouldShareOneBucketSetOf22BitWindowsWhenTheBasesFitTwelveTimes()
    {
        final MsmPlan plan = MsmPlan.choose(1L << 24, MsmCurve.G1, H200_BUDGET, H200_MULTIPROCESSORS);
        assertEquals(22, plan.c());
        assertEquals(12, plan.windows());
        assertEquals(12, plan.copies());
        assertEquals(1, plan.rounds());
    }

    @Test
    void shouldFitTheBudgetWithFewerCopiesWhenMemoryIsShort()
    {
        for (final MsmCurve curve : MsmCurve.values())
        {
            final long budget = 6L << 30;
            final MsmPlan plan = MsmPlan.choose(1L << 24, curve, budget, H200_MULTIPROCESSORS);
            assertTrue(plan.tableBytes(curve) + plan.scratchBytes(curve, H200_MULTIPROCESSORS) <= budget,
                plan::toString);
            assertTrue(plan.copies() < plan.windows(), plan::toString);
        }
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.choose(1L << 24, MsmCurve.G1, 1L << 20,
            H200_MULTIPROCESSORS), "not even the bases fit");
    }

    @Test
    void shouldKeepPointIndicesAndPairCountsBelow2To31WhenChoosing()
    {
        for (int log = 0; log <= 27; log++)
        {
            for (final MsmCurve curve : MsmCurve.values())
            {
                final MsmPlan plan = MsmPlan.choose(1L << log, curve, 1L << 50, H200_MULTIPROCESSORS);
                assertTrue(plan.copies() * plan.bases() < 1L << 31 && plan.maxPairs() < 1L << 31, plan::toString);
                assertTrue(plan.c() >= 1 && plan.c() <= MsmPlan.MAX_WINDOW_BITS, plan::toString);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.of(1L << 27, 16, 1), "16 windows of 2^27");
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.choose(1L << 28, MsmCurve.G1, 1L << 50, 1),
            "2^28 scalars");
    }

    @Test
    void shouldBoundEveryShapeBySizeOfTheScratchWhenFewerScalarsCome()
    {
        final SplittableRandom rng = new SplittableRandom(7);
        for (int trial = 0; trial < 500; trial++)
        {
            final long n = 1 + rng.nextLong(1L << rng.nextInt(1, 27));
            final int c = rng.nextInt(1, MsmPlan.MAX_WINDOW_BITS + 1);
            if (ScalarDigits.windows(c) * n >= 1L << 31)
            {
                continue;
            }
            final MsmPlan plan = MsmPlan.of(n, c, 1);
            final int multiprocessors = rng.nextInt(1, 200);
            final MsmShape capacity = MsmShape.of(plan, multiprocessors);
            final long m = rng.nextLong(n + 1);
            final MsmShape shape = MsmShape.of(plan, multiprocessors, m);
            assertTrue(shape.parts() <= capacity.parts(), () -> plan + " m=" + m);
            assertTrue(shape.reduceItems() <= capacity.reduceItems(), () -> plan + " m=" + m);
            assertTrue((long)shape.segment() * shape.accumulateItems() >= plan.windows() * m, () -> plan + " m=" + m);
        }
    }

    @Test
    void shouldNarrowTheWindowOfASmallTailOverTheBasesAloneAndFitItsScratch()
    {
        // a 32GiB partition's L query on an H200 with room for the bases only, and a PoRep tail of 1.5 %
        final long bases = 130_169_893L;
        final MsmPlan plan = MsmPlan.of(bases, 22, 1);
        final long tail = bases * 15 / 1000;
        final MsmPlan narrowed = plan.narrowedFor(tail);
        assertTrue(narrowed.c() < plan.c() && narrowed.c() >= plan.c() - MsmPlan.NARROWER_WINDOW_BITS,
            narrowed::toString);
        assertEquals(plan.bases(), narrowed.bases(), "the kernels index the same table");
        assertEquals(1, narrowed.copies());
        assertTrue(narrowed.rounds() <= plan.scratchRounds(), "the scratch has room for its rounds");
        assertTrue(narrowed.keys() <= plan.keys() && narrowed.windows() * tail <= plan.maxPairs());
        assertTrue(MsmPlan.of(tail, narrowed.c(), 1).cost() < MsmPlan.of(tail, plan.c(), 1).cost());

        assertSame(plan, plan.narrowedFor(bases), "all the bases: the plan's own window");
        final MsmPlan copies = MsmPlan.of(1L << 20, 16, 4);
        assertSame(copies, copies.narrowedFor(1000), "precomputed copies fix the window");
        assertEquals(copies.rounds(), copies.scratchRounds());
    }
}
