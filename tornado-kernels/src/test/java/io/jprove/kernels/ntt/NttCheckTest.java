package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;

import java.lang.foreign.Arena;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The direct-evaluation checks agree with the CPU transforms and provers, and reject a changed result. */
final class NttCheckTest
{
    @Test
    void shouldPredictEveryOutputWhenEvaluatingDirectly()
    {
        final int log = 7;
        try (Arena arena = Arena.ofShared(); Ntt ntt = new Ntt(1); NttCheck check = new NttCheck(2))
        {
            final FrVector input = NttConformance.random(arena, 1 << log, new Random(5));
            for (final NttDirection direction : NttDirection.values())
            {
                for (final boolean coset : new boolean[] {false, true})
                {
                    final FrVector out = FrVector.allocate(arena, 1 << log);
                    out.segment().copyFrom(input.segment());
                    ntt.transform(out.segment(), EvaluationDomain.ofLogSize(log), direction, coset, NttOrder.NN);
                    for (final long k : new long[] {0, 1, 77, (1 << log) - 1})
                    {
                        final long[] expected = new long[Fr.LIMBS];
                        out.get(k, expected, 0);
                        assertArrayEquals(expected, check.output(input.segment(), log, NttRoots.JPROVE, direction,
                            coset, k), direction + " coset=" + coset + " output " + k);
                    }
                }
            }
        }
    }

    /** a, b random, c = a·b elementwise: the evaluations of a satisfied witness. */
    static FrVector[] satisfied(final Arena arena, final long m, final Random rnd)
    {
        final FrVector a = NttConformance.random(arena, m, rnd);
        final FrVector b = NttConformance.random(arena, m, rnd);
        final FrVector c = FrVector.allocate(arena, m);
        final long[] x = new long[Fr.LIMBS];
        final long[] y = new long[Fr.LIMBS];
        for (long i = 0; i < m; i++)
        {
            a.get(i, x, 0);
            b.get(i, y, 0);
            Fr.mul(x, 0, x, 0, y, 0);
            c.set(i, x, 0);
        }
        return new FrVector[] {a, b, c};
    }

    @Test
    void shouldAcceptTheCpuProversHAndRejectAChangedOne()
    {
        final int log = 8;
        try (Arena arena = Arena.ofShared(); NttCheck check = new NttCheck(2))
        {
            final Random rnd = new Random(6);
            final FrVector[] abc = satisfied(arena, 1 << log, rnd);
            final long[] tau = Fr.random(rnd);
            final FrVector h = HChainConformance.bellpersonH(abc, log, arena);
            assertTrue(check.bellpersonHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), h.segment(), log,
                tau));
            final FrVector s = HChainConformance.snarkjsH(abc, log, arena);
            assertTrue(check.snarkjsHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), s.segment(), log,
                41));
            h.set(3, Fr.one(), 0);
            s.set(41, Fr.one(), 0);
            assertFalse(check.bellpersonHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), h.segment(), log,
                tau));
            assertFalse(check.snarkjsHolds(abc[0].segment(), abc[1].segment(), abc[2].segment(), s.segment(), log,
                41));
        }
    }
}
