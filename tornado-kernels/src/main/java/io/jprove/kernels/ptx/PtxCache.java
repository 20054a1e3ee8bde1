package io.jprove.kernels.ptx;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled PTX kept in memory and on disk, keyed by {@link KernelCompiler#cacheKey} (compiler version, intrinsic
 * table, bytecode of the kernel and its callees), so a changed kernel is never served stale code. The directory is
 * {@code -Djprove.ptx.cache=DIR}, else {@code $XDG_CACHE_HOME/jprove/ptx}, else {@code ~/.cache/jprove/ptx}; a
 * directory that cannot be written leaves the memory cache only.
 */
public final class PtxCache
{
    private static final Map<String, String> MEMORY = new ConcurrentHashMap<>();

    private final KernelCompiler compiler;
    private final Path directory;

    /**
     * @param compiler  compiles on a miss.
     * @param directory where PTX files go, or null for memory only.
     */
    public PtxCache(final KernelCompiler compiler, final Path directory)
    {
        this.compiler = compiler;
        this.directory = directory;
    }

    /**
     * @return the directory chosen by the property, XDG_CACHE_HOME or the home directory.
     */
    public static Path defaultDirectory()
    {
        final String configured = System.getProperty("jprove.ptx.cache");
        if (configured != null && !configured.isBlank())
        {
            return Path.of(configured);
        }
        final String xdg = System.getenv("XDG_CACHE_HOME");
        final Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"),
            ".cache");
        return base.resolve("jprove").resolve("ptx");
    }

    /**
     * @param kernel a kernel method.
     * @return its compiled form, from memory, disk or the compiler.
     */
    public PtxKernel get(final Method kernel)
    {
        final String key = compiler.cacheKey(kernel);
        String ptx = MEMORY.get(key);
        if (ptx == null && directory != null)
        {
            ptx = read(directory.resolve(key + ".ptx"));
        }
        if (ptx != null)
        {
            MEMORY.putIfAbsent(key, ptx);
            return new PtxKernel(kernel.getDeclaringClass().getSimpleName() + "." + kernel.getName(),
                KernelCompiler.entryName(kernel), ptx, KernelSignature.of(kernel), KernelTraits.parse(ptx));
        }
        final PtxKernel compiled = compiler.compile(kernel);
        MEMORY.put(key, compiled.ptx());
        if (directory != null)
        {
            write(directory.resolve(key + ".ptx"), compiled.ptx());
        }
        return compiled;
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    private static void write(final Path file, final String ptx)
    {
        try
        {
            Files.createDirectories(file.getParent());
            final Path tmp = Files.createTempFile(file.getParent(), "ptx", ".tmp");
            Files.writeString(tmp, ptx, StandardCharsets.UTF_8);
            try
            {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            catch (final AtomicMoveNotSupportedException ex)
            {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        catch (final IOException ex)
        {
            // A read-only or full disk only costs a recompilation next time.
        }
    }
}
