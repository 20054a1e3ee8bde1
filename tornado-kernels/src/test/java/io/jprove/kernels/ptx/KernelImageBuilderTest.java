package io.jprove.kernels.ptx;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jprove.kernels.Kernel;
import io.jprove.kernels.msm.ScanKernels;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The ahead-of-time images: built from the standard compiler's PTX, found by that PTX's digest, cached by it. */
final class KernelImageBuilderTest
{
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};

    @Test
    void shouldAssembleEveryKernelOfAClassAndFindEachByItsPtx(@TempDir final Path dir) throws Exception
    {
        assumeTrue(Ptxas.available() || "true".equals(System.getenv("CI")), "ptxas is not on the PATH");
        final Path root = classRoot(dir.resolve("classes"), ScanKernels.class);
        final Path out = dir.resolve("out");
        final Path cache = dir.resolve("cache");
        KernelImageBuilder.main(new String[] {"--out", out.toString(), "--arch", "sm_90", "--cache",
            cache.toString(), root.toString()});

        final List<String> ptx = kernelsPtx(ScanKernels.class);
        assertFalse(ptx.isEmpty());
        try (URLClassLoader images = new URLClassLoader(new URL[] {out.toUri().toURL()}, null))
        {
            for (final String p : ptx)
            {
                final byte[] image = KernelImages.find(p, "sm_90", images);
                assertNotNull(image, "no image for a kernel of ScanKernels");
                assertArrayEquals(ELF_MAGIC, java.util.Arrays.copyOf(image, 4), "a cubin is an ELF file");
                assertArrayEquals(image, Files.readAllBytes(cache.resolve("sm_90")
                    .resolve(KernelImages.digest(p) + ".cubin")), "the cache keeps the same image");
                assertNull(KernelImages.find(p + "\n", "sm_90", images), "another PTX text has no image");
                assertNull(KernelImages.find(p, "sm_80", images), "nor another architecture");
            }
        }

        // a second build takes everything from the cache: a ptxas that cannot run is never started
        final Path again = dir.resolve("again");
        KernelImageBuilder.main(new String[] {"--out", again.toString(), "--arch", "sm_90", "--cache",
            cache.toString(), "--ptxas", dir.resolve("no-such-ptxas").toString(), root.toString()});
        try (var files = Files.walk(again))
        {
            assertEquals(ptx.size(), files.filter(f -> f.toString().endsWith(".cubin")).count());
        }
    }

    @Test
    void shouldFailNamingTheKernelWhenPtxasFails(@TempDir final Path dir) throws Exception
    {
        final Path root = classRoot(dir.resolve("classes"), ScanKernels.class);
        final Path fakePtxas = Files.writeString(dir.resolve("ptxas"), "#!/bin/sh\necho 'ptxas fatal: no'\nexit 3\n");
        assumeTrue(fakePtxas.toFile().setExecutable(true), "cannot make a script executable here");
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> KernelImageBuilder.main(
            new String[] {"--out", dir.resolve("out").toString(), "--arch", "sm_90", "--ptxas", fakePtxas.toString(),
                root.toString()}));
        assertTrue(ex.getMessage().contains("ScanKernels.") && ex.getMessage().contains("ptxas fatal: no"),
            ex.getMessage());
    }

    @Test
    void shouldNameImagesByTheDigestOfTheirPtxUnderTheArchitecture()
    {
        assertEquals("sm_90", KernelImages.architecture(9, 0));
        assertEquals("io/jprove/kernels/images/sm_90/"
            + "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.cubin",
            KernelImages.resourceName("", "sm_90"), "the SHA-256 of the empty string");
    }

    /** A class folder holding just {@code owner}'s class file, as a build's output would. */
    private static Path classRoot(final Path root, final Class<?> owner) throws Exception
    {
        final String name = owner.getName().replace('.', '/') + ".class";
        final Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        try (InputStream in = owner.getClassLoader().getResourceAsStream(name))
        {
            Files.write(file, in.readAllBytes());
        }
        return root;
    }

    private static List<String> kernelsPtx(final Class<?> owner)
    {
        final List<String> ptx = new ArrayList<>();
        for (final Method m : owner.getDeclaredMethods())
        {
            if (m.isAnnotationPresent(Kernel.class))
            {
                ptx.add(KernelCompiler.standard().compile(m).ptx());
            }
        }
        return ptx;
    }
}
