package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelSignature;

import java.lang.reflect.Method;

/** Lets tests in other packages name the conformance kernels. */
public final class ConformanceKernelsAccess
{
    private ConformanceKernelsAccess()
    {
    }

    /**
     * @param name a {@link ConformanceKernels} kernel.
     * @return its method.
     */
    public static Method kernel(final String name)
    {
        return KernelSignature.find(ConformanceKernels.class, name);
    }
}
