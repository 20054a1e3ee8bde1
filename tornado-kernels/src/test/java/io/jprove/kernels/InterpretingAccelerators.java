package io.jprove.kernels;

/** Opens the PTX-interpreting test accelerator for test suites outside this package. */
public final class InterpretingAccelerators
{
    private InterpretingAccelerators()
    {
    }

    /** @return a new accelerator that interprets the generated PTX. */
    public static Accelerator create()
    {
        return new InterpretingAccelerator();
    }
}
