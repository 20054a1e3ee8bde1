package io.jprove.kernels.cuda;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Catches typos in the hand-written test PTX without a GPU, with {@code ptxas -arch=sm_90} where it is installed. */
class PtxAssemblyTest
{
    @TempDir
    Path dir;

    private static Path ptxas()
    {
        final String path = System.getenv("PATH");
        if (path == null)
        {
            return null;
        }
        for (final String entry : path.split(File.pathSeparator))
        {
            final Path candidate = Path.of(entry.isEmpty() ? "." : entry, "ptxas");
            if (Files.isExecutable(candidate))
            {
                return candidate;
            }
        }
        return null;
    }

    private record Assembly(int exitCode, String output)
    {
    }

    private Assembly assemble(final String name, final String ptx) throws IOException, InterruptedException
    {
        final Path ptxas = ptxas();
        Assumptions.assumeTrue(ptxas != null, "ptxas is not on the PATH");
        final Path source = dir.resolve(name + ".ptx");
        Files.writeString(source, ptx, StandardCharsets.UTF_8);
        final Process process = new ProcessBuilder(ptxas.toString(), "-arch=sm_90", "-o",
            dir.resolve(name + ".cubin").toString(), source.toString())
            .redirectErrorStream(true)
            .start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ptxas finished");
        return new Assembly(process.exitValue(), output);
    }

    @Test
    void shouldAssembleTestKernelsWhenPtxasIsPresent() throws IOException, InterruptedException
    {
        final Assembly assembly = assemble("test-kernels", TestKernels.ptx());
        assertEquals(0, assembly.exitCode(), assembly.output());
        assertTrue(Files.size(dir.resolve("test-kernels.cubin")) > 0);
    }

    @Test
    void shouldRejectBrokenKernelWhenPtxasIsPresent() throws IOException, InterruptedException
    {
        final Assembly assembly = assemble("broken", TestKernels.BROKEN_PTX);
        assertNotEquals(0, assembly.exitCode(), "the broken PTX must really be broken");
        assertTrue(assembly.output().contains("error"), assembly.output());
    }
}
