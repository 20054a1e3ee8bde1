package io.jprove.kernels.msm;

import io.jprove.kernels.Kernel;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.PtxKernel;
import io.jprove.kernels.ptx.Ptxas;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The MSM kernels' PTX assembles with {@code ptxas -arch=sm_90} (where it is installed), and the G1 kernels that
 * carry the MSM's additions keep their points in registers without spills. Each kernel's registers and spills are
 * printed ({@code ptxas KERNEL: …}). The Fq2 kernels take ptxas minutes in all, so only the accumulation and the
 * fixed-base products among them are assembled unless {@code JPROVE_TEST_PTXAS_ALL=true} is in the environment (or
 * {@code -Djprove.test.ptxas.all=true} on a test JVM's command line); they come from the same formulas at degree 2,
 * and a GPU run assembles them all anyway.
 */
final class MsmKernelsAssemblyTest
{
    private static final boolean ALL = Boolean.getBoolean("jprove.test.ptxas.all")
        || "true".equals(System.getenv("JPROVE_TEST_PTXAS_ALL"));
    private static final Pattern SPILLS = Pattern.compile("(\\d+) bytes spill stores, (\\d+) bytes spill loads");
    private static final Pattern REGISTERS = Pattern.compile("Used (\\d+) registers");
    private static final Class<?>[] OWNERS = {SortKernels.class, ScanKernels.class, BucketKernels.class,
        ReduceKernels.class, PointSumKernels.class, PrecomputeKernels.class, BatchAddKernels.class, SplitKernels.class,
        FixedBaseKernels.class};

    @TestFactory
    Stream<DynamicTest> shouldAssembleEveryMsmKernelWhenPtxasIsPresent()
    {
        final List<Method> kernels = new ArrayList<>();
        for (final Class<?> owner : OWNERS)
        {
            for (final Method m : owner.getDeclaredMethods())
            {
                final boolean fq2 = m.getName().contains("Fq2");
                if (m.isAnnotationPresent(Kernel.class) && (ALL || !fq2 || m.getName().equals("accumulateFq2")
                    || m.getName().equals("mulFq2")))
                {
                    kernels.add(m);
                }
            }
        }
        return kernels.stream().map(m -> DynamicTest.dynamicTest(m.getName(), () ->
        {
            final PtxKernel kernel = KernelCompiler.standard().compile(m);
            assertTrue(kernel.ptx().contains(".target sm_90"));
            assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
            System.out.println("ptxas " + m.getName() + ": " + summary(Ptxas.assemble(kernel.ptx(), true)));
        }));
    }

    @Test
    void shouldKeepTheG1AdditionsInRegistersWithoutSpills() throws Exception
    {
        assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
        for (final String name : Set.of("accumulateFq", "batchAddFq", "reduceFq", "sumFq", "mulFq"))
        {
            final Class<?> owner = switch (name)
            {
                case "accumulateFq" -> BucketKernels.class;
                case "batchAddFq" -> BatchAddKernels.class;
                case "mulFq" -> FixedBaseKernels.class;
                case "reduceFq" -> ReduceKernels.class;
                default -> PointSumKernels.class;
            };
            final String info = Ptxas.assemble(KernelCompiler.standard().compile(KernelSignature.find(owner, name))
                .ptx(), true);
            final Matcher spills = SPILLS.matcher(info);
            assertTrue(spills.find(), info);
            assertEquals("0", spills.group(1), name + " spills: " + info);
        }
    }

    private static String summary(final String info)
    {
        final Matcher registers = REGISTERS.matcher(info);
        final Matcher spills = SPILLS.matcher(info);
        return (registers.find() ? registers.group(1) : "?") + " registers, "
            + (spills.find() ? spills.group(1) + " bytes spilled" : "spills unknown");
    }
}
