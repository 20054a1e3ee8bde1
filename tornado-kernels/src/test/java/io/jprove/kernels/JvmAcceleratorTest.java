package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CPU-executor behaviour beyond the conformance suite. */
final class JvmAcceleratorTest
{
    @Test
    @Timeout(60)
    void shouldNotWaitForReturnedItemsWhenOthersReachABarrier()
    {
        try (Arena arena = Arena.ofShared(); Accelerator cpu = new JvmAccelerator(2))
        {
            final int groups = 3;
            final int local = 128;
            final LongArray a = KernelConformance.longs(arena, new Random(1), groups * local);
            final LongArray out = LongArray.allocate(arena, groups * local);
            cpu.kernel(ConformanceKernels.class, "exitBeforeBarrier").launch(groups, local, a, out);
            for (int g = 0; g < groups; g++)
            {
                for (int l = 0; l < local / 2; l++)
                {
                    assertEquals(a.get(g * local + local / 2 - 1 - l), out.get(g * local + l), "item " + l);
                }
            }
        }
    }
}
