package io.jprove.kernels.ptx;


import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the PTX of named test kernels to files (for inspection and {@code ptxas -v}). */
public final class PtxDump
{
    private PtxDump()
    {
    }

    /**
     * @param args output directory, then {@code Class#method} names.
     */
    public static void main(final String[] args) throws Exception
    {
        final Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (int i = 1; i < args.length; i++)
        {
            final String[] parts = args[i].split("#");
            final Class<?> owner = Class.forName(parts[0]);
            final PtxKernel k = KernelCompiler.standard().compile(KernelSignature.find(owner, parts[1]));
            Files.writeString(dir.resolve(parts[1] + ".ptx"), k.ptx());
            System.out.println(parts[1] + ": " + k.ptx().lines().count() + " lines");
        }
    }
}
