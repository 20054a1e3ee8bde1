package io.jprove.kernels.cuda;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CudaResultTest
{
    @Test
    void shouldNameCodesAsCudaHeaderWhenKnown()
    {
        assertEquals("CUDA_SUCCESS", CudaResult.name(0));
        assertEquals("CUDA_ERROR_INVALID_VALUE", CudaResult.name(1));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", CudaResult.name(2));
        assertEquals("CUDA_ERROR_NOT_INITIALIZED", CudaResult.name(3));
        assertEquals("CUDA_ERROR_NO_DEVICE", CudaResult.name(100));
        assertEquals("CUDA_ERROR_INVALID_PTX", CudaResult.name(218));
        assertEquals("CUDA_ERROR_UNSUPPORTED_PTX_VERSION", CudaResult.name(222));
        assertEquals("CUDA_ERROR_INVALID_HANDLE", CudaResult.name(400));
        assertEquals("CUDA_ERROR_NOT_FOUND", CudaResult.name(500));
        assertEquals("CUDA_ERROR_NOT_READY", CudaResult.name(600));
        assertEquals("CUDA_ERROR_ILLEGAL_ADDRESS", CudaResult.name(700));
        assertEquals("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", CudaResult.name(701));
        assertEquals("CUDA_ERROR_LAUNCH_FAILED", CudaResult.name(719));
        assertEquals("CUDA_ERROR_UNKNOWN", CudaResult.name(999));
    }

    @Test
    void shouldMatchNamedConstantsWhenLookingThemUp()
    {
        assertEquals("CUDA_SUCCESS", CudaResult.name(CudaResult.SUCCESS));
        assertEquals("CUDA_ERROR_INVALID_VALUE", CudaResult.name(CudaResult.ERROR_INVALID_VALUE));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", CudaResult.name(CudaResult.ERROR_OUT_OF_MEMORY));
        assertEquals("CUDA_ERROR_NO_DEVICE", CudaResult.name(CudaResult.ERROR_NO_DEVICE));
        assertEquals("CUDA_ERROR_INVALID_PTX", CudaResult.name(CudaResult.ERROR_INVALID_PTX));
        assertEquals("CUDA_ERROR_NOT_FOUND", CudaResult.name(CudaResult.ERROR_NOT_FOUND));
        assertEquals("CUDA_ERROR_NOT_READY", CudaResult.name(CudaResult.ERROR_NOT_READY));
        assertEquals(CudaResult.ERROR_NOT_READY, CudaDriver.CUDA_ERROR_NOT_READY);
    }

    @Test
    void shouldNameUnrecognizedCodeWhenNotInTable()
    {
        assertFalse(CudaResult.isKnown(12345));
        assertFalse(CudaResult.isKnown(-1));
        assertEquals("CUDA_ERROR_UNRECOGNIZED_12345", CudaResult.name(12345));
    }

    @Test
    void shouldListEveryCodeOnceAscendingWithDistinctNames()
    {
        final int[] codes = CudaResult.knownCodes();
        assertEquals(101, codes.length);
        final Set<String> names = new HashSet<>();
        for (int i = 0; i < codes.length; i++)
        {
            assertTrue(i == 0 || codes[i] > codes[i - 1], "ascending at " + i);
            assertTrue(CudaResult.isKnown(codes[i]));
            final String name = CudaResult.name(codes[i]);
            assertTrue(name.startsWith("CUDA_"), name);
            assertTrue(names.add(name), "duplicate " + name);
        }
    }

    @Test
    void shouldNameCallResultAndCodeWhenCheckFails()
    {
        final CudaException ex = assertThrows(CudaException.class,
            () -> CudaDriver.check(2, "cuMemAlloc_v2(1099511627776 bytes, context of device 0)"));
        assertEquals(2, ex.result());
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", ex.resultName());
        assertEquals("cuMemAlloc_v2(1099511627776 bytes, context of device 0)", ex.call());
        assertEquals("", ex.detail());
        assertTrue(ex.getMessage().startsWith(
            "cuMemAlloc_v2(1099511627776 bytes, context of device 0) failed: CUDA_ERROR_OUT_OF_MEMORY (2)"),
            ex.getMessage());
    }

    @Test
    void shouldAppendDetailOnItsOwnLinesWhenGiven()
    {
        final CudaException ex = new CudaException(218, "cuModuleLoadDataEx(x)", "JIT error log:\nline 3: bad");
        assertEquals("CUDA_ERROR_INVALID_PTX", ex.resultName());
        assertTrue(ex.getMessage().startsWith("cuModuleLoadDataEx(x) failed: CUDA_ERROR_INVALID_PTX (218)"));
        assertTrue(ex.getMessage().endsWith("\nJIT error log:\nline 3: bad"), ex.getMessage());
    }

    @Test
    void shouldPassSilentlyWhenResultIsSuccess()
    {
        CudaDriver.check(0, "cuInit(0)");
    }
}
