package io.jprove.kernels.cuda;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the binding does on any machine, with or without a GPU. */
class CudaDriverTest
{
    @Test
    void shouldAnswerAvailabilityWithoutThrowing()
    {
        final boolean available = CudaDriver.isAvailable();
        assertEquals(available, CudaDriver.isAvailable(), "the answer is stable");
        assertEquals(available, CudaDriver.unavailableReason().isEmpty(), CudaDriver.unavailableReason());
    }

    @Test
    void shouldRefuseDeviceCallsWithReasonWhenDriverIsUnavailable()
    {
        if (CudaDriver.isAvailable())
        {
            assertTrue(CudaDevice.count() >= 1);
            return;
        }
        final RuntimeException ex = assertThrows(RuntimeException.class, CudaDevice::count);
        assertTrue(ex instanceof IllegalStateException || ex instanceof CudaException, ex.toString());
        assertTrue(ex.getMessage().contains(CudaDriver.isLoaded() ? "cuInit" : CudaDriver.LIBRARY_NAME),
            ex.getMessage());
        assertThrows(RuntimeException.class, () -> CudaDevice.get(0));
        assertThrows(RuntimeException.class, CudaDriver::driverVersion);
    }

    @Test
    void shouldReportMissingLibraryWhenNotLoaded()
    {
        if (CudaDriver.isLoaded())
        {
            return;
        }
        assertFalse(CudaDriver.isAvailable());
        assertTrue(CudaDriver.unavailableReason().startsWith(CudaDriver.LIBRARY_NAME + " could not be loaded"),
            CudaDriver.unavailableReason());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> CudaDriver.cuInit(0));
        assertTrue(ex.getMessage().contains("cuInit"), ex.getMessage());
    }

    @Test
    void shouldNameFunctionResultAndCallSiteWhenACheckedCallFails()
    {
        final int index = CudaBinding.methods().stream().map(java.lang.reflect.Method::getName).toList()
            .indexOf("cuMemAlloc");
        final CudaException ex = assertThrows(CudaException.class, () -> CudaDriver.check(2, index));
        assertEquals(CudaResult.ERROR_OUT_OF_MEMORY, ex.result());
        assertTrue(ex.getMessage().startsWith("cuMemAlloc_v2 at io.jprove.kernels.cuda.CudaDriverTest."),
            ex.getMessage());
        assertTrue(ex.getMessage().contains("CUDA_ERROR_OUT_OF_MEMORY (2)"), ex.getMessage());
        CudaDriver.check(0, index); // success passes silently
    }

    @Test
    void shouldDeclareEveryFunctionOnceWithAFailurePath()
    {
        final java.util.Set<String> names = new java.util.HashSet<>();
        for (final java.lang.reflect.Method m : CudaBinding.methods())
        {
            assertTrue(names.add(m.getName()), "declared twice: " + m.getName());
            assertTrue(m.getReturnType() == void.class || m.getReturnType() == int.class, m.toString());
        }
        if (!CudaDriver.isLoaded())
        {
            // the generated void path reaches the missing-symbol handle and says which function
            final IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> CudaDriver.API.cuCtxSynchronize());
            assertTrue(ex.getMessage().contains("cuCtxSynchronize"), ex.getMessage());
        }
    }
}
