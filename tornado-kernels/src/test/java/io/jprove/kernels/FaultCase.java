package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The conformance cases where Java would throw and a kernel must fail instead of returning a silent value: division
 * and unsigned remainder by zero, and reads and writes outside an array. Plain Java (no JUnit) so that a child JVM
 * can run one.
 */
enum FaultCase
{
    DIVIDE_BY_ZERO("shouldFailWhenDividingByZero", "divideByInput",
        arena -> new Object[] {filled(arena, 64, 5), filled(arena, 64, 0),
            filled(arena, 64, 0)}),
    UNSIGNED_REMAINDER_BY_ZERO("shouldFailWhenTakingUnsignedRemainderByZero", "divideLongByInput",
        arena -> new Object[] {LongArray.allocate(arena, 64), LongArray.allocate(arena, 64),
            LongArray.allocate(arena, 64)}),
    WRITE_PAST_THE_END("shouldFailWhenWritingPastTheEnd", "writeAt",
        arena -> new Object[] {LongArray.allocate(arena, 10), 10L}),
    WRITE_BEFORE_THE_START("shouldFailWhenWritingBeforeTheStart", "writeAt",
        arena -> new Object[] {LongArray.allocate(arena, 10), -1L}),
    READ_PAST_THE_END("shouldFailWhenReadingPastTheEnd", "readAt",
        arena -> new Object[] {LongArray.allocate(arena, 10), LongArray.allocate(arena, 1), 10L});

    final String testName;
    final String kernel;
    private final Function<Arena, Object[]> args;

    FaultCase(final String testName, final String kernel, final Function<Arena, Object[]> args)
    {
        this.testName = testName;
        this.kernel = kernel;
        this.args = args;
    }

    private static IntArray filled(final Arena arena, final int n, final int value)
    {
        final IntArray a = IntArray.allocate(arena, n);
        for (int i = 0; i < n; i++)
        {
            a.set(i, value);
        }
        return a;
    }

    static FaultCase byTestName(final String name)
    {
        for (final FaultCase c : values())
        {
            if (c.testName.equals(name))
            {
                return c;
            }
        }
        return null;
    }

    /**
     * Launches the case's kernel and checks that it fails with a {@link KernelFailureException} naming the kernel.
     *
     * @throws AssertionError when the launch returns normally or fails otherwise.
     */
    void failsOn(final Supplier<Accelerator> accelerators)
    {
        try (Arena arena = Arena.ofShared(); Accelerator accelerator = accelerators.get())
        {
            final KernelHandle handle = accelerator.kernel(ConformanceKernels.class, kernel);
            try
            {
                handle.launch(1, 64, args.apply(arena));
            }
            catch (final KernelFailureException failure)
            {
                if (!failure.getMessage().contains("ConformanceKernels." + kernel))
                {
                    throw new AssertionError("failure does not name the kernel: " + failure.getMessage(), failure);
                }
                return;
            }
            throw new AssertionError(kernel + " returned normally on " + accelerator.device() + "; it must fail");
        }
    }
}
