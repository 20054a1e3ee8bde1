package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.PtxInterpreter;
import io.jprove.kernels.ptx.PtxKernel;

import java.util.ArrayList;
import java.util.List;

/**
 * A test accelerator that runs the generated PTX in {@link PtxInterpreter}: the conformance suite on it checks the
 * compiler's output against Java on every CI run, without a GPU.
 */
final class InterpretingAccelerator implements Accelerator
{
    private static final long MAX_STEPS_PER_ITEM = 20_000_000L;

    /** Device copies of resident arrays, as on a GPU: separate memory, copied only on upload and download. */
    private final java.util.Map<java.lang.foreign.MemorySegment, java.lang.foreign.MemorySegment> resident =
        new java.util.IdentityHashMap<>();

    @Override
    public String device()
    {
        return "ptx-interpreter";
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        final PtxKernel kernel = KernelCompiler.standard().compile(KernelSignature.find(owner, name));
        final PtxInterpreter interpreter = new PtxInterpreter(kernel.ptx());
        return new KernelHandle()
        {
            @Override
            public String name()
            {
                return kernel.name();
            }

            @Override
            public void launch(final int groupCount, final int localSize, final Object... args)
            {
                kernel.signature().check(kernel.name(), groupCount, localSize, 1024, args);
                final List<Object> params = new ArrayList<>();
                for (final Object arg : args)
                {
                    switch (arg)
                    {
                        case KernelArray a ->
                        {
                            params.add(resident.getOrDefault(a.segment(), a.segment()));
                            params.add(a.length());
                        }
                        case Integer i -> params.add((long)i);
                        default -> params.add(arg);
                    }
                }
                try
                {
                    interpreter.run(groupCount, localSize, params.toArray(), MAX_STEPS_PER_ITEM);
                }
                catch (final PtxInterpreter.Trap ex)
                {
                    throw new KernelFailureException("kernel " + kernel.name() + " failed: " + ex.getMessage(), ex);
                }
            }
        };
    }

    @Override
    public void upload(final KernelArray array)
    {
        resident.computeIfAbsent(array.segment(), s -> java.lang.foreign.MemorySegment.ofArray(
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
}
