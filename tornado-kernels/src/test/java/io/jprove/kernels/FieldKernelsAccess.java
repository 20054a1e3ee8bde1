package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;

/** Gives test code in other packages the compiler that knows the reference field classes. */
public final class FieldKernelsAccess
{
    private FieldKernelsAccess()
    {
    }

    /**
     * @return {@link FieldKernels#COMPILER}.
     */
    public static KernelCompiler compiler()
    {
        return FieldKernels.COMPILER;
    }
}
