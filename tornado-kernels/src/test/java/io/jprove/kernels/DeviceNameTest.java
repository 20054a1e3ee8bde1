package io.jprove.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The one parser of device strings: {@code cpu} is the CPU prover and runs no kernels, {@code jvm} the kernels as Java
 * methods, {@code cuda[:N]} a GPU, {@code auto} (or nothing) the host's choice; anything else is refused in one line
 * naming the setting.
 */
class DeviceNameTest
{
    @Test
    void shouldReadEveryKindWithOrWithoutAnOrdinal()
    {
        assertEquals(new DeviceName(DeviceName.CUDA, DeviceName.EVERY), DeviceName.parse("cuda", "--device"));
        assertEquals(new DeviceName(DeviceName.CUDA, 3), DeviceName.parse("cuda:3", "--device"));
        assertEquals(new DeviceName(DeviceName.CPU, 0), DeviceName.parse("cpu:0", "--device"));
        assertEquals(new DeviceName(DeviceName.JVM, DeviceName.EVERY), DeviceName.parse("jvm", "--device"));
        assertTrue(DeviceName.parse(null, "--device").isAuto());
        assertTrue(DeviceName.parse("auto", "--device").isAuto());
        assertFalse(DeviceName.parse("cuda", "--device").isOne());
        assertEquals("cuda:3", DeviceName.parse("cuda:3", "x").toString());
    }

    @Test
    void shouldRefuseWhatIsNoDeviceNamingTheSetting()
    {
        assertEquals("device must be cpu, jvm, cuda, cuda:N or auto, not 'gpu'",
            assertThrows(IllegalArgumentException.class, () -> DeviceName.parse("gpu", "device")).getMessage());
        assertEquals("--device cuda:x: 'x' is not a device number",
            assertThrows(IllegalArgumentException.class, () -> DeviceName.parse("cuda:x", "--device")).getMessage());
        assertEquals("--device cuda:-1: '-1' is not a device number",
            assertThrows(IllegalArgumentException.class, () -> DeviceName.parse("cuda:-1", "--device")).getMessage());
    }

    @Test
    void shouldOpenTheKernelsOnTheJvmAndRefuseTheCpuProverWhenAnAcceleratorIsAsked()
    {
        try (Accelerator jvm = Accelerator.open("jvm"))
        {
            assertEquals("jvm", jvm.device());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Accelerator.open("cpu")).getMessage()
            .contains("the CPU prover, which runs no kernels"));
    }
}
