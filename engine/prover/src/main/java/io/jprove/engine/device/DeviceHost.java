package io.jprove.engine.device;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.backend.BackendFactory;
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
import io.jprove.kernels.DeviceOutOfMemoryException;

/**
 * The device process: {@code java ... io.jprove.engine.device.DeviceHost KIND ORDINAL THREADS} opens one device of
 * its kind in this process and serves a {@link DeviceProcess} over stdin and stdout ({@link DeviceProtocol}) until
 * stdin ends. Each call runs on a thread of its own (two partitions may be on the device at once, as in the daemon's
 * own process); key images and partition buffers are mapped from shared memory, the buffers' mappings kept until the
 * parent says their block is gone. Anything the libraries print goes to stderr, which the parent passes on: stdout
 * carries the protocol only.
 */
public final class DeviceHost
{
    private final ProverBackend backend;
    private final DataOutputStream out;
    private final Map<Long, PreparedKey> prepared = new ConcurrentHashMap<>();
    private final Map<Long, ProvingKey> keys = new ConcurrentHashMap<>();
    /**
     * The calls waiting at a step boundary, each with its mailbox: the parent's answer (a Boolean, whether it goes
     * on), and before it any partition the parent proves inside it there (a Runnable, run on the waiting thread, so
     * that the backend sees it nested in the call).
     */
    private final Map<Long, BlockingQueue<Object>> boundaries = new ConcurrentHashMap<>();
    /** The buffer files mapped, by path; guarded by itself. */
    private final Map<Path, Mapping> mapped = new LinkedHashMap<>();
    private final AtomicLong handles = new AtomicLong();

    /** A mapped buffer file, and what unpins it (page-locked so that uploads from it are DMA at full speed). */
    private record Mapping(Arena arena, MemorySegment segment, AutoCloseable pin)
    {
    }

    private DeviceHost(final ProverBackend backend, final DataOutputStream out)
    {
        this.backend = backend;
        this.out = out;
    }

    /**
     * @param args the device's kind ("cuda", "jvm"), its ordinal, and the host threads it may use.
     */
    public static void main(final String[] args) throws IOException
    {
        // the protocol owns stdout; whatever else prints goes where the parent's log is
        final PrintStream protocol = System.out;
        System.setOut(System.err);
        final DataOutputStream out = new DataOutputStream(new BufferedOutputStream(protocol, 1 << 16));
        final DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(
            FileDescriptor.in), 1 << 16));
        final ProverBackend backend;
        try
        {
            backend = open(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        }
        catch (final RuntimeException | Error e)
        {
            synchronized (out)
            {
                out.writeInt(DeviceProtocol.FAILED);
                out.writeLong(0);
                out.writeInt(DeviceProtocol.OTHER);
                out.writeUTF(oneLine(e));
                out.flush();
            }
            System.exit(2);
            return;
        }
        final DeviceHost host = new DeviceHost(backend, out);
        host.send(DeviceProtocol.READY, 0, o ->
        {
            o.writeUTF(backend.name());
            o.writeUTF(backend.description());
            o.writeInt(backend.workers());
        });
        try
        {
            host.serve(in);
        }
        finally
        {
            backend.close();
            new FileOutputStream(FileDescriptor.out).close();
        }
        System.exit(0);
    }

    private static ProverBackend open(final String kind, final int ordinal, final int threads)
    {
        for (final BackendFactory f : ServiceLoader.load(BackendFactory.class))
        {
            if (f.kind().equals(kind))
            {
                return f.open(ordinal, threads);
            }
        }
        throw new IllegalArgumentException("this build has no " + kind + " backend");
    }

    /** Reads requests until stdin ends. */
    private void serve(final DataInputStream in) throws IOException
    {
        while (true)
        {
            final int type;
            try
            {
                type = in.readInt();
            }
            catch (final EOFException e)
            {
                return;
            }
            final long call = in.readLong();
            switch (type)
            {
                case DeviceProtocol.PREPARE ->
                {
                    final String image = in.readUTF();
                    Thread.ofPlatform().name("jprove-device-prepare-" + call).start(() -> prepare(call, image));
                }
                case DeviceProtocol.PROVE ->
                {
                    final Prove p = Prove.read(in);
                    final BlockingQueue<Object> outer = p.within() == 0 ? null : boundaries.get(p.within());
                    if (outer != null)
                    {
                        outer.add((Runnable)() -> prove(call, p));
                    }
                    else
                    {
                        Thread.ofPlatform().name("jprove-device-prove-" + call).start(() -> prove(call, p));
                    }
                }
                case DeviceProtocol.RELEASE -> release(in.readLong());
                case DeviceProtocol.FORGET -> forget(Path.of(in.readUTF()));
                case DeviceProtocol.GO ->
                {
                    final boolean go = in.readBoolean();
                    final BlockingQueue<Object> waiting = boundaries.remove(call);
                    if (waiting != null)
                    {
                        waiting.add(go);
                    }
                }
                default -> throw new IOException("unknown request type " + type);
            }
        }
    }

    /** A PROVE request's fields. */
    private record Prove(long within, long handle, String[] files, long[] offsets, long[] bytes, int inputs, BitSet a,
        BitSet b)
    {
        static Prove read(final DataInputStream in) throws IOException
        {
            final long within = in.readLong();
            final long handle = in.readLong();
            final String[] files = new String[4];
            final long[] offsets = new long[4];
            final long[] bytes = new long[4];
            for (int i = 0; i < 4; i++)
            {
                files[i] = in.readUTF();
                offsets[i] = in.readLong();
                bytes[i] = in.readLong();
            }
            final int inputs = in.readInt();
            return new Prove(within, handle, files, offsets, bytes, inputs, DeviceProtocol.bits(in),
                DeviceProtocol.bits(in));
        }
    }

    private void prepare(final long call, final String image)
    {
        ProvingKey key = null;
        try
        {
            key = KeyImage.read(Path.of(image));
            final PreparedKey ready = backend.prepare(key);
            final long handle = handles.incrementAndGet();
            keys.put(handle, key);
            prepared.put(handle, ready);
            send(DeviceProtocol.PREPARED, call, o ->
            {
                o.writeLong(handle);
                o.writeLong(ready.deviceBytes());
                o.writeUTF(ready.preparation());
            });
        }
        catch (final RuntimeException | Error e)
        {
            if (key != null)
            {
                key.close();
            }
            failed(call, e);
        }
    }

    private void prove(final long call, final Prove p)
    {
        try
        {
            final PreparedKey key = prepared.get(p.handle());
            if (key == null)
            {
                throw new IllegalArgumentException("no key prepared under handle " + p.handle());
            }
            final FrVector[] v = new FrVector[4];
            for (int i = 0; i < 4; i++)
            {
                v[i] = FrVector.wrap(map(Path.of(p.files()[i])).asSlice(p.offsets()[i], p.bytes()[i]));
            }
            final PartitionInputs inputs = new PartitionInputs(v[0], p.inputs(), v[1], v[2], v[3], p.a(), p.b());
            final MsmSums sums = backend.prove(key, inputs, listener(call));
            send(DeviceProtocol.SUMS, call, o ->
            {
                DeviceProtocol.longs(o, sums.h());
                DeviceProtocol.longs(o, sums.l());
                DeviceProtocol.longs(o, sums.a());
                DeviceProtocol.longs(o, sums.b1());
                DeviceProtocol.longs(o, sums.b2());
            });
        }
        catch (final RuntimeException | Error e)
        {
            failed(call, e);
        }
    }

    /** @return the call's listener: events go to the parent, and each boundary asks it whether to go on. */
    private BackendListener listener(final long call)
    {
        return new BackendListener()
        {
            @Override
            public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
            {
                send(DeviceProtocol.KERNEL, call, o ->
                {
                    o.writeInt(phase.ordinal());
                    o.writeUTF(name);
                    o.writeLong(startNs);
                    o.writeLong(durationNs);
                });
            }

            @Override
            public void copy(final String name, final long startNs, final long durationNs, final long bytes)
            {
                send(DeviceProtocol.COPY, call, o ->
                {
                    o.writeUTF(name);
                    o.writeLong(startNs);
                    o.writeLong(durationNs);
                    o.writeLong(bytes);
                });
            }

            @Override
            public void boundary(final ProvingPhase next)
            {
                final BlockingQueue<Object> mailbox = new LinkedBlockingQueue<>();
                boundaries.put(call, mailbox);
                send(DeviceProtocol.BOUNDARY, call, o -> o.writeInt(next.ordinal()));
                while (true)
                {
                    final Object m = take(mailbox);
                    if (m instanceof final Runnable nested)
                    {
                        nested.run(); // a partition the parent proves here, inside this one
                    }
                    else if (!(Boolean)m)
                    {
                        throw new StoppedException();
                    }
                    else
                    {
                        return;
                    }
                }
            }
        };
    }

    /** @return the mailbox's next message, waited for through interrupts (kept for the caller). */
    private static Object take(final BlockingQueue<Object> mailbox)
    {
        boolean interrupted = false;
        try
        {
            while (true)
            {
                try
                {
                    return mailbox.take();
                }
                catch (final InterruptedException e)
                {
                    interrupted = true;
                }
            }
        }
        finally
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The parent stopped the partition at a step boundary. */
    private static final class StoppedException extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        StoppedException()
        {
            super("stopped at a step boundary", null, false, false);
        }
    }

    private MemorySegment map(final Path file)
    {
        synchronized (mapped)
        {
            final Mapping known = mapped.get(file);
            if (known != null)
            {
                return known.segment();
            }
            final Arena arena = Arena.ofShared();
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
            {
                final MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, 0, ch.size(), arena);
                mapped.put(file, new Mapping(arena, segment, pin(segment, file)));
                return segment;
            }
            catch (final IOException e)
            {
                arena.close();
                throw new IllegalArgumentException("cannot map the partition's buffers " + file + ": "
                    + e.getMessage(), e);
            }
        }
    }

    /**
     * Page-locks a mapped buffer file for the device, once per mapping (the pool reuses its blocks): uploads from
     * pageable memory go through the driver's staging copies at a fraction of the speed. Where the driver refuses (a
     * locked-memory limit), one line says so and the buffers stay pageable: slower, not wrong.
     */
    private AutoCloseable pin(final MemorySegment segment, final Path file)
    {
        try
        {
            return backend.pinHost(segment);
        }
        catch (final RuntimeException e)
        {
            System.err.println(backend.name() + ": the buffers " + file + " stay pageable (uploads from them are "
                + "slower): " + e.getMessage());
            return () ->
            {
            };
        }
    }

    private void forget(final Path file)
    {
        final Mapping gone;
        synchronized (mapped)
        {
            gone = mapped.remove(file);
        }
        if (gone != null)
        {
            try
            {
                gone.pin().close();
            }
            catch (final Exception e)
            {
                System.err.println(backend.name() + ": cannot unpin " + file + ": " + e.getMessage());
            }
            gone.arena().close();
        }
    }

    private void release(final long handle)
    {
        final PreparedKey key = prepared.remove(handle);
        if (key != null)
        {
            key.close();
        }
        final ProvingKey image = keys.remove(handle);
        if (image != null)
        {
            image.close();
        }
    }

    private void failed(final long call, final Throwable e)
    {
        final int kind = e instanceof DeviceUnusableException ? DeviceProtocol.UNUSABLE
            : e instanceof DeviceOutOfMemoryException ? DeviceProtocol.NO_ROOM
            : e instanceof StoppedException ? DeviceProtocol.STOPPED
            : e instanceof final NestingRefusedException n ? n.lasting() ? DeviceProtocol.NESTING_REFUSED
            : DeviceProtocol.NESTING_BUSY
            : e instanceof IllegalArgumentException ? DeviceProtocol.ARGUMENT : DeviceProtocol.OTHER;
        final String text = message(e);
        send(DeviceProtocol.FAILED, call, o ->
        {
            o.writeInt(kind);
            o.writeUTF(text);
        });
    }

    /** @return the failure as one line, without the "X is unusable ..." prefix the parent adds again. */
    private String message(final Throwable e)
    {
        final String text = oneLine(e);
        final String prefix = backend.name() + DeviceProcess.UNUSABLE_PREFIX;
        return text.startsWith(prefix) ? text.substring(prefix.length()) : text;
    }

    private static String oneLine(final Throwable t)
    {
        final String text = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        // writeUTF takes at most 65535 bytes
        return text.length() > 8000 ? text.substring(0, 8000) + " ..." : text;
    }

    /** Writes one message's fields. */
    @FunctionalInterface
    private interface Fields
    {
        void write(DataOutputStream out) throws IOException;
    }

    private void send(final int type, final long call, final Fields fields)
    {
        synchronized (out)
        {
            try
            {
                out.writeInt(type);
                out.writeLong(call);
                fields.write(out);
                out.flush();
            }
            catch (final IOException e)
            {
                // the parent is gone: nothing to tell, and stdin's end stops the process
                System.err.println("jprove device process: " + e.getMessage());
            }
        }
    }
}
