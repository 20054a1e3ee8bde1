package io.jprove.engine.device;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.jprove.engine.backend.HostMemorySource;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.NestingRefusedException;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.field.FrVector;

/**
 * A device proving in a process of its own ({@link DeviceHost}), seen as a {@link ProverBackend}: what a runtime
 * needs to bring a GPU back after a fault, since a CUDA sticky error poisons the device for the rest of the process
 * that met it. The pipeline restarts a faulted device process with {@link #reopen()}: a fresh process, a fresh CUDA
 * context, keys prepared there again.
 * <p>
 * Calls go over the child's stdin and stdout ({@link DeviceProtocol}), one reader thread dispatching replies; the
 * data does not: a partition's vectors are named by their shared file and offset ({@link SharedMemory}, the daemon's
 * buffer pool when it proves on device processes; vectors elsewhere are copied into a shared block for the call), and
 * a key by its image ({@link KeyImage}), written once for all devices. Kernel and copy events come back as messages
 * and go to the call's listener; at each step boundary the child asks the listener, which may stop the partition
 * there. A child that reports a fault, or dies, fails its calls with {@link DeviceUnusableException}. Thread-safe.
 */
public final class DeviceProcess implements ProverBackend
{
    /** What {@link DeviceUnusableException} puts between a device's name and the reason. */
    static final String UNUSABLE_PREFIX = " is unusable for the rest of this process: ";
    /** How long a child may take to open its device before it is given up. */
    private static final long START_TIMEOUT_S = 300;
    /** The block files freed in this process: every device process is told to unmap them. */
    private static final List<Consumer<Path>> FREED = new CopyOnWriteArrayList<>();

    private final String kind;
    private final int ordinal;
    private final int threads;
    private final Path shared;
    private final Process process;
    private final DataOutputStream out;
    private final String name;
    private final String description;
    private final int workers;
    private final Map<Long, Call> calls = new ConcurrentHashMap<>();
    /**
     * The call at whose step boundary this thread runs the listener, or null: a {@link #prove} from there is
     * proved inside that call in the device process ({@link BackendListener#boundary}).
     */
    private final ThreadLocal<Long> within = new ThreadLocal<>();
    /** Calls answered lately, whose last events may still come; guarded by itself. */
    private final Map<Long, Call> answered = new LinkedHashMap<>(16, 0.75f, false)
    {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<Long, Call> eldest)
        {
            return size() > 64;
        }
    };
    private final AtomicLong nextCall = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Consumer<Path> forget = this::forget;
    private final Thread reader;
    private volatile String failure;

    /** One call in flight: its reply and, for a proof, its listener. */
    private static final class Call
    {
        private final CompletableFuture<Reply> reply = new CompletableFuture<>();
        private final BackendListener listener;
        /** What the listener threw at a boundary, rethrown as the call's outcome. */
        private volatile RuntimeException stop;

        Call(final BackendListener listener)
        {
            this.listener = listener;
        }
    }

    /** A reply: its type and fields as read. */
    private record Reply(int type, Object value)
    {
    }

    private DeviceProcess(final String kind, final int ordinal, final int threads, final Path shared)
        throws IOException
    {
        this.kind = kind;
        this.ordinal = ordinal;
        this.threads = threads;
        this.shared = shared;
        final List<String> command = command(kind, ordinal, threads);
        this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        this.out = new DataOutputStream(new BufferedOutputStream(process.getOutputStream(), 1 << 16));
        final DataInputStream in = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16));
        try
        {
            final int type = in.readInt();
            in.readLong();
            if (type == DeviceProtocol.FAILED)
            {
                in.readInt();
                throw new IllegalStateException(kind + ":" + ordinal + " could not be opened in its device process: "
                    + in.readUTF());
            }
            if (type != DeviceProtocol.READY)
            {
                throw new IOException("the device process began with message " + type);
            }
            this.name = in.readUTF();
            this.description = in.readUTF();
            this.workers = in.readInt();
        }
        catch (final IOException | RuntimeException e)
        {
            process.destroyForcibly();
            throw e;
        }
        this.reader = Thread.ofPlatform().name("jprove-device-" + name).daemon().start(() -> read(in));
        FREED.add(forget);
    }

    /**
     * Starts a device process and waits until its device is open.
     *
     * @param kind    the backend's kind ("cuda", "jvm").
     * @param ordinal which device of that kind.
     * @param threads host threads the device may use.
     * @param shared  where key images go (the buffers' folder: {@link SharedMemory#defaultDirectory()}).
     * @return the device, as its process opened it.
     * @throws IllegalStateException naming the device when the process could not be started or could not open it.
     */
    public static DeviceProcess start(final String kind, final int ordinal, final int threads, final Path shared)
    {
        final CompletableFuture<DeviceProcess> started = CompletableFuture.supplyAsync(() ->
        {
            try
            {
                return new DeviceProcess(kind, ordinal, threads, shared);
            }
            catch (final IOException e)
            {
                throw new IllegalStateException("cannot start the device process of " + kind + ":" + ordinal + ": "
                    + (e instanceof EOFException ? "it ended before it opened the device (its error output says why)"
                        : e.getMessage()), e);
            }
        });
        try
        {
            return started.get(START_TIMEOUT_S, TimeUnit.SECONDS);
        }
        catch (final java.util.concurrent.ExecutionException e)
        {
            throw e.getCause() instanceof final RuntimeException r ? r
                : new IllegalStateException(e.getCause().getMessage(), e.getCause());
        }
        catch (final java.util.concurrent.TimeoutException e)
        {
            started.thenAccept(DeviceProcess::close);
            throw new IllegalStateException("the device process of " + kind + ":" + ordinal + " did not open its"
                + " device within " + START_TIMEOUT_S + " s");
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            started.thenAccept(DeviceProcess::close);
            throw new IllegalStateException("interrupted while starting the device process of " + kind + ":"
                + ordinal, e);
        }
    }

    /** Tells every device process of this host that a shared block is gone (its mapping can go too). */
    static void freed(final Path file)
    {
        FREED.forEach(f -> f.accept(file));
    }

    /** @return this JVM's command line for the device process: its flags and class path. */
    private static List<String> command(final String kind, final int ordinal, final int threads)
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
            "java").toString()));
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            // the module and access flags and the settings, not a debugger's agent or this JVM's class archive
            if (arg.startsWith("--") || arg.startsWith("-D") || arg.startsWith("-Xmx") || arg.startsWith("-Xss"))
            {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", classPath(), DeviceHost.class.getName(), kind, String.valueOf(ordinal),
            String.valueOf(threads)));
        return command;
    }

    /**
     * @return the class path a device process needs: the entries of the class loaders that loaded this class, when
     *         they are not the JVM's own (a test launcher's, such as the JUnit console's {@code --class-path}, which
     *         leaves {@code java.class.path} naming only the launcher), then the JVM's class path.
     */
    private static String classPath()
    {
        final List<String> entries = new ArrayList<>();
        for (ClassLoader l = DeviceHost.class.getClassLoader(); l != null; l = l.getParent())
        {
            if (l instanceof final URLClassLoader loader)
            {
                for (final URL url : loader.getURLs())
                {
                    try
                    {
                        entries.add(Path.of(url.toURI()).toString());
                    }
                    catch (final URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e)
                    {
                        // not a local file: a child cannot have it on its class path
                    }
                }
            }
        }
        entries.add(System.getProperty("java.class.path"));
        return String.join(File.pathSeparator, entries);
    }

    /** @return the folder of shared memory this device process maps partitions and keys from. */
    public Path sharedDirectory()
    {
        return shared;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public int device()
    {
        return ordinal;
    }

    @Override
    public String description()
    {
        return description + " (device process " + process.pid() + ")";
    }

    @Override
    public int workers()
    {
        return workers;
    }

    /** @return the device process's id. */
    public long pid()
    {
        return process.pid();
    }

    @Override
    public boolean restartable()
    {
        return true;
    }

    /** @return a fresh device process of the same device. */
    @Override
    public ProverBackend reopen()
    {
        return start(kind, ordinal, threads, shared);
    }

    @Override
    public PreparedKey prepare(final ProvingKey key)
    {
        checkUsable();
        final Path image = KeyImage.acquire(key, shared);
        try
        {
            final Reply r = call(DeviceProtocol.PREPARE, null, o -> o.writeUTF(image.toString()));
            final Object[] v = (Object[])r.value();
            return new Remote(key, (Long)v[0], (Long)v[1], (String)v[2]);
        }
        catch (final RuntimeException e)
        {
            KeyImage.release(key);
            throw e;
        }
    }

    @Override
    public MsmSums prove(final PreparedKey prepared, final PartitionInputs given, final BackendListener listener)
    {
        if (!(prepared instanceof final Remote key) || key.owner() != this)
        {
            throw new IllegalArgumentException("key prepared on " + prepared.device() + ", not on " + name);
        }
        // the device process has no copy of the matrices: a, b, c go to it
        final PartitionInputs partition = given.withProducts(Runtime.getRuntime().availableProcessors());
        checkUsable();
        final FrVector[] vectors = {partition.assignment(), partition.a(), partition.b(), partition.c()};
        final SharedMemory.Location[] at = new SharedMemory.Location[4];
        HostMemorySource.Block scratch = null;
        try
        {
            for (int i = 0; i < 4; i++)
            {
                at[i] = SharedMemory.locate(vectors[i].segment());
            }
            if (at[0] == null || at[1] == null || at[2] == null || at[3] == null)
            {
                // not in shared memory (a caller's own buffers): copied into a shared block for this call
                scratch = scratch(vectors, at);
            }
            final Long outer = within.get();
            final Reply r = call(DeviceProtocol.PROVE, listener, o ->
            {
                o.writeLong(outer == null ? 0 : outer);
                o.writeLong(key.handle());
                for (final SharedMemory.Location l : at)
                {
                    o.writeUTF(l.file().toString());
                    o.writeLong(l.offset());
                    o.writeLong(l.bytes());
                }
                o.writeInt(partition.numInputs());
                DeviceProtocol.bits(o, partition.aDensity());
                DeviceProtocol.bits(o, partition.bDensity());
            });
            final long[][] s = (long[][])r.value();
            if (scratch != null)
            {
                // the backend overwrites a, b, c: the caller sees them as a device in this process would leave them
                for (int i = 1; i < 4; i++)
                {
                    MemorySegment.copy(scratch.segment(), at[i].offset(), vectors[i].segment(), 0, at[i].bytes());
                }
            }
            return new MsmSums(s[0], s[1], s[2], s[3], s[4]);
        }
        finally
        {
            if (scratch != null)
            {
                scratch.free().run();
            }
        }
    }

    /** Copies the vectors into one shared block; fills in their locations. */
    private HostMemorySource.Block scratch(final FrVector[] vectors, final SharedMemory.Location[] at)
    {
        long bytes = 0;
        for (final FrVector v : vectors)
        {
            bytes += v.segment().byteSize();
        }
        final HostMemorySource.Block block = new SharedMemory(shared).allocate(Math.max(1, bytes));
        final SharedMemory.Location whole = SharedMemory.locate(block.segment());
        long offset = 0;
        for (int i = 0; i < vectors.length; i++)
        {
            final long n = vectors[i].segment().byteSize();
            MemorySegment.copy(vectors[i].segment(), 0, block.segment(), offset, n);
            at[i] = new SharedMemory.Location(whole.file(), offset, n);
            offset += n;
        }
        return block;
    }

    /** The request's fields. */
    @FunctionalInterface
    private interface Fields
    {
        void write(DataOutputStream out) throws IOException;
    }

    /** Sends a request and waits for its reply. */
    private Reply call(final int type, final BackendListener listener, final Fields fields)
    {
        final long id = nextCall.incrementAndGet();
        final Call call = new Call(listener);
        calls.put(id, call);
        try
        {
            send(type, id, fields);
            final Reply r = call.reply.join();
            if (r.type() == DeviceProtocol.FAILED)
            {
                throw failure(call, (Object[])r.value());
            }
            return r;
        }
        catch (final CompletionException e)
        {
            throw e.getCause() instanceof final RuntimeException cause ? cause : e;
        }
        finally
        {
            calls.remove(id);
            synchronized (answered)
            {
                answered.put(id, call);
            }
        }
    }

    private RuntimeException failure(final Call call, final Object[] failed)
    {
        final int kind = (Integer)failed[0];
        final String message = (String)failed[1];
        return switch (kind)
        {
            case DeviceProtocol.UNUSABLE -> unusable(message);
            case DeviceProtocol.STOPPED -> call.stop != null ? call.stop : new IllegalStateException(message);
            case DeviceProtocol.ARGUMENT -> new IllegalArgumentException(message);
            case DeviceProtocol.NESTING_REFUSED, DeviceProtocol.NESTING_BUSY -> new NestingRefusedException(name,
                message.startsWith(name + NestingRefusedException.SAYS) ? message.substring((name
                + NestingRefusedException.SAYS).length()) : message, null, kind == DeviceProtocol.NESTING_REFUSED);
            default -> new IllegalStateException(message);
        };
    }

    /** Marks the process faulted: every later call fails at once. */
    private DeviceUnusableException unusable(final String reason)
    {
        if (failure == null)
        {
            failure = reason;
        }
        return new DeviceUnusableException(name, reason, null);
    }

    private void checkUsable()
    {
        final String why = failure;
        if (why != null)
        {
            throw new DeviceUnusableException(name, why, null);
        }
    }

    private void send(final int type, final long id, final Fields fields)
    {
        synchronized (out)
        {
            try
            {
                out.writeInt(type);
                out.writeLong(id);
                fields.write(out);
                out.flush();
            }
            catch (final IOException e)
            {
                throw unusable("its device process " + process.pid() + " is gone (" + e.getMessage() + ")");
            }
        }
    }

    /** The reader thread: replies complete their calls, events go to their listeners, boundaries are answered. */
    private void read(final DataInputStream in)
    {
        try
        {
            while (true)
            {
                final int type = in.readInt();
                final long id = in.readLong();
                switch (type)
                {
                    case DeviceProtocol.PREPARED -> complete(id, type, new Object[] {in.readLong(), in.readLong(),
                        in.readUTF()});
                    case DeviceProtocol.SUMS -> complete(id, type, new long[][] {DeviceProtocol.longs(in),
                        DeviceProtocol.longs(in), DeviceProtocol.longs(in), DeviceProtocol.longs(in),
                        DeviceProtocol.longs(in)});
                    case DeviceProtocol.FAILED -> complete(id, type, new Object[] {in.readInt(), in.readUTF()});
                    case DeviceProtocol.KERNEL ->
                    {
                        final ProvingPhase phase = ProvingPhase.values()[in.readInt()];
                        final String kernel = in.readUTF();
                        final long start = in.readLong();
                        final long duration = in.readLong();
                        final BackendListener l = listenerOf(id);
                        if (l != null)
                        {
                            l.kernel(phase, kernel, start, duration);
                        }
                    }
                    case DeviceProtocol.COPY ->
                    {
                        final String copy = in.readUTF();
                        final long start = in.readLong();
                        final long duration = in.readLong();
                        final long bytes = in.readLong();
                        final BackendListener l = listenerOf(id);
                        if (l != null)
                        {
                            l.copy(copy, start, duration, bytes);
                        }
                    }
                    case DeviceProtocol.BOUNDARY ->
                    {
                        // on a thread of its own: the listener may prove a partition there, whose replies this
                        // thread reads
                        final ProvingPhase next = ProvingPhase.values()[in.readInt()];
                        Thread.ofVirtual().name("jprove-boundary-" + id).start(() -> boundary(id, next));
                    }
                    default -> throw new IOException("unknown message type " + type);
                }
            }
        }
        catch (final EOFException e)
        {
            died("exited" + exitCode());
        }
        catch (final IOException | RuntimeException e)
        {
            died("cannot be read (" + e.getMessage() + ")");
        }
    }

    private String exitCode()
    {
        try
        {
            return process.waitFor(2, TimeUnit.SECONDS) ? " with status " + process.exitValue() : "";
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** The process ended: every call in flight, and every later one, fails. */
    private void died(final String how)
    {
        final String reason = "its device process " + process.pid() + " " + how;
        if (failure == null && !closed.get())
        {
            failure = reason;
        }
        for (final Call c : calls.values())
        {
            c.reply.completeExceptionally(new DeviceUnusableException(name, failure == null ? reason : failure,
                null));
        }
    }

    private void complete(final long id, final int type, final Object value)
    {
        final Call c = calls.get(id);
        if (c != null)
        {
            c.reply.complete(new Reply(type, value));
        }
    }

    private BackendListener listenerOf(final long id)
    {
        Call c = calls.get(id);
        if (c == null)
        {
            synchronized (answered)
            {
                c = answered.get(id);
            }
        }
        return c == null ? null : c.listener;
    }

    /** Asks the call's listener whether its partition goes on past a step boundary, and answers the child. */
    private void boundary(final long id, final ProvingPhase next)
    {
        final Call c = calls.get(id);
        boolean go = true;
        if (c != null && c.listener != null)
        {
            within.set(id);
            try
            {
                c.listener.boundary(next);
            }
            catch (final RuntimeException e)
            {
                c.stop = e;
                go = false;
            }
            finally
            {
                within.remove();
            }
        }
        final boolean answer = go;
        try
        {
            send(DeviceProtocol.GO, id, o -> o.writeBoolean(answer));
        }
        catch (final DeviceUnusableException e)
        {
            // the process is gone: the call fails with that
        }
    }

    private void forget(final Path file)
    {
        if (failure == null && !closed.get())
        {
            try
            {
                send(DeviceProtocol.FORGET, 0, o -> o.writeUTF(file.toString()));
            }
            catch (final DeviceUnusableException e)
            {
                // gone: nothing is mapped any more
            }
        }
    }

    /** Ends the process: its stdin closes, it closes its device and exits (or is killed after a while). */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        FREED.remove(forget);
        try
        {
            synchronized (out)
            {
                out.close();
            }
        }
        catch (final IOException e)
        {
            // already gone
        }
        try
        {
            // a faulted device may hang in its driver: not waited for long
            if (!process.waitFor(failure == null ? 30 : 5, TimeUnit.SECONDS))
            {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            reader.join(5_000);
        }
        catch (final InterruptedException e)
        {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A key prepared in the device process, by its handle there. */
    private final class Remote implements PreparedKey
    {
        private final ProvingKey key;
        private final long handle;
        private final long deviceBytes;
        private final String preparation;
        private final AtomicBoolean released = new AtomicBoolean();

        Remote(final ProvingKey key, final long handle, final long deviceBytes, final String preparation)
        {
            this.key = key;
            this.handle = handle;
            this.deviceBytes = deviceBytes;
            this.preparation = preparation;
        }

        DeviceProcess owner()
        {
            return DeviceProcess.this;
        }

        long handle()
        {
            return handle;
        }

        @Override
        public ProvingKey key()
        {
            return key;
        }

        @Override
        public String device()
        {
            return name;
        }

        @Override
        public String preparation()
        {
            return preparation;
        }

        @Override
        public long deviceBytes()
        {
            return deviceBytes;
        }

        @Override
        public void close()
        {
            if (!released.compareAndSet(false, true))
            {
                return;
            }
            KeyImage.release(key);
            if (failure == null && !closed.get())
            {
                try
                {
                    send(DeviceProtocol.RELEASE, 0, o -> o.writeLong(handle));
                }
                catch (final DeviceUnusableException e)
                {
                    // the process is gone, and its device memory with it
                }
            }
        }
    }
}
