package io.jprove.kernels;

import io.jprove.kernels.msm.BatchAddKernels;
import io.jprove.kernels.msm.BucketKernels;
import io.jprove.kernels.msm.PointSumKernels;
import io.jprove.kernels.msm.PrecomputeKernels;
import io.jprove.kernels.msm.ReduceKernels;
import io.jprove.kernels.msm.ScanKernels;
import io.jprove.kernels.msm.SortKernels;
import io.jprove.kernels.msm.SplitKernels;
import io.jprove.kernels.ntt.HChainKernels;
import io.jprove.kernels.ntt.NttKernels;
import io.jprove.kernels.ptx.ChainText;
import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.spmv.SpmvKernels;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PTX the compiler writes is pinned: the SHA-256 of every kernel's module (the library's kernels and the test
 * kernels) and of every field chain on its own (each operation of Fq and Fr, the row-layout multiply included, which
 * no kernel uses unless {@code -Djprove.ptx.mul=rows}) is checked in, so a change to how the chains are generated
 * that alters one instruction of GPU code fails here, without a GPU. A deliberate change regenerates the list with
 * {@code -Djprove.regenerate=true} and says in its commit why the GPU code changed (and what it measured).
 */
final class PtxPinTest
{
    /** The pinned digests, relative to the tornado-kernels module. */
    private static final Path DIGESTS = Path.of("src", "test", "resources", "io", "jprove", "kernels",
        "ptx-digests.txt");
    private static final Class<?>[] OWNERS = {SortKernels.class, ScanKernels.class, BucketKernels.class,
        ReduceKernels.class, PointSumKernels.class, PrecomputeKernels.class, BatchAddKernels.class, SplitKernels.class,
        NttKernels.class, HChainKernels.class, SpmvKernels.class, FieldKernels.class, ConformanceKernels.class};

    /** Compiled once for both tests: compiling every kernel takes about half a minute. */
    private static Map<String, String> compiled;

    @Test
    void shouldWriteTheSamePtxAsThePinnedDigests() throws IOException
    {
        final Map<String, String> current = digests();
        if (Boolean.getBoolean("jprove.regenerate"))
        {
            final StringBuilder text = new StringBuilder();
            text.append("# SHA-256 of the PTX of each kernel and field chain; written by PtxPinTest ")
                .append("(-Djprove.regenerate=true), never by hand.\n");
            current.forEach((k, v) -> text.append(k).append(' ').append(v).append('\n'));
            Files.writeString(DIGESTS, text.toString(), StandardCharsets.UTF_8);
        }
        final Map<String, String> pinned = new TreeMap<>();
        for (final String line : Files.readAllLines(DIGESTS, StandardCharsets.UTF_8))
        {
            if (!line.startsWith("#") && !line.isBlank())
            {
                final String[] parts = line.split(" ");
                pinned.put(parts[0], parts[1]);
            }
        }
        assertEquals(pinned.keySet(), current.keySet(), "the pinned kernels and chains are the ones compiled");
        for (final Map.Entry<String, String> e : current.entrySet())
        {
            assertEquals(pinned.get(e.getKey()), e.getValue(), e.getKey() + ": its PTX is not the pinned one");
        }
    }

    @Test
    void shouldDigestTheModulesTheCompilerWrites()
    {
        final Map<String, String> current = digests();
        assertTrue(current.keySet().stream().anyMatch(k -> k.startsWith("chain:Fq.mul")), "the chains are digested");
        assertTrue(current.containsKey("kernel:FieldKernels#fqMulChains"), "the field kernels are digested");
        assertEquals(current.size(), current.values().stream().distinct().count(),
            "every module differs from the others");
    }

    private static synchronized Map<String, String> digests()
    {
        if (compiled == null)
        {
            compiled = compile();
        }
        return compiled;
    }

    private static Map<String, String> compile()
    {
        final Map<String, String> digests = new TreeMap<>();
        for (final Map.Entry<String, String> chain : ChainText.chains().entrySet())
        {
            digests.put("chain:" + chain.getKey(), sha256(chain.getValue()));
        }
        final KernelCompiler compiler = KernelCompiler.standard();
        for (final Class<?> owner : OWNERS)
        {
            final Method[] methods = owner.getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::toString));
            for (final Method m : methods)
            {
                if (m.isAnnotationPresent(Kernel.class))
                {
                    final String key = "kernel:" + owner.getSimpleName() + "#" + m.getName();
                    if (digests.put(key, sha256(compiler.compile(m).ptx())) != null)
                    {
                        throw new AssertionError(key + " is overloaded: pin kernels by a unique name");
                    }
                }
            }
        }
        return digests;
    }

    private static String sha256(final String text)
    {
        try
        {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
        }
        catch (final java.security.NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
