package io.jprove.kernels;

import io.jprove.kernels.ptx.KernelCompiler;
import io.jprove.kernels.ptx.KernelSignature;
import io.jprove.kernels.ptx.KernelTraits;
import io.jprove.kernels.ptx.PtxKernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs kernels as plain Java: groups are spread over a fixed pool of platform threads. A kernel that never calls
 * {@link KernelContext#barrier()} or a warp operation runs its items one after another on the group's thread; one that
 * does runs each item of a group on its own virtual thread, meeting at {@link java.util.concurrent.Phaser}s. Kernels
 * are checked by the PTX compiler when prepared, so a kernel accepted here is accepted on the GPU too.
 * <p>
 * "Device" memory is host memory and streams run their work when it is queued, on the calling thread; activity
 * times reported to the listener are host readings around each call.
 */
public final class JvmAccelerator implements Accelerator
{
    private static final int MAX_LOCAL_SIZE = 1024;

    private final ExecutorService pool;
    private final int threads;
    private final KernelCompiler compiler;
    private final java.util.Map<Method, KernelHandle> prepared = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicLong streams = new AtomicLong();
    private volatile DeviceActivity.Listener listener;

    /** An accelerator with one thread per available processor. */
    public JvmAccelerator()
    {
        this(Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param threads platform threads that run groups.
     */
    public JvmAccelerator(final int threads)
    {
        this(threads, KernelCompiler.standard());
    }

    /**
     * @param threads  platform threads that run groups.
     * @param compiler checks kernels when they are prepared (and knows the field intrinsics).
     */
    public JvmAccelerator(final int threads, final KernelCompiler compiler)
    {
        this.threads = threads;
        this.compiler = compiler;
        this.pool = Executors.newFixedThreadPool(threads, runnable ->
        {
            final Thread thread = new Thread(runnable, "jprove-jvm-kernel");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public String device()
    {
        return DeviceName.JVM;
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        return prepared.computeIfAbsent(KernelSignature.find(owner, name), this::prepare);
    }

    private KernelHandle prepare(final Method method)
    {
        // Compiled once per process (memory cache keyed by bytecode), as the CUDA executor does: compiling a large
        // kernel takes seconds, and tests open many accelerators.
        final PtxKernel checked = new io.jprove.kernels.ptx.PtxCache(compiler, null).get(method);
        final MethodHandle handle;
        try
        {
            handle = MethodHandles.publicLookup().unreflect(method);
        }
        catch (final IllegalAccessException ex)
        {
            throw new IllegalArgumentException("kernel " + checked.name() + " is not accessible", ex);
        }
        final int arity = method.getParameterCount();
        final MethodHandle spread = handle.asSpreader(Object[].class, arity)
            .asType(MethodType.methodType(void.class, Object[].class));
        return new Handle(checked.name(), checked.signature(), checked.traits(), spread, arity);
    }

    @Override
    public DeviceMemory allocate(final long bytes)
    {
        return JvmDeviceMemory.allocate(this, bytes);
    }

    @Override
    public HostMemory allocateHost(final long bytes)
    {
        if (bytes < 1)
        {
            throw new IllegalArgumentException("host allocation of " + bytes + " bytes; it must be at least 1");
        }
        final Arena arena = Arena.ofShared();
        return new HostMemory(arena.allocate(bytes, 64), arena::close);
    }

    @Override
    public DeviceStream createStream()
    {
        return new JvmStream(streams.incrementAndGet());
    }

    @Override
    public DeviceEvent createEvent()
    {
        return new JvmStream.JvmEvent();
    }

    @Override
    public void synchronize()
    {
        // Every stream's work has already run.
    }

    /** The host's free and total physical memory: "device" memory here is off-heap host memory. */
    @Override
    public long[] memoryInfo()
    {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os)
        {
            return new long[] {os.getFreeMemorySize(), os.getTotalMemorySize()};
        }
        final long max = Runtime.getRuntime().maxMemory();
        return new long[] {max, max};
    }

    @Override
    public int multiprocessorCount()
    {
        return threads;
    }

    @Override
    public void setListener(final DeviceActivity.Listener listener)
    {
        this.listener = listener;
    }

    /** Reports work that ran from {@code start} until now on {@code stream}. */
    void report(final DeviceActivity.Kind kind, final String name, final DeviceStream stream, final long start,
        final long bytes)
    {
        final DeviceActivity.Listener l = listener;
        if (l != null)
        {
            l.onActivity(new DeviceActivity(kind, name, device(), stream == null ? 0 : ((JvmStream)stream).id(),
                start, System.nanoTime() - start, bytes, ActivityTag.current()));
        }
    }

    /** The host memory behind device memory of this accelerator. */
    MemorySegment segmentOf(final DeviceMemory memory)
    {
        if (!(memory instanceof JvmDeviceMemory jvm) || jvm.accelerator() != this)
        {
            throw new IllegalArgumentException(memory + " does not belong to this cpu accelerator");
        }
        return jvm.segment();
    }

    @Override
    public void upload(final KernelArray array)
    {
        // Kernels run on the host memory itself.
    }

    @Override
    public void download(final KernelArray array)
    {
        // Kernels run on the host memory itself.
    }

    @Override
    public void release(final KernelArray array)
    {
        // Kernels run on the host memory itself.
    }

    @Override
    public void close()
    {
        pool.shutdownNow();
    }

    private final class Handle implements KernelHandle
    {
        private final String name;
        private final KernelSignature signature;
        private final KernelTraits traits;
        private final boolean usesBarrier;
        private final MethodHandle spread;
        private final int arity;

        private Handle(final String name, final KernelSignature signature, final KernelTraits traits,
            final MethodHandle spread, final int arity)
        {
            this.name = name;
            this.signature = signature;
            this.traits = traits;
            this.usesBarrier = traits.cooperative();
            this.spread = spread;
            this.arity = arity;
        }

        @Override
        public String name()
        {
            return name;
        }

        @Override
        public void launch(final Launch launch, final Object... given)
        {
            signature.check(name, launch, MAX_LOCAL_SIZE, traits, given);
            final long start = System.nanoTime();
            final Object[] args = given.clone();
            for (int i = 0; i < args.length; i++)
            {
                if (args[i] instanceof DeviceMemory memory)
                {
                    final MemorySegment segment = segmentOf(memory);
                    KernelSignature.checkAligned(name, i, segment.address());
                    args[i] = signature.params().get(i) == KernelSignature.ParamKind.LONG_ARRAY
                        ? LongArray.wrap(segment) : IntArray.wrap(segment);
                }
            }
            final int groupCount = launch.groupsX() * launch.groupsY();
            final AtomicInteger nextGroup = new AtomicInteger();
            final List<Future<?>> workers = new ArrayList<>();
            final int workerCount = Math.min(threads, groupCount);
            for (int w = 0; w < workerCount; w++)
            {
                workers.add(pool.submit(() ->
                {
                    runGroups(launch, args, nextGroup);
                    return null;
                }));
            }
            Throwable failure = null;
            for (final Future<?> worker : workers)
            {
                try
                {
                    worker.get();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    failure = ex;
                }
                catch (final ExecutionException ex)
                {
                    failure = failure == null ? ex.getCause() : failure;
                }
            }
            if (failure instanceof KernelFailureException known)
            {
                throw known;
            }
            if (failure != null)
            {
                throw new KernelFailureException("kernel " + name + " failed: " + failure, failure);
            }
            report(DeviceActivity.Kind.KERNEL, name, launch.stream(), start, 0);
        }

        private void runGroups(final Launch launch, final Object[] args, final AtomicInteger nextGroup)
            throws Exception
        {
            final int groupCount = launch.groupsX() * launch.groupsY();
            final int localSize = launch.localSize();
            try (Arena arena = Arena.ofShared())
            {
                final KernelContext.Group group = new KernelContext.Group(launch.groupsX(), launch.groupsY(),
                    localSize, launch.sharedBytes(), arena, usesBarrier);
                for (int g = nextGroup.getAndIncrement(); g < groupCount; g = nextGroup.getAndIncrement())
                {
                    group.moveTo(g % launch.groupsX(), g / launch.groupsX());
                    if (usesBarrier)
                    {
                        runCooperative(group, localSize, args, g);
                    }
                    else
                    {
                        runSequential(group, localSize, args, g);
                    }
                }
            }
        }

        private void runSequential(final KernelContext.Group group, final int localSize, final Object[] args,
            final int groupId) throws Exception
        {
            final KernelContext ctx = new KernelContext(group);
            final Object[] call = callArray(ctx, args);
            for (int l = 0; l < localSize; l++)
            {
                ctx.moveTo(l);
                invoke(call, groupId, l);
            }
        }

        private void runCooperative(final KernelContext.Group group, final int localSize, final Object[] args,
            final int groupId) throws Exception
        {
            final List<Thread> items = new ArrayList<>(localSize);
            final Throwable[] failures = new Throwable[localSize];
            for (int l = 0; l < localSize; l++)
            {
                final int localId = l;
                final KernelContext ctx = new KernelContext(group);
                ctx.moveTo(localId);
                final Object[] call = callArray(ctx, args);
                items.add(Thread.ofVirtual().start(() ->
                {
                    try
                    {
                        invoke(call, groupId, localId);
                        group.exited(localId);
                    }
                    catch (final Throwable ex)
                    {
                        failures[localId] = ex;
                        group.fail();
                    }
                }));
            }
            for (final Thread item : items)
            {
                item.join();
            }
            Throwable first = null;
            for (final Throwable failure : failures)
            {
                if (failure != null && (first == null || brokeBarrier(first) && !brokeBarrier(failure)))
                {
                    first = failure;
                }
            }
            if (first instanceof Error error)
            {
                throw error;
            }
            if (first != null)
            {
                throw (RuntimeException)first;
            }
        }

        private static boolean brokeBarrier(final Throwable failure)
        {
            for (Throwable t = failure; t != null; t = t.getCause())
            {
                if (t instanceof KernelContext.GroupFailedException)
                {
                    return true;
                }
            }
            return false;
        }

        private Object[] callArray(final KernelContext ctx, final Object[] args)
        {
            final Object[] call = new Object[arity];
            call[0] = ctx;
            System.arraycopy(args, 0, call, 1, args.length);
            return call;
        }

        private void invoke(final Object[] call, final int groupId, final int localId) throws Exception
        {
            try
            {
                spread.invokeExact(call);
            }
            catch (final KernelFailureException | Error ex)
            {
                throw ex;
            }
            catch (final Throwable ex)
            {
                throw new KernelFailureException("kernel " + name + " failed in group " + groupId + ", item "
                    + localId + ": " + ex, ex);
            }
        }
    }
}
