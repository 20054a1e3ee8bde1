package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The daemon's durable job log: a Chronicle Queue of {@link JournalRecord}s in a generation folder
 * ({@code gen-N}) named by the file {@code CURRENT}. {@link #append} returns once the entry is in the queue's
 * memory-mapped file (and, with {@link DaemonConfig.JournalSync#SYNC}, msynced), so an entry appended before a
 * request is acknowledged survives the process being killed.
 * <p>
 * A queue only grows, so {@link #compact} writes the entries of the jobs still known into a fresh generation,
 * switches {@code CURRENT} to it with an atomic rename, and deletes the old one: a crash at any point leaves
 * {@code CURRENT} naming one complete generation, and {@link #open} deletes any other. Thread-safe: appends are
 * serialized on the journal.
 */
final class Journal implements AutoCloseable
{
    private static final String CURRENT = "CURRENT";
    private static final String PREFIX = "gen-";
    /** Chronicle refuses a document larger than about a quarter of its block; the smallest block it takes. */
    private static final long MIN_BLOCK_BYTES = 16L << 20;

    private final Path dir;
    private final SyncMode sync;
    private final long blockBytes;
    private final Path spoolDir;
    private SingleChronicleQueue queue;
    private ExcerptAppender appender;
    private int generation;
    private long entries;

    private Journal(final Path dir, final SyncMode sync, final long blockBytes, final Path spoolDir)
    {
        this.dir = dir;
        this.sync = sync;
        this.blockBytes = blockBytes;
        this.spoolDir = spoolDir;
    }

    /**
     * Opens the journal in {@code dir}, creating it when absent, and deletes generations that {@code CURRENT} does
     * not name (left by a compaction that did not finish).
     *
     * @param maxEntryBytes the largest entry to be appended.
     * @param spoolDir      where jobs' witness files live (decoded entries name them).
     */
    static Journal open(final Path dir, final DaemonConfig.JournalSync sync, final long maxEntryBytes,
        final Path spoolDir)
    {
        final SyncMode mode = switch (sync)
        {
            case SYNC -> SyncMode.SYNC;
            case ASYNC -> SyncMode.ASYNC;
            case NONE -> SyncMode.NONE;
        };
        quietChronicle();
        final long block = Long.highestOneBit(Math.max(MIN_BLOCK_BYTES, 4 * (maxEntryBytes + 4096)) - 1) << 1;
        final Journal j = new Journal(dir, mode, block, spoolDir);
        try
        {
            Files.createDirectories(dir);
            final Path current = dir.resolve(CURRENT);
            j.generation = Files.exists(current) ? parseGeneration(Files.readString(current).strip(), current) : 1;
            j.deleteOtherGenerations();
            j.openGeneration();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot open the daemon journal in " + dir + ": " + e.getMessage(), e);
        }
        return j;
    }

    /** Chronicle's defaults for a CLI process, as the timeline sets them: no analytics, no banner, no SLF4J noise. */
    private static void quietChronicle()
    {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        if (System.getProperty("slf4j.internal.verbosity") == null)
        {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
    }

    private static int parseGeneration(final String name, final Path file)
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

    private Path generationDir(final int n)
    {
        return dir.resolve(PREFIX + n);
    }

    private void openGeneration()
    {
        final SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(generationDir(generation))
            .rollCycle(RollCycles.FAST_DAILY).blockSize(blockBytes).syncMode(sync).build();
        queue = q;
        appender = q.createAppender();
        // appends come from gRPC and worker threads, serialized by this journal's lock
        appender.singleThreadedCheckDisabled(true);
        entries = 0;
        try (ExcerptTailer tailer = q.createTailer())
        {
            tailer.singleThreadedCheckDisabled(true);
            while (true)
            {
                try (DocumentContext dc = tailer.readingDocument())
                {
                    if (!dc.isPresent())
                    {
                        break;
                    }
                    entries++;
                }
            }
        }
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

    /** @return the entries in the current generation. */
    synchronized long entries()
    {
        return entries;
    }

    /** Appends one entry; it is durable (per the sync mode) when this returns. */
    synchronized void append(final JournalRecord entry)
    {
        final byte[] bytes = entry.encode();
        try (DocumentContext dc = appender.writingDocument())
        {
            dc.wire().bytes().write(bytes);
        }
        entries++;
    }

    /** Hands every entry of the current generation, in order, to {@code sink}. */
    synchronized void replay(final Consumer<JournalRecord> sink)
    {
        try (ExcerptTailer tailer = queue.createTailer())
        {
            tailer.singleThreadedCheckDisabled(true);
            long index = 0;
            while (true)
            {
                final byte[] bytes;
                try (DocumentContext dc = tailer.readingDocument())
                {
                    if (!dc.isPresent())
                    {
                        break;
                    }
                    final var b = dc.wire().bytes();
                    bytes = new byte[(int)b.readRemaining()];
                    b.read(bytes);
                }
                try
                {
                    sink.accept(JournalRecord.decode(bytes, spoolDir));
                }
                catch (final IllegalStateException e)
                {
                    throw new IllegalStateException(generationDir(generation) + ": entry " + index + ": "
                        + e.getMessage(), e);
                }
                index++;
            }
        }
    }

    /**
     * Replaces the journal with {@code live}: written to a new generation, made current by an atomic rename, the old
     * generation deleted.
     */
    synchronized void compact(final List<JournalRecord> live)
    {
        final int next = generation + 1;
        try
        {
            deleteTree(generationDir(next));
            try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(generationDir(next))
                .rollCycle(RollCycles.FAST_DAILY).blockSize(blockBytes).syncMode(sync).build();
                 ExcerptAppender a = q.createAppender())
            {
                for (final JournalRecord r : live)
                {
                    try (DocumentContext dc = a.writingDocument())
                    {
                        dc.wire().bytes().write(r.encode());
                    }
                }
            }
            final Path tmp = dir.resolve(CURRENT + ".tmp");
            Files.writeString(tmp, PREFIX + next + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
            appender.close();
            queue.close();
            final int old = generation;
            generation = next;
            deleteTree(generationDir(old));
            openGeneration();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("compacting the daemon journal in " + dir + ": " + e.getMessage(), e);
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

    @Override
    public synchronized void close()
    {
        appender.close();
        queue.close();
    }
}
