package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.Ptxas;
import io.jprove.kernels.ptx.PtxKernel;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every test kernel's PTX assembles with {@code ptxas -arch=sm_90} (skipped where ptxas is not installed). */
final class PtxAssemblyTest
{
    @TestFactory
    Stream<DynamicTest> shouldAssembleEveryTestKernelWhenPtxasIsPresent()
    {
        final List<Method> kernels = new ArrayList<>();
        KernelConformance.forEachKernel(kernels::add);
        for (final Method m : FieldKernels.class.getDeclaredMethods())
        {
            if (m.isAnnotationPresent(Kernel.class))
            {
                kernels.add(m);
            }
        }
        return kernels.stream().map(m -> DynamicTest.dynamicTest(m.getName(), () ->
        {
            final PtxKernel kernel = FieldKernels.COMPILER.compile(m);
            assertTrue(kernel.ptx().contains(".target sm_90"));
            assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
            Ptxas.assemble(kernel.ptx(), false);
        }));
    }

    @org.junit.jupiter.api.Test
    void shouldKeepTheMultiplyChainsInRegistersWithoutSpills() throws Exception
    {
        assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
        for (final String kernel : new String[] {"fqMulChains", "frMulChains"})
        {
            final PtxKernel k = FieldKernels.COMPILER.compile(io.jprove.kernels.ptx.KernelSignature.find(
                FieldKernels.class, kernel));
            final String info = Ptxas.assemble(k.ptx(), true);
            assertTrue(info.contains("0 bytes spill stores, 0 bytes spill loads"), kernel + ": " + info);
        }
    }

    static KernelCompiler compiler()
    {
        return FieldKernels.COMPILER;
    }
}
