package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompileException;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;

import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unsupported constructs are refused at compile time with the method, bytecode offset, line and reason. */
final class KernelCompilerRejectionTest
{
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "floatingPoint|no floating point",
        "allocation|object allocation",
        "libraryCall|unsupported library call java.lang.Math.floorMod",
        "recursion|recursive call",
        "dynamicIndex|index is not a compile-time constant",
        "dynamicLength|length of a local array must be a compile-time constant",
        "staticField|field access",
        "switchStatement|switch statements",
        "lateShared|shared arrays must be requested at the start",
        "referenceMerge|not the same one on every path",
        "endlessUnrolling|iterations while being unrolled",
        "throwing|object allocation",
        "catching|exception handlers",
        "synchronizedCallee|is synchronized"})
    void shouldRefuseWithLocationWhenKernelUsesUnsupportedConstruct(final String kernel, final String reason)
    {
        final KernelCompileException ex = assertThrows(KernelCompileException.class,
            () -> KernelCompiler.standard().compile(KernelSignature.find(RejectedKernels.class, kernel)));
        final String message = ex.getMessage();
        assertTrue(message.contains(reason), message);
        assertTrue(message.contains("RejectedKernels." + kernel), message);
        assertTrue(Pattern.compile("at bytecode offset \\d+ \\(line [1-9]\\d*\\)").matcher(message).find(), message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"floatingPoint", "recursion"})
    void shouldRefuseOnTheJvmToo(final String kernel)
    {
        try (Accelerator cpu = Accelerator.open("jvm"))
        {
            assertThrows(KernelCompileException.class, () -> cpu.kernel(RejectedKernels.class, kernel));
        }
    }
}
