package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.PtxInterpreter;
import io.jprove.kernels.ptx.PtxKernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * A test accelerator that runs the generated PTX in {@link PtxInterpreter}: the conformance suite on it checks the
 * compiler's output against Java on every CI run, without a GPU. Its device memory is separate (heap) memory, reached
 * only through copies, as on a GPU; streams run their work when it is queued.
 */
final class InterpretingAccelerator implements Accelerator
{
    private static final long MAX_STEPS_PER_ITEM = 200_000_000L;

    /** Device copies of resident arrays, as on a GPU: separate memory, copied only on upload and download. */
    private final java.util.Map<MemorySegment, MemorySegment> resident = new java.util.IdentityHashMap<>();
    private DeviceActivity.Listener listener;

    @Override
    public String device()
    {
        return "ptx-interpreter";
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        final PtxKernel kernel = new io.jprove.kernels.ptx.PtxCache(KernelCompiler.standard(), null)
            .get(KernelSignature.find(owner, name));
        final PtxInterpreter interpreter = new PtxInterpreter(kernel.ptx());
        return new KernelHandle()
        {
            @Override
            public String name()
            {
                return kernel.name();
            }

            @Override
            public void launch(final Launch launch, final Object... args)
            {
                kernel.signature().check(kernel.name(), launch, 1024, kernel.traits(), args);
                final long start = System.nanoTime();
                final List<Object> params = new ArrayList<>();
                for (int i = 0; i < args.length; i++)
                {
                    switch (args[i])
                    {
                        case KernelArray a ->
                        {
                            params.add(resident.getOrDefault(a.segment(), a.segment()));
                            params.add(a.length());
                        }
                        case Memory m ->
                        {
                            KernelSignature.checkAligned(kernel.name(), i, m.offset);
                            params.add(m.segment);
                            params.add(m.byteSize() / (kernel.signature().params().get(i)
                                == KernelSignature.ParamKind.LONG_ARRAY ? 8 : 4));
                        }
                        case Integer v -> params.add((long)v);
                        default -> params.add(args[i]);
                    }
                }
                try
                {
                    interpreter.run(launch.groupsX(), launch.groupsY(), launch.localSize(), launch.sharedBytes(),
                        params.toArray(), MAX_STEPS_PER_ITEM);
                }
                catch (final PtxInterpreter.Trap ex)
                {
                    throw new KernelFailureException("kernel " + kernel.name() + " failed: " + ex.getMessage(), ex);
                }
                report(DeviceActivity.Kind.KERNEL, kernel.name(), start, 0);
            }
        };
    }

    private void report(final DeviceActivity.Kind kind, final String name, final long start, final long bytes)
    {
        if (listener != null)
        {
            listener.onActivity(new DeviceActivity(kind, name, device(), 0, start, System.nanoTime() - start,
                bytes, ActivityTag.current()));
        }
    }

    @Override
    public DeviceMemory allocate(final long bytes)
    {
        return new Memory(MemorySegment.ofArray(new long[(int)((bytes + 7) / 8)]).asSlice(0, bytes), 0);
    }

    @Override
    public HostMemory allocateHost(final long bytes)
    {
        final Arena arena = Arena.ofShared();
        return new HostMemory(arena.allocate(bytes, 64), arena::close);
    }

    @Override
    public DeviceStream createStream()
    {
        return new JvmStream(1);
    }

    @Override
    public DeviceEvent createEvent()
    {
        return new JvmStream.JvmEvent();
    }

    @Override
    public void synchronize()
    {
        // Work runs when it is queued.
    }

    @Override
    public long[] memoryInfo()
    {
        return new long[] {Runtime.getRuntime().freeMemory(), Runtime.getRuntime().maxMemory()};
    }

    @Override
    public int multiprocessorCount()
    {
        return 2;
    }

    @Override
    public void setListener(final DeviceActivity.Listener listener)
    {
        this.listener = listener;
    }

    @Override
    public void upload(final KernelArray array)
    {
        resident.computeIfAbsent(array.segment(), s -> MemorySegment.ofArray(
            new long[(int)((s.byteSize() + 7) / 8)]).asSlice(0, s.byteSize())).copyFrom(array.segment());
    }

    @Override
    public void download(final KernelArray array)
    {
        array.segment().copyFrom(resident.get(array.segment()));
    }

    @Override
    public void release(final KernelArray array)
    {
        resident.remove(array.segment());
    }

    @Override
    public void close()
    {
    }

    /** Interpreted device memory: heap memory apart from every host segment. */
    private final class Memory implements DeviceMemory
    {
        private final MemorySegment segment;
        /** Where it starts in its allocation, for the alignment check the GPU needs. */
        private final long offset;

        Memory(final MemorySegment segment, final long offset)
        {
            this.segment = segment;
            this.offset = offset;
        }

        @Override
        public long byteSize()
        {
            return segment.byteSize();
        }

        @Override
        public DeviceMemory view(final long offset, final long bytes)
        {
            return new Memory(segment.asSlice(offset, bytes), this.offset + offset);
        }

        @Override
        public void copyFrom(final MemorySegment src, final DeviceStream stream)
        {
            final long start = System.nanoTime();
            MemorySegment.copy(src, 0, segment, 0, src.byteSize());
            report(DeviceActivity.Kind.COPY_TO_DEVICE, "copy to device", start, src.byteSize());
        }

        @Override
        public void copyTo(final MemorySegment dst, final DeviceStream stream)
        {
            final long start = System.nanoTime();
            MemorySegment.copy(segment, 0, dst, 0, dst.byteSize());
            report(DeviceActivity.Kind.COPY_TO_HOST, "copy to host", start, dst.byteSize());
        }

        @Override
        public void copyFrom(final DeviceMemory src, final DeviceStream stream)
        {
            MemorySegment.copy(((Memory)src).segment, 0, segment, 0, src.byteSize());
        }

        @Override
        public void fill(final byte value, final DeviceStream stream)
        {
            segment.fill(value);
        }

        @Override
        public void close()
        {
            // The garbage collector frees heap memory.
        }
    }
}
