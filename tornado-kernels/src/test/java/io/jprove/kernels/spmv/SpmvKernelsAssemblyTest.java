package io.jprove.kernels.spmv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.Ptxas;

/**
 * The SpMV kernels' PTX assembles with {@code ptxas -arch=sm_90} (where it is installed) without spills; each
 * kernel's registers and spills are printed ({@code ptxas KERNEL: …}).
 */
final class SpmvKernelsAssemblyTest
{
    private static final Pattern SPILLS = Pattern.compile("(\\d+) bytes spill stores, (\\d+) bytes spill loads");
    private static final Pattern REGISTERS = Pattern.compile("Used (\\d+) registers");

    @TestFactory
    Stream<DynamicTest> shouldAssembleEverySpmvKernelWithoutSpillsWhenPtxasIsPresent()
    {
        return Stream.of("spmv", "spmvComplete", "unpackWitness").map(name -> DynamicTest.dynamicTest(name, () ->
        {
            final String ptx = KernelCompiler.standard().compile(KernelSignature.find(SpmvKernels.class, name)).ptx();
            assertTrue(ptx.contains(".target sm_90"));
            assumeTrue(Ptxas.available(), "ptxas is not on the PATH");
            final String info = Ptxas.assemble(ptx, true);
            final Matcher registers = REGISTERS.matcher(info);
            final Matcher spills = SPILLS.matcher(info);
            assertTrue(spills.find(), info);
            System.out.println("ptxas " + name + ": " + (registers.find() ? registers.group(1) : "?")
                + " registers, " + spills.group(1) + " bytes spilled");
            assertEquals("0", spills.group(1), name + " spills: " + info);
        }));
    }
}
