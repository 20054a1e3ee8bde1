package io.jprove.kernels.ptx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import io.jprove.kernels.Kernel;

/**
 * Builds {@link KernelImages}: compiles every {@link Kernel} method of the given jars or class folders to PTX with
 * {@link KernelCompiler#standard()} (the compiler the accelerators use, so the digests match what they will look
 * for), and assembles each with {@code ptxas} for each architecture, in parallel. Used at build time by the GPU-host
 * bundle; nothing of the CUDA toolkit is needed where the images are used.
 * <pre>
 * KernelImageBuilder --out DIR --arch sm_90[,sm_80] [--ptxas PATH] [--cache DIR] JAR_OR_CLASS_DIR...
 * </pre>
 * {@code --cache} keeps images between builds (by architecture and digest), so an unchanged kernel is not assembled
 * again. A kernel that does not compile or assemble fails the build: the same PTX would fail on the device.
 */
public final class KernelImageBuilder
{
    private static final String PACKAGE_PREFIX = "io/jprove/kernels/";

    private KernelImageBuilder()
    {
    }

    /** A kernel's PTX to assemble, by digest. */
    private record Source(String name, String ptx, String digest)
    {
    }

    /**
     * @param args see the class comment.
     * @throws Exception when a kernel does not compile or assemble, or a file cannot be written.
     */
    public static void main(final String[] args) throws Exception
    {
        Path out = null;
        Path cache = null;
        String ptxas = "ptxas";
        final List<String> architectures = new ArrayList<>();
        final List<Path> roots = new ArrayList<>();
        for (int i = 0; i < args.length; i++)
        {
            switch (args[i])
            {
                case "--out" -> out = Path.of(args[++i]);
                case "--cache" -> cache = Path.of(args[++i]);
                case "--ptxas" -> ptxas = args[++i];
                case "--arch" -> architectures.addAll(List.of(args[++i].split(",")));
                default -> roots.add(Path.of(args[i]));
            }
        }
        if (out == null || architectures.isEmpty() || roots.isEmpty())
        {
            throw new IllegalArgumentException("usage: KernelImageBuilder --out DIR --arch sm_90[,...] [--ptxas PATH] "
                + "[--cache DIR] JAR_OR_CLASS_DIR...");
        }
        final long t0 = System.nanoTime();
        final Map<String, Source> sources = compileAll(roots);
        final long t1 = System.nanoTime();
        final int assembled = assembleAll(sources.values(), architectures, out, cache, ptxas);
        System.out.printf(Locale.ROOT, "kernel images: %d kernels to PTX in %.1f s; %d images for %s, %d assembled "
            + "now in %.1f s%n", sources.size(), (t1 - t0) / 1e9, sources.size() * architectures.size(),
            String.join(",", architectures), assembled, (System.nanoTime() - t1) / 1e9);
    }

    /** Every kernel method under {@code io/jprove/kernels/} of the roots, compiled, one entry per distinct PTX. */
    private static Map<String, Source> compileAll(final List<Path> roots) throws IOException
    {
        final Map<String, Source> sources = new LinkedHashMap<>();
        final KernelCompiler compiler = KernelCompiler.standard();
        final ClassLoader loader = KernelImageBuilder.class.getClassLoader();
        for (final Path root : roots)
        {
            for (final String className : classNames(root))
            {
                final Class<?> owner;
                try
                {
                    owner = Class.forName(className, false, loader);
                }
                catch (final ClassNotFoundException | LinkageError ex)
                {
                    throw new IllegalStateException(className + " (from " + root + ") is not on the class path", ex);
                }
                for (final Method method : owner.getDeclaredMethods())
                {
                    if (method.isAnnotationPresent(Kernel.class))
                    {
                        final String ptx = compiler.compile(method).ptx();
                        final String digest = KernelImages.digest(ptx);
                        sources.putIfAbsent(digest, new Source(owner.getSimpleName() + "." + method.getName(), ptx,
                            digest));
                    }
                }
            }
        }
        return sources;
    }

    private static List<String> classNames(final Path root) throws IOException
    {
        final List<String> names = new ArrayList<>();
        if (Files.isDirectory(root))
        {
            try (Stream<Path> files = Files.walk(root))
            {
                files.map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(KernelImageBuilder::isCandidate).sorted().forEach(n -> names.add(className(n)));
            }
        }
        else
        {
            try (JarFile jar = new JarFile(root.toFile()))
            {
                for (final Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();)
                {
                    final String n = e.nextElement().getName();
                    if (isCandidate(n))
                    {
                        names.add(className(n));
                    }
                }
            }
        }
        return names;
    }

    private static boolean isCandidate(final String path)
    {
        return path.startsWith(PACKAGE_PREFIX) && path.endsWith(".class") && !path.endsWith("package-info.class");
    }

    private static String className(final String path)
    {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }

    /** @return how many images were assembled now (the rest came from the cache). */
    private static int assembleAll(final Iterable<Source> sources, final List<String> architectures, final Path out,
        final Path cache, final String ptxas) throws IOException, InterruptedException
    {
        final Path work = Files.createTempDirectory("kernel-images");
        final ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try
        {
            final List<Future<Boolean>> jobs = new ArrayList<>();
            for (final String architecture : architectures)
            {
                for (final Source source : sources)
                {
                    jobs.add(pool.submit(() -> assemble(source, architecture, out, cache, work, ptxas)));
                }
            }
            int assembled = 0;
            for (final Future<Boolean> job : jobs)
            {
                assembled += join(job) ? 1 : 0;
            }
            return assembled;
        }
        finally
        {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
            try (Stream<Path> files = Files.walk(work))
            {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static boolean join(final Future<Boolean> job) throws InterruptedException
    {
        try
        {
            return job.get();
        }
        catch (final ExecutionException ex)
        {
            if (ex.getCause() instanceof final RuntimeException runtime)
            {
                throw runtime;
            }
            throw new IllegalStateException(ex.getCause());
        }
    }

    /** @return true when ptxas ran, false when the image came from the cache. */
    private static boolean assemble(final Source source, final String architecture, final Path out, final Path cache,
        final Path work, final String ptxas)
    {
        try
        {
            final Path target = out.resolve(KernelImages.ROOT + architecture + "/" + source.digest() + ".cubin");
            Files.createDirectories(target.getParent());
            final Path cached = cache == null ? null : cache.resolve(architecture).resolve(source.digest() + ".cubin");
            if (cached != null && Files.isRegularFile(cached))
            {
                Files.copy(cached, target, StandardCopyOption.REPLACE_EXISTING);
                return false;
            }
            final Path ptx = work.resolve(source.digest() + "-" + architecture + ".ptx");
            Files.writeString(ptx, source.ptx(), StandardCharsets.UTF_8);
            final Path log = work.resolve(source.digest() + "-" + architecture + ".log");
            final Process p = new ProcessBuilder(ptxas, "-arch=" + architecture, "-O3", "-o", target.toString(),
                ptx.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            final int rc = p.waitFor();
            if (rc != 0)
            {
                Files.deleteIfExists(target);
                throw new IllegalStateException(ptxas + " -arch=" + architecture + " failed (" + rc + ") on "
                    + source.name() + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            if (cached != null)
            {
                Files.createDirectories(cached.getParent());
                final Path tmp = Files.createTempFile(cached.getParent(), "image", ".tmp");
                Files.copy(target, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("assembling " + source.name() + " for " + architecture, ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while assembling " + source.name(), ex);
        }
    }
}
