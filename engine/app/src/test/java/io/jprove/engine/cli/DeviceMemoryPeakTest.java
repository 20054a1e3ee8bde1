package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;

class DeviceMemoryPeakTest
{
    private static final long GIB = 1L << 30;

    @Test
    void shouldPrintTheMostMemoryInUseOfEachDeviceAndNothingForABackendWithout() throws Exception
    {
        final AtomicLong used = new AtomicLong(3 * GIB);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DeviceMemoryPeak peak = DeviceMemoryPeak.start(List.of(backend("cuda:0", used), backend("cpu", null))))
        {
            Thread.sleep(300);
            used.set(40 * GIB); // the peak
            Thread.sleep(300);
            used.set(10 * GIB);
            Thread.sleep(300);
            peak.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        }
        final String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("cuda:0: 40.0 GiB peak in use of 139.0 GiB"), out);
        assertEquals(1, out.lines().count(), out);
    }

    /** A backend whose device has 139 GiB with {@code used} in use, or none when {@code used} is null. */
    private static ProverBackend backend(final String name, final AtomicLong used)
    {
        return new ProverBackend()
        {
            @Override
            public String name()
            {
                return name;
            }

            @Override
            public int device()
            {
                return 0;
            }

            @Override
            public String description()
            {
                return name;
            }

            @Override
            public PreparedKey prepare(final ProvingKey key)
            {
                throw new UnsupportedOperationException();
            }

            @Override
            public MsmSums prove(final PreparedKey key, final PartitionInputs partition,
                final BackendListener listener)
            {
                throw new UnsupportedOperationException();
            }

            @Override
            public long[] deviceMemory()
            {
                return used == null ? null : new long[] {139 * GIB - used.get(), 139 * GIB};
            }

            @Override
            public void close()
            {
            }
        };
    }
}
