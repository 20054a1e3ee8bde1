package io.jprove.kernels.ptx;

import io.jprove.kernels.ConformanceKernelsAccess;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PTX cache is keyed by bytecode and survives on disk. */
final class PtxCacheTest
{
    @Test
    void shouldKeyByKernelAndWriteOnceToDiskWhenCompiling(@TempDir final Path dir) throws Exception
    {
        final Method loops = ConformanceKernelsAccess.kernel("loops");
        final Method indices = ConformanceKernelsAccess.kernel("indices");
        final KernelCompiler compiler = KernelCompiler.standard();
        assertEquals(compiler.cacheKey(loops), compiler.cacheKey(loops));
        assertNotEquals(compiler.cacheKey(loops), compiler.cacheKey(indices));
        final PtxKernel compiled = new PtxCache(compiler, dir).get(loops);
        final Path file = dir.resolve(compiler.cacheKey(loops) + ".ptx");
        assertTrue(Files.isRegularFile(file));
        assertEquals(compiled.ptx(), Files.readString(file));
        final PtxKernel cached = new PtxCache(compiler, dir).get(loops);
        assertEquals(compiled.ptx(), cached.ptx());
        assertEquals(compiled.entry(), cached.entry());
        assertEquals(compiled.signature(), cached.signature());
    }
}
