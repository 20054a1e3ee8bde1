package io.jprove.kernels.ptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs NVIDIA's {@code ptxas -arch=sm_90} on generated PTX when it is on the PATH (CI has it; no GPU needed). */
public final class Ptxas
{
    private static final Boolean AVAILABLE = probe();

    private Ptxas()
    {
    }

    /**
     * @return true when {@code ptxas} runs.
     */
    public static boolean available()
    {
        return AVAILABLE;
    }

    private static boolean probe()
    {
        try
        {
            final Process p = new ProcessBuilder("ptxas", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        }
        catch (final IOException ex)
        {
            return false;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Assembles PTX for sm_90.
     *
     * @param ptx     module text.
     * @param verbose adds {@code -v} (registers, spills).
     * @return ptxas's output.
     * @throws AssertionError with ptxas's messages and the PTX when it fails.
     */
    public static String assemble(final String ptx, final boolean verbose) throws IOException, InterruptedException
    {
        final Path dir = Files.createTempDirectory("jprove-ptxas");
        try
        {
            final Path source = dir.resolve("kernel.ptx");
            Files.writeString(source, ptx, StandardCharsets.UTF_8);
            final ProcessBuilder pb = verbose
                ? new ProcessBuilder("ptxas", "-arch=sm_90", "-v", source.toString(), "-o",
                    dir.resolve("k.cubin").toString())
                : new ProcessBuilder("ptxas", "-arch=sm_90", source.toString(), "-o",
                    dir.resolve("k.cubin").toString());
            final Process p = pb.redirectErrorStream(true).start();
            final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0)
            {
                throw new AssertionError("ptxas rejected the PTX:\n" + output + "\n" + numbered(ptx));
            }
            return output;
        }
        finally
        {
            try (var files = Files.walk(dir))
            {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static String numbered(final String ptx)
    {
        final StringBuilder sb = new StringBuilder();
        final String[] lines = ptx.split("\n");
        for (int i = 0; i < Math.min(lines.length, 400); i++)
        {
            sb.append(i + 1).append(": ").append(lines[i]).append('\n');
        }
        return sb.toString();
    }
}
