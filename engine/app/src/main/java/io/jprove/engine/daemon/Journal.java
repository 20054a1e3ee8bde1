package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The daemon's durable job log: {@link JournalRecord}s framed and checksummed in a generation file
 * ({@code gen-N/entries}, {@link JournalFile}) that the file {@code CURRENT} names. {@link #append} returns once the
 * whole frame is written (and, with {@link DaemonConfig.JournalSync#SYNC}, fdatasynced), so an entry appended before
 * a request is acknowledged survives the process being killed; a write that fails (a full disk) is undone before the
 * append throws, so the file never holds half an entry that a later one follows.
 * <p>
 * Appends go into space written ahead as zeros ({@link #PREALLOCATED_BYTES}): on a disk that something else fills,
 * the partitions and ends of jobs already accepted are still journaled. {@link #open} reads the generation through:
 * a torn tail (an entry cut off by a crash or power loss; never acknowledged) is dropped, bytes damaged since they
 * were written are skipped and the entries after them kept, and each is reported in {@link #notices()}.
 * <p>
 * A file only grows, so {@link #compact} writes the entries of the jobs still known into a fresh generation, switches
 * {@code CURRENT} to it with an atomic rename, and deletes the old one: a crash at any point leaves {@code CURRENT}
 * naming one complete generation, and {@link #open} deletes any other. A generation of format 1 (a Chronicle Queue,
 * jprove 0.1) is converted the same way on open ({@link LegacyJournal}). Thread-safe: appends are serialized on the
 * journal.
 */
final class Journal implements AutoCloseable
{
    /** Zeros kept written ahead of the last entry, so that the next entries need no new space on the disk. */
    static final long PREALLOCATED_BYTES = 4L << 20;

    private static final String CURRENT = "CURRENT";
    private static final String PREFIX = "gen-";

    /** How a frame reaches the file: the real write, or a test's that fails partway. */
    @FunctionalInterface
    interface Writes
    {
        /** The real one: every byte at {@code position}, or an exception. */
        Writes FILE = (channel, bytes, position) ->
        {
            long at = position;
            while (bytes.hasRemaining())
            {
                at += channel.write(bytes, at);
            }
        };

        /** Writes all of {@code bytes} at {@code position}. */
        void write(FileChannel channel, ByteBuffer bytes, long position) throws IOException;
    }

    /** What the last open found and the current file holds, for {@code /metrics}. */
    record Health(long entries, long tornBytes, long damagedBytes, long preallocatedBytes)
    {
    }

    private final Path dir;
    private final DaemonConfig.JournalSync sync;
    private final Path spoolDir;
    private final Writes writes;
    private final List<String> notices = new ArrayList<>();
    private final ExecutorService syncer;
    private final AtomicBoolean syncPending = new AtomicBoolean();
    private FileChannel channel;
    private int generation;
    private long entries;
    private long end;
    private long size;
    private long tornBytes;
    private long damagedBytes;
    private boolean broken;

    private Journal(final Path dir, final DaemonConfig.JournalSync sync, final Path spoolDir, final Writes writes)
    {
        this.dir = dir;
        this.sync = sync;
        this.spoolDir = spoolDir;
        this.writes = writes;
        this.syncer = sync != DaemonConfig.JournalSync.ASYNC ? null : Executors.newSingleThreadExecutor(r ->
        {
            final Thread t = new Thread(r, "jprove-journal-sync");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Opens the journal in {@code dir}, creating it when absent: deletes generations that {@code CURRENT} does not
     * name (left by a compaction that did not finish), converts a format-1 generation, and drops a torn tail.
     *
     * @param spoolDir where jobs' witness files live (decoded entries name them).
     * @throws IllegalStateException when the journal cannot be used, naming the file and why.
     */
    static Journal open(final Path dir, final DaemonConfig.JournalSync sync, final Path spoolDir)
    {
        return open(dir, sync, spoolDir, Writes.FILE);
    }

    /** As {@link #open(Path, DaemonConfig.JournalSync, Path)}, with the frames written through {@code writes}. */
    static Journal open(final Path dir, final DaemonConfig.JournalSync sync, final Path spoolDir, final Writes writes)
    {
        final Journal j = new Journal(dir, sync, spoolDir, writes);
        try
        {
            Files.createDirectories(dir);
            final Path current = dir.resolve(CURRENT);
            j.generation = Files.exists(current) ? parseGeneration(Files.readString(current).strip(), current) : 1;
            j.deleteOtherGenerations();
            if (LegacyJournal.isLegacy(j.generationDir(j.generation)))
            {
                j.convertLegacy();
            }
            j.openGeneration();
        }
        catch (final IOException e)
        {
            j.closeQuietly();
            throw new UncheckedIOException("cannot open the daemon journal in " + dir + ": " + e.getMessage(), e);
        }
        catch (final RuntimeException e)
        {
            j.closeQuietly();
            throw e;
        }
        return j;
    }

    static int parseGeneration(final String name, final Path file)
    {
        try
        {
            if (name.startsWith(PREFIX))
            {
                return Integer.parseInt(name.substring(PREFIX.length()));
            }
        }
        catch (final NumberFormatException e)
        {
            // reported below
        }
        throw new IllegalStateException(file + " holds \"" + name + "\", not a journal generation (" + PREFIX + "N)");
    }

    /** @return the folder of the generation {@code CURRENT} names, in a journal folder {@code dir}. */
    static Path currentGeneration(final Path dir) throws IOException
    {
        final Path current = dir.resolve(CURRENT);
        return dir.resolve(PREFIX + (Files.exists(current) ? parseGeneration(Files.readString(current).strip(),
            current) : 1));
    }

    private Path generationDir(final int n)
    {
        return dir.resolve(PREFIX + n);
    }

    private Path file()
    {
        return generationDir(generation).resolve(JournalFile.NAME);
    }

    private void openGeneration() throws IOException
    {
        final Path file = file();
        if (!Files.exists(file))
        {
            writeGeneration(generation, List.of());
        }
        if (!Files.exists(dir.resolve(CURRENT)))
        {
            makeCurrent(generation);
        }
        channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        final JournalFile.Scan scan;
        try
        {
            scan = JournalFile.scan(channel, payload -> { });
        }
        catch (final IOException e)
        {
            throw new IllegalStateException(file + ": " + e.getMessage() + "; inspect it with jprove daemon"
                + " --check-journal " + dir, e);
        }
        entries = scan.entries();
        end = scan.end();
        size = scan.size();
        tornBytes = scan.tornBytes();
        damagedBytes = scan.damagedBytes();
        for (final JournalFile.Damage d : scan.damage())
        {
            notices.add(file + ": " + d.describe() + (d.tornTail() ? "; dropped" : "; the entries after them are"
                + " kept"));
        }
        if (scan.tornTail())
        {
            channel.truncate(end);
            channel.force(true);
            size = end;
        }
        preallocate();
    }

    private void deleteOtherGenerations() throws IOException
    {
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, PREFIX + "*"))
        {
            for (final Path p : all)
            {
                if (!p.equals(generationDir(generation)))
                {
                    deleteTree(p);
                }
            }
        }
    }

    /** Rewrites a format-1 generation in this format as the next generation, and makes that current. */
    private void convertLegacy() throws IOException
    {
        final Path old = generationDir(generation);
        final List<String> skipped = new ArrayList<>();
        final long[] converted = {0};
        final int next = generation + 1;
        writeGeneration(next, sink ->
        {
            final IOException[] failed = {null};
            skipped.addAll(LegacyJournal.read(old, spoolDir, p ->
            {
                try
                {
                    if (failed[0] == null)
                    {
                        sink.accept(p);
                        converted[0]++;
                    }
                }
                catch (final IOException e)
                {
                    failed[0] = e;
                }
            }));
            if (failed[0] != null)
            {
                throw failed[0];
            }
        });
        makeCurrent(next);
        generation = next;
        deleteTree(old);
        notices.add(dir + ": converted " + old.getFileName() + " (format 1, Chronicle Queue) to " + PREFIX + next
            + " (format " + JournalFile.FORMAT + ", checksummed): " + converted[0] + " entries"
            + (skipped.isEmpty() ? "" : ", " + skipped.size() + " unreadable ones skipped"));
        skipped.forEach(s -> notices.add(old + ": " + s));
    }

    /** @return the entries in the current generation. */
    synchronized long entries()
    {
        return entries;
    }

    /** @return what the last open found, and the current file's state. */
    synchronized Health health()
    {
        return new Health(entries, tornBytes, damagedBytes, Math.max(0, size - end));
    }

    /** @return what the open found and did (damage, a torn tail dropped, a conversion), one line each. */
    synchronized List<String> notices()
    {
        return List.copyOf(notices);
    }

    /**
     * Appends one entry; it is durable (per the sync mode) when this returns.
     *
     * @throws UncheckedIOException when it could not be written (nothing of it is left in the file then).
     */
    synchronized void append(final JournalRecord entry)
    {
        if (broken)
        {
            throw new UncheckedIOException(new IOException(file() + ": a failed write could not be undone, so the"
                + " journal takes no more entries until the daemon is restarted"));
        }
        final ByteBuffer frame = JournalFile.frame(entry.encode());
        final int bytes = frame.remaining();
        try
        {
            writes.write(channel, frame, end);
        }
        catch (final IOException e)
        {
            undo(bytes);
            throw new UncheckedIOException("cannot write to the journal " + file() + ": " + e.getMessage(), e);
        }
        end += bytes;
        entries++;
        final boolean grew = end > size;
        size = Math.max(size, end);
        try
        {
            switch (sync)
            {
                case SYNC -> channel.force(grew);
                case ASYNC -> syncSoon();
                case NONE ->
                {
                }
            }
        }
        catch (final IOException e)
        {
            // written to the page cache, but not known to be on the disk: the caller must not acknowledge it
            throw new UncheckedIOException("cannot sync the journal " + file() + ": " + e.getMessage(), e);
        }
        preallocate();
    }

    /** Removes what a failed write left after {@link #end}: the file cut back, or the bytes zeroed. */
    private void undo(final int attempted)
    {
        try
        {
            channel.truncate(end);
            size = channel.size();
            return;
        }
        catch (final IOException e)
        {
            // try zeroing below
        }
        try
        {
            Writes.FILE.write(channel, ByteBuffer.allocate(attempted), end);
        }
        catch (final IOException e)
        {
            broken = true;
        }
    }

    private void syncSoon()
    {
        if (syncPending.compareAndSet(false, true))
        {
            final FileChannel c = channel;
            syncer.execute(() ->
            {
                syncPending.set(false);
                try
                {
                    c.force(false);
                }
                catch (final java.nio.channels.ClosedChannelException e)
                {
                    // compacted or closed meanwhile: that closing synced it
                }
                catch (final IOException e)
                {
                    System.err.println("jprove daemon: cannot sync the journal " + dir + ": " + e.getMessage());
                }
            });
        }
    }

    /** Keeps {@link #PREALLOCATED_BYTES} of zeros written after the last entry, as far as the disk allows. */
    private void preallocate()
    {
        if (size - end >= PREALLOCATED_BYTES / 2)
        {
            return;
        }
        final long target = end + PREALLOCATED_BYTES;
        try
        {
            Writes.FILE.write(channel, ByteBuffer.allocate((int)(target - size)), size);
            if (sync == DaemonConfig.JournalSync.SYNC)
            {
                channel.force(true);
            }
        }
        catch (final IOException e)
        {
            // a full disk: the zeros written so far still serve; the free-space check refuses new work
        }
        try
        {
            size = channel.size();
        }
        catch (final IOException e)
        {
            // keep the last known size
        }
    }

    /**
     * Hands every entry of the current generation, in order, to {@code sink}.
     *
     * @throws IllegalStateException naming the generation and entry when an entry that checks out does not decode
     *                               (a journal written by a newer jprove).
     */
    synchronized void replay(final Consumer<JournalRecord> sink)
    {
        final long[] index = {0};
        try
        {
            JournalFile.scan(channel, bytes ->
            {
                final JournalRecord r;
                try
                {
                    r = JournalRecord.decode(bytes, spoolDir);
                }
                catch (final IllegalStateException e)
                {
                    throw new IllegalStateException(file() + ": entry " + index[0] + ": " + e.getMessage(), e);
                }
                index[0]++;
                sink.accept(r);
            });
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read the journal " + file() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Replaces the journal with {@code live}: written to a new generation, made current by an atomic rename, the old
     * generation deleted. When the new generation cannot be written (a full disk), it is deleted, the old one stays
     * current, and this throws.
     *
     * @throws UncheckedIOException when the new generation could not be written; the journal is unchanged.
     */
    synchronized void compact(final List<JournalRecord> live)
    {
        final int next = generation + 1;
        final List<byte[]> payloads = new ArrayList<>(live.size());
        live.forEach(r -> payloads.add(r.encode()));
        try
        {
            writeGeneration(next, payloads);
        }
        catch (final IOException e)
        {
            try
            {
                deleteTree(generationDir(next));
            }
            catch (final IOException again)
            {
                e.addSuppressed(again);
            }
            throw new UncheckedIOException("compacting the daemon journal in " + dir + " (the old generation stays): "
                + e.getMessage(), e);
        }
        try
        {
            makeCurrent(next);
            channel.close();
            final int old = generation;
            generation = next;
            deleteTree(generationDir(old));
            notices.clear();
            tornBytes = 0;
            damagedBytes = 0;
            openGeneration();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("compacting the daemon journal in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Writes a whole generation file (header and entries), synced, under a temporary name first. */
    private void writeGeneration(final int n, final List<byte[]> payloads) throws IOException
    {
        writeGeneration(n, sink ->
        {
            for (final byte[] p : payloads)
            {
                sink.accept(p);
            }
        });
    }

    /** Something that hands entries, in order, to a sink that may throw. */
    @FunctionalInterface
    private interface Entries
    {
        void each(IoConsumer sink) throws IOException;
    }

    /** A consumer of an entry that may throw. */
    @FunctionalInterface
    private interface IoConsumer
    {
        void accept(byte[] payload) throws IOException;
    }

    private void writeGeneration(final int n, final Entries entriesOf) throws IOException
    {
        final Path genDir = generationDir(n);
        deleteTree(genDir);
        Files.createDirectories(genDir);
        final Path tmp = genDir.resolve(JournalFile.NAME + ".tmp");
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))
        {
            Writes.FILE.write(out, JournalFile.header(), 0);
            final long[] at = {JournalFile.HEADER_BYTES};
            entriesOf.each(p ->
            {
                final ByteBuffer frame = JournalFile.frame(p);
                final int bytes = frame.remaining();
                writes.write(out, frame, at[0]);
                at[0] += bytes;
            });
            out.force(true);
        }
        Files.move(tmp, genDir.resolve(JournalFile.NAME), StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(genDir);
    }

    private void makeCurrent(final int n) throws IOException
    {
        final Path tmp = dir.resolve(CURRENT + ".tmp");
        Files.writeString(tmp, PREFIX + n + "\n", StandardCharsets.UTF_8);
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE))
        {
            c.force(true);
        }
        Files.move(tmp, dir.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(dir);
    }

    /** Makes a rename in {@code folder} durable where the platform can (Linux can; others skip it). */
    private static void syncDirectory(final Path folder)
    {
        try (FileChannel c = FileChannel.open(folder, StandardOpenOption.READ))
        {
            c.force(true);
        }
        catch (final IOException | UnsupportedOperationException e)
        {
            // not every platform opens folders; the rename is still atomic there
        }
    }

    private static void deleteTree(final Path root) throws IOException
    {
        if (!Files.exists(root))
        {
            return;
        }
        try (Stream<Path> walk = Files.walk(root))
        {
            for (final Path p : walk.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(p);
            }
        }
    }

    private void closeQuietly()
    {
        try
        {
            close();
        }
        catch (final RuntimeException e)
        {
            // the open already failed with the reason that matters
        }
    }

    @Override
    public synchronized void close()
    {
        if (syncer != null)
        {
            syncer.shutdown();
        }
        if (channel == null || !channel.isOpen())
        {
            return;
        }
        try
        {
            if (sync != DaemonConfig.JournalSync.NONE)
            {
                channel.force(false);
            }
            channel.close();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("closing the journal " + file() + ": " + e.getMessage(), e);
        }
    }
}
