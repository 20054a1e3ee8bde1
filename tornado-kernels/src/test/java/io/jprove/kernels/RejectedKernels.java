package io.jprove.kernels;

/** Kernels using what the compiler refuses; {@link KernelCompilerRejectionTest} checks each error message. */
public final class RejectedKernels
{
    static int counter;

    private RejectedKernels()
    {
    }

    /** Floating point. */
    @Kernel
    public static void floatingPoint(final KernelContext ctx, final LongArray a)
    {
        final double d = a.get(0) * 1.5;
        a.set(0, (long)d);
    }

    /** Allocating an object. */
    @Kernel
    public static void allocation(final KernelContext ctx, final LongArray a)
    {
        final StringBuilder sb = new StringBuilder();
        a.set(0, sb.length());
    }

    /** A library call outside the supported list. */
    @Kernel
    public static void libraryCall(final KernelContext ctx, final LongArray a)
    {
        a.set(0, Math.floorMod(a.get(0), 7L));
    }

    /** Recursion. */
    @Kernel
    public static void recursion(final KernelContext ctx, final LongArray a)
    {
        a.set(0, factorial(a.get(0)));
    }

    private static long factorial(final long n)
    {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    /** A local array indexed by a run-time value. */
    @Kernel
    public static void dynamicIndex(final KernelContext ctx, final LongArray a)
    {
        final long[] t = new long[4];
        t[(int)(a.get(0) & 3)] = 1;
        a.set(1, t[0]);
    }

    /** A local array whose length is a run-time value. */
    @Kernel
    public static void dynamicLength(final KernelContext ctx, final LongArray a)
    {
        final long[] t = new long[(int)a.get(0)];
        a.set(1, t.length);
    }

    /** Reading a static field. */
    @Kernel
    public static void staticField(final KernelContext ctx, final LongArray a)
    {
        a.set(0, counter);
    }

    /** A switch statement. */
    @Kernel
    public static void switchStatement(final KernelContext ctx, final LongArray a)
    {
        switch ((int)a.get(0))
        {
            case 1 -> a.set(1, 10);
            case 2 -> a.set(1, 20);
            case 3 -> a.set(1, 30);
            default -> a.set(1, 0);
        }
    }

    /** A shared array requested after a branch. */
    @Kernel
    public static void lateShared(final KernelContext ctx, final LongArray a)
    {
        if (ctx.globalIdX() >= a.length())
        {
            return;
        }
        final LongArray s = ctx.sharedLongs(32);
        s.set(0, 1);
    }

    /** An array reference that depends on run-time data. */
    @Kernel
    public static void referenceMerge(final KernelContext ctx, final LongArray a, final LongArray b)
    {
        final LongArray t = ctx.globalIdX() > 3 ? a : b;
        t.set(0, 1);
    }

    /** A loop with constant control that never ends. */
    @Kernel
    public static void endlessUnrolling(final KernelContext ctx, final LongArray a)
    {
        final long[] t = new long[2];
        for (int k = 0; k != -1; k += 2)
        {
            t[k & 1] += k;
        }
        a.set(0, t[0]);
    }

    /** Throwing. */
    @Kernel
    public static void throwing(final KernelContext ctx, final LongArray a)
    {
        if (a.get(0) < 0)
        {
            throw new IllegalStateException("negative");
        }
    }

    /** Catching an exception: Java would continue where the GPU traps. */
    @Kernel
    public static void catching(final KernelContext ctx, final LongArray a)
    {
        try
        {
            a.set(0, a.get(0) / a.get(1));
        }
        catch (final ArithmeticException ex)
        {
            a.set(0, -1);
        }
    }

    /** A synchronized callee. */
    @Kernel
    public static void synchronizedCallee(final KernelContext ctx, final LongArray a)
    {
        a.set(0, locked(a.get(0)));
    }

    private static synchronized long locked(final long v)
    {
        return v + 1;
    }
}
