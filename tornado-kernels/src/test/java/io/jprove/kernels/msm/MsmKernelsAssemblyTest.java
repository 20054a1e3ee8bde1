package io.jprove.kernels.msm;

import io.jprove.kernels.Kernel;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.PtxKernel;
import io.jprove.kernels.ptx.Ptxas;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

final class MsmKernelsAssemblyTest
{
    @TestFactory
    Stream<DynamicTest> shouldAssembleEveryMsmKernel()
    {
        final List<Method> kernels = new ArrayList<>();
        for (final Class<?> owner : new Class<?>[] {SortKernels.class, ScanKernels.class, BucketKernels.class,
            ReduceKernels.class, PointSumKernels.class, PrecomputeKernels.class, BatchAddKernels.class,
            SplitKernels.class})
        {
            for (final Method m : owner.getDeclaredMethods())
            {
                if (m.isAnnotationPresent(Kernel.class))
                {
                    kernels.add(m);
                }
            }
        }
        return kernels.stream().map(m -> DynamicTest.dynamicTest(m.getName(), () ->
        {
            final long t0 = System.nanoTime();
            final PtxKernel kernel = KernelCompiler.standard().compile(m);
            final long t1 = System.nanoTime();
            assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
            final String info = Ptxas.assemble(kernel.ptx(), true);
            final long t2 = System.nanoTime();
            System.out.println("MSMPTX " + m.getName() + " lines=" + kernel.ptx().split("\n").length + " compile_ms="
                + (t1 - t0) / 1_000_000 + " ptxas_ms=" + (t2 - t1) / 1_000_000 + "\n" + info);
        }));
    }
}
