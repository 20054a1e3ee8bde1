package io.jprove.engine.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.jprove.engine.cpu.CpuBackendFactory;
import io.jprove.engine.gpu.CudaBackendFactory;
import io.jprove.engine.groth16.ProverBackend;

class DeviceSelectionTest
{
    /** The factories of this build: the CPU only. */
    private static Map<String, BackendFactory> cpuOnly()
    {
        final Map<String, BackendFactory> m = new LinkedHashMap<>();
        m.put("cpu", new CpuBackendFactory());
        return m;
    }

    /**
     * A build with a CUDA factory on a host with {@code devices} GPUs: selection only counts devices, so the factory
     * here answers the count and refuses to open anything.
     */
    private static Map<String, BackendFactory> withCuda(final int devices)
    {
        final Map<String, BackendFactory> m = cpuOnly();
        m.put("cuda", new BackendFactory()
        {
            @Override
            public String kind()
            {
                return "cuda";
            }

            @Override
            public int deviceCount()
            {
                return devices;
            }

            @Override
            public String unavailableReason()
            {
                return devices == 0 ? "no CUDA device" : "";
            }

            @Override
            public ProverBackend open(final int ordinal, final int hostThreads)
            {
                throw new UnsupportedOperationException("selection tests open no GPU");
            }
        });
        return m;
    }

    @Test
    void shouldRefuseCudaInOneLineWhenTheBuildHasNoCudaBackend()
    {
        for (final String device : List.of("cuda", "cuda:0", "cuda:3"))
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceSelection.parse(device, cpuOnly()));
            assertEquals("--device " + device + ": the CUDA backend is not available in this build (it has: cpu)",
                e.getMessage());
        }
        if (new CudaBackendFactory().deviceCount() == 0)
        {
            // this build has the CUDA backend; without a GPU it says so, and why
            final IllegalArgumentException live = assertThrows(IllegalArgumentException.class,
                () -> DeviceSelection.parse("cuda"));
            assertTrue(live.getMessage().startsWith("--device cuda: no cuda device on this host ("),
                live.getMessage());
        }
    }

    @Test
    void shouldChooseTheCpuAndSayWhyWhenNoGpuBackendCanServe()
    {
        final DeviceSelection auto = DeviceSelection.parse(null, cpuOnly());
        assertEquals("cpu", auto.kind());
        assertEquals(List.of("cpu:0"), auto.devices());
        assertTrue(auto.note().endsWith("proving on the CPU"), auto.note());
        final DeviceSelection noGpu = DeviceSelection.parse("auto", withCuda(0));
        assertEquals(List.of("cpu:0"), noGpu.devices());
        assertTrue(noGpu.note().contains("no GPU found (no CUDA device)"), noGpu.note());
        assertEquals("", DeviceSelection.parse("cpu", cpuOnly()).note());
        try (ProverBackend cpu = DeviceSelection.parse("cpu", cpuOnly()).openFirst(1))
        {
            assertEquals("cpu:0", cpu.name());
        }
    }

    @Test
    void shouldTakeEveryGpuOrTheOneNamedWhenTheBuildHasCuda()
    {
        assertEquals(List.of("cuda:0", "cuda:1"), DeviceSelection.parse(null, withCuda(2)).devices());
        assertEquals("", DeviceSelection.parse(null, withCuda(2)).note());
        assertEquals(List.of("cuda:0", "cuda:1"), DeviceSelection.parse("cuda", withCuda(2)).devices());
        assertEquals(List.of("cuda:1"), DeviceSelection.parse("cuda:1", withCuda(2)).devices());
        assertEquals("--device cuda:2: this host has 2 cuda devices (cuda:0 to cuda:1)",
            assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("cuda:2", withCuda(2)))
                .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("cuda:x", withCuda(2)))
            .getMessage().contains("'x' is not a device number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("cuda", withCuda(0)))
            .getMessage().contains("no cuda device on this host (no CUDA device)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("tpu", withCuda(1)))
            .getMessage().contains("must be cpu, jvm, cuda, cuda:N or auto"));
    }

    @Test
    void shouldOpenTheDeviceBackendOnTheJvmExecutorWhenTheDeviceIsJvm()
    {
        final DeviceSelection jvm = DeviceSelection.parse("jvm");
        assertEquals("jvm", jvm.kind());
        assertEquals(List.of("jvm:0"), jvm.devices());
        try (ProverBackend backend = jvm.openFirst(1))
        {
            assertEquals("jvm:0", backend.name());
            assertTrue(backend instanceof io.jprove.engine.gpu.GpuProverBackend, backend.getClass().getName());
        }
        assertEquals("--device jvm:1: this host has 1 jvm device (jvm:0)",
            assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("jvm:1")).getMessage());
    }
}
