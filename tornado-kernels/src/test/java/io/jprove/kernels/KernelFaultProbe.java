package io.jprove.kernels;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs one {@link FaultCase} in this JVM and exits 0 when the kernel failed as it must, 1 otherwise. The CUDA
 * conformance suite starts it as a child process per case, because a kernel fault leaves CUDA unusable for the rest
 * of the process that saw it.
 */
public final class KernelFaultProbe
{
    private KernelFaultProbe()
    {
    }

    public static void main(final String[] args)
    {
        final FaultCase fault = FaultCase.valueOf(args[1]);
        try
        {
            fault.failsOn(() -> Accelerator.open(args[0]));
            System.out.println("ok: " + fault.testName);
            System.exit(0);
        }
        catch (final Throwable t)
        {
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }

    /** Runs the case in a child JVM with the same runtime and the jars this test runs from; fails if it fails. */
    static void runInChildProcess(final String device, final FaultCase fault) throws IOException, InterruptedException
    {
        final Set<String> classPath = new LinkedHashSet<>();
        for (final Class<?> c : new Class<?>[] {KernelFaultProbe.class, Accelerator.class, io.jprove.field.Fq.class})
        {
            classPath.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().getPath()).toString());
        }
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
            String.join(File.pathSeparator, classPath), KernelFaultProbe.class.getName(), device, fault.name()));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError(fault.testName + ": child JVM did not finish\n" + output);
        }
        if (process.exitValue() != 0)
        {
            throw new AssertionError(fault.testName + " on " + device + " in a child JVM:\n" + output);
        }
    }
}
