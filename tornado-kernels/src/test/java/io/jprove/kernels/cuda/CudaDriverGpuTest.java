package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The driver binding on a real GPU; skipped where no driver or device is present. */
@Tag("gpu")
class CudaDriverGpuTest
{
    private static final int THREADS = 256;
    private static CudaContext context;
    private static CudaModule module;

    @BeforeAll
    static void openContext()
    {
        Assumptions.assumeTrue(CudaDriver.isAvailable(), CudaDriver::unavailableReason);
        context = CudaDevice.get(0).primaryContext();
        context.makeCurrent();
        module = context.loadModule(TestKernels.ptx());
    }

    @AfterAll
    static void closeContext()
    {
        if (context != null)
        {
            context.close();
            assertThrows(IllegalStateException.class, () -> context.allocate(16));
        }
    }

    private static int blocks(final int n)
    {
        return (n + THREADS - 1) / THREADS;
    }

    @Test
    void shouldReportSaneAttributesWhenDeviceIsPresent()
    {
        final int count = CudaDevice.count();
        assertTrue(count >= 1);
        assertThrows(IllegalArgumentException.class, () -> CudaDevice.get(count));
        final CudaDevice device = context.device();
        final String name = device.name();
        final int sms = device.multiprocessorCount();
        final int major = device.computeCapabilityMajor();
        final int minor = device.computeCapabilityMinor();
        final long total = device.totalMemoryBytes();
        System.out.printf("CUDA driver %d, %d device(s); device 0: %s, %d SMs, cc %d.%d, %d MiB%n",
            CudaDriver.driverVersion(), count, name, sms, major, minor, total >> 20);
        assertFalse(name.isBlank());
        assertTrue(sms > 0 && sms < 1024, "SMs " + sms);
        assertTrue(major >= 5 && minor >= 0 && minor < 10, major + "." + minor);
        assertTrue(total > (1L << 30), "memory " + total);
        assertEquals(32, device.attribute(DeviceAttribute.WARP_SIZE));
        assertTrue(device.attribute(DeviceAttribute.MAX_THREADS_PER_BLOCK) >= 1024);
        assertTrue(CudaDriver.driverVersion() >= 12000);
        if (name.contains("H200"))
        {
            assertEquals(132, sms);
            assertEquals(9, major);
            assertEquals(0, minor);
        }
        final long[] info = context.memoryInfo();
        assertTrue(info[0] > 0 && info[0] <= info[1], info[0] + " free of " + info[1]);
        assertTrue(info[1] <= total + (1L << 30) && info[1] >= total / 2, info[1] + " vs " + total);
    }

    @Test
    void shouldAgreeWithDriverOnErrorNames()
    {
        for (final int code : CudaResult.knownCodes())
        {
            assertEquals(CudaResult.name(code), new CudaException(code, "test").resultName(), "code " + code);
        }
    }

    @Test
    void shouldAddU32VectorsWhenLaunched()
    {
        final int n = 100_003;
        final SplittableRandom random = new SplittableRandom(1);
        try (Arena arena = Arena.ofConfined();
             DeviceBuffer a = context.allocate(4L * n);
             DeviceBuffer b = context.allocate(4L * n);
             DeviceBuffer c = context.allocate(4L * n))
        {
            final MemorySegment ha = arena.allocate(JAVA_INT, n);
            final MemorySegment hb = arena.allocate(JAVA_INT, n);
            final MemorySegment hc = arena.allocate(JAVA_INT, n);
            for (int i = 0; i < n; i++)
            {
                ha.setAtIndex(JAVA_INT, i, i < 4 ? -1 : random.nextInt());
                hb.setAtIndex(JAVA_INT, i, i < 4 ? i : random.nextInt());
            }
            a.copyFromHost(ha);
            b.copyFromHost(hb);
            c.fill((byte)0x5a);
            module.function("add_u32").launch(blocks(n), THREADS, null, KernelArgs.of(a, b, c, n));
            c.copyToHost(hc);
            for (int i = 0; i < n; i++)
            {
                final int expected = ha.getAtIndex(JAVA_INT, i) + hb.getAtIndex(JAVA_INT, i);
                assertEquals(expected, hc.getAtIndex(JAVA_INT, i), "index " + i);
            }
        }
    }

    @Test
    void shouldAddU64VectorsWhenLaunchedWithThreeDimensionalSignature()
    {
        final int n = 65_537;
        final SplittableRandom random = new SplittableRandom(2);
        final long[] ha = new long[n];
        final long[] hb = new long[n];
        final long[] expected = new long[n];
        for (int i = 0; i < n; i++)
        {
            ha[i] = i == 0 ? -1L : random.nextLong();
            hb[i] = i == 0 ? 1L : random.nextLong();
            expected[i] = ha[i] + hb[i];
        }
        final long[] hc = new long[n];
        try (DeviceBuffer a = context.allocate(8L * n);
             DeviceBuffer b = context.allocate(8L * n);
             DeviceBuffer c = context.allocate(8L * n))
        {
            // Heap segments go through the staging path.
            a.copyFromHost(MemorySegment.ofArray(ha));
            b.copyFromHost(MemorySegment.ofArray(hb));
            module.function("add_u64").launch(blocks(n), 1, 1, THREADS, 1, 1, 0, null,
                KernelArgs.of().pointer(a).pointer(b).pointer(c).i32(n));
            c.copyToHost(MemorySegment.ofArray(hc));
        }
        assertArrayEquals(expected, hc);
    }

    @Test
    void shouldPassI64ScalarsWhenFilling()
    {
        final int n = 5000;
        final long value = 0x8000_0000_0000_0001L;
        final long step = 0x1_0000_0003L;
        final long[] out = new long[n];
        try (DeviceBuffer buffer = context.allocate(8L * n))
        {
            module.function("fill_u64").launch(blocks(n), THREADS, null, KernelArgs.of(buffer, value, step, n));
            buffer.copyToHost(MemorySegment.ofArray(out));
        }
        for (int i = 0; i < n; i++)
        {
            assertEquals(value + i * step, out[i], "index " + i);
        }
    }

    @Test
    void shouldUseDynamicSharedMemoryWhenReversingBlocks()
    {
        final int threads = 512;
        final int blocks = 7;
        final int n = threads * blocks;
        final int[] out = new int[n];
        try (DeviceBuffer buffer = context.allocate(4L * n))
        {
            module.function("reverse_block").launch(blocks, 1, 1, threads, 1, 1, 4 * threads, null,
                KernelArgs.of(buffer));
            buffer.copyToHost(MemorySegment.ofArray(out));
        }
        for (int b = 0; b < blocks; b++)
        {
            for (int t = 0; t < threads; t++)
            {
                assertEquals(b * threads + threads - 1 - t, out[b * threads + t], "block " + b + " thread " + t);
            }
        }
    }

    @Test
    void shouldCopyAtOffsetsAndFillBytes()
    {
        try (DeviceBuffer buffer = context.allocate(64))
        {
            buffer.fill((byte)0xab);
            final byte[] middle = {1, 2, 3, 4, 5};
            buffer.copyFromHost(MemorySegment.ofArray(middle), 10);
            final byte[] all = new byte[64];
            buffer.copyToHost(MemorySegment.ofArray(all));
            for (int i = 0; i < 64; i++)
            {
                final byte expected = i >= 10 && i < 15 ? middle[i - 10] : (byte)0xab;
                assertEquals(expected, all[i], "byte " + i);
            }
            final byte[] window = new byte[3];
            buffer.copyToHost(MemorySegment.ofArray(window), 11);
            assertArrayEquals(new byte[] {2, 3, 4}, window);
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyToHost(MemorySegment.ofArray(window), 62));
            buffer.zero();
            buffer.copyToHost(MemorySegment.ofArray(all));
            assertArrayEquals(new byte[64], all);
        }
    }

    @Test
    void shouldRaiseJitErrorLogWhenPtxHasSyntaxError()
    {
        final CudaException ex = assertThrows(CudaException.class, () -> context.loadModule(TestKernels.BROKEN_PTX));
        System.out.println("Broken PTX, as reported: " + ex.getMessage());
        assertEquals("CUDA_ERROR_INVALID_PTX", ex.resultName());
        assertEquals(218, ex.result());
        assertTrue(ex.call().startsWith("cuModuleLoadDataEx("), ex.call());
        assertTrue(ex.call().contains("first entry broken"), ex.call());
        assertTrue(ex.detail().startsWith("JIT error log:"), ex.detail());
        assertFalse(ex.detail().contains("(empty)"), ex.detail());
        assertTrue(ex.detail().toLowerCase(java.util.Locale.ROOT).contains("error"), ex.detail());
        assertTrue(ex.getMessage().contains(ex.detail()));
    }

    @Test
    void shouldKeepInfoLogWhenPtxLoads()
    {
        System.out.println("JIT info log of the test kernels:\n" + module.infoLog());
        final CudaFunction add = module.function("add_u32");
        assertTrue(add == module.function("add_u32"), "functions are cached");
        final int registers = add.attribute(FunctionAttribute.NUM_REGS);
        assertTrue(registers > 0 && registers < 256, "registers " + registers);
        assertEquals(90, add.attribute(FunctionAttribute.BINARY_VERSION));
        assertTrue(add.attribute(FunctionAttribute.MAX_THREADS_PER_BLOCK) >= THREADS);
    }

    @Test
    void shouldNameMissingEntryWhenFunctionIsUnknown()
    {
        final CudaException ex = assertThrows(CudaException.class, () -> module.function("no_such_kernel"));
        assertEquals("CUDA_ERROR_NOT_FOUND", ex.resultName());
        assertTrue(ex.call().contains("no_such_kernel"), ex.call());
    }

    @Test
    void shouldNameOutOfMemoryWhenAllocationIsTooLarge()
    {
        final long tooMuch = context.device().totalMemoryBytes() + (4L << 30);
        final CudaException ex = assertThrows(CudaException.class, () -> context.allocate(tooMuch));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", ex.resultName());
        assertEquals(CudaResult.ERROR_OUT_OF_MEMORY, ex.result());
        // One checked path: the function, the CUresult and the Java call site, plus what was asked for.
        assertTrue(ex.getMessage().startsWith("cuMemAlloc_v2 at io.jprove.kernels.cuda.CudaContext.allocate("),
            ex.getMessage());
        assertTrue(ex.getMessage().contains(tooMuch + " bytes"), ex.getMessage());
        try (DeviceBuffer small = context.allocate(1024))
        {
            small.zero(); // the context is still usable
        }
    }

    @Test
    void shouldRoundTripPinnedMemory()
    {
        final int bytes = 3 * 1024 * 1024 + 5;
        final PinnedBuffer in = context.allocatePinned(bytes);
        final PinnedBuffer out = context.allocatePinned(bytes);
        try (DeviceBuffer device = context.allocate(bytes))
        {
            assertEquals(bytes, in.byteSize());
            final MemorySegment src = in.segment();
            final SplittableRandom random = new SplittableRandom(3);
            for (long i = 0; i < bytes; i++)
            {
                src.set(JAVA_BYTE, i, (byte)random.nextInt());
            }
            device.copyFromHost(src);
            device.copyToHost(out.segment());
            assertEquals(-1L, src.mismatch(out.segment()));
        }
        finally
        {
            in.close();
            out.close();
        }
        assertThrows(IllegalStateException.class, () -> in.segment().get(JAVA_BYTE, 0));
    }

    @Test
    void shouldCopyAsynchronouslyAroundKernelOnStream()
    {
        final int n = 1 << 20;
        try (CudaStream stream = context.createStream();
             PinnedBuffer hostA = context.allocatePinned(8L * n);
             PinnedBuffer hostB = context.allocatePinned(8L * n);
             PinnedBuffer hostC = context.allocatePinned(8L * n);
             DeviceBuffer a = context.allocate(8L * n);
             DeviceBuffer b = context.allocate(8L * n);
             DeviceBuffer c = context.allocate(8L * n))
        {
            final SplittableRandom random = new SplittableRandom(4);
            for (int i = 0; i < n; i++)
            {
                hostA.segment().setAtIndex(JAVA_LONG, i, random.nextLong());
                hostB.segment().setAtIndex(JAVA_LONG, i, random.nextLong());
            }
            a.copyFromHostAsync(hostA.segment(), stream);
            b.copyFromHostAsync(hostB.segment(), stream);
            c.fillAsync((byte)0, stream);
            module.function("add_u64").launch(blocks(n), THREADS, stream, KernelArgs.of(a, b, c, n));
            c.copyToHostAsync(hostC.segment(), stream);
            stream.synchronize();
            assertTrue(stream.isIdle());
            assertTrue(stream.handle() != 0);
            for (int i = 0; i < n; i++)
            {
                assertEquals(hostA.segment().getAtIndex(JAVA_LONG, i) + hostB.segment().getAtIndex(JAVA_LONG, i),
                    hostC.segment().getAtIndex(JAVA_LONG, i), "index " + i);
            }
            assertThrows(IllegalArgumentException.class,
                () -> a.copyFromHostAsync(MemorySegment.ofArray(new long[4]), stream));
        }
    }

    @Test
    void shouldTimeKernelsWithEvents()
    {
        final int n = 1 << 24;
        try (CudaStream stream = context.createStream(CudaStream.NON_BLOCKING);
             CudaEvent start = context.createEvent();
             CudaEvent end = context.createEvent();
             DeviceBuffer a = context.allocate(8L * n);
             DeviceBuffer c = context.allocate(8L * n))
        {
            a.zero();
            final CudaLaunch launch = module.function("add_u64")
                .prepare(blocks(n), 1, 1, THREADS, 1, 1, 0, stream, KernelArgs.of(a, a, c, n));
            start.record(stream);
            launch.launch(10);
            end.record(stream);
            end.synchronize();
            assertTrue(end.isComplete());
            final float millis = end.elapsedMillis(start);
            // 10 passes over 3 x 128 MiB: at least ~0.9 ms at 4.3 TB/s, far below a second on any current GPU.
            System.out.printf("10 x add_u64 over 2^24 elements: %.3f ms (device events)%n", millis);
            assertTrue(millis > 0.05f && millis < 1000f, "elapsed " + millis);
        }
    }

    @Test
    void shouldMakeContextCurrentWhenAnotherThreadUsesIt() throws Exception
    {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        try
        {
            final Future<long[]> result = pool.submit(() ->
            {
                // This thread has never seen the context: every call must bind it first.
                final int n = 1000;
                try (DeviceBuffer buffer = context.allocate(8L * n))
                {
                    module.function("fill_u64").launch(blocks(n), THREADS, null, KernelArgs.of(buffer, 7L, 3L, n));
                    final long[] out = new long[n];
                    buffer.copyToHost(MemorySegment.ofArray(out));
                    return out;
                }
            });
            final long[] out = result.get();
            for (int i = 0; i < out.length; i++)
            {
                assertEquals(7L + 3L * i, out[i]);
            }
        }
        finally
        {
            pool.shutdown();
        }
    }

    @Test
    void shouldCountEveryLaunchWhenPreparedLaunchRepeats()
    {
        final int launches = 5000;
        try (DeviceBuffer counter = context.allocate(4))
        {
            counter.zero();
            final KernelArgs args = KernelArgs.of(counter);
            final CudaLaunch launch = module.function("count").prepare(1, 1, 1, 1, 1, 1, 0, null, args);
            launch.launch(launches - 1);
            launch.launch();
            final int[] count = new int[1];
            counter.copyToHost(MemorySegment.ofArray(count));
            assertEquals(launches, count[0]);
        }
    }

    @Test
    void shouldFreeEverythingWhenOwnContextCloses()
    {
        final CudaContext second = CudaDevice.get(0).primaryContext();
        final DeviceBuffer buffer = second.allocate(1 << 20);
        final CudaStream stream = second.createStream();
        final CudaEvent event = second.createEvent(CudaEvent.DISABLE_TIMING);
        event.record(stream);
        second.close();
        assertTrue(second.isClosed());
        assertThrows(IllegalStateException.class, buffer::address);
        assertThrows(IllegalStateException.class, stream::synchronize);
        // The primary context is still retained by the class's own context, so work there carries on.
        try (DeviceBuffer other = context.allocate(16))
        {
            other.zero();
        }
        context.synchronize();
    }
}
