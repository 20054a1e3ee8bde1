package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads a journal generation of format 1, a Chronicle Queue of one {@link JournalRecord} per document (jprove 0.1),
 * so that {@link Journal} can convert it to {@link JournalFile}'s format. Format 1 had no checksums: an entry that
 * does not decode (a write that a full disk cut off left such entries) is reported and skipped, and reading goes on
 * with the next document, so the entries written after it are kept.
 */
final class LegacyJournal
{
    private LegacyJournal()
    {
    }

    /** @return whether {@code genDir} holds a format-1 generation (Chronicle Queue files, no entries file). */
    static boolean isLegacy(final Path genDir) throws IOException
    {
        if (!Files.isDirectory(genDir) || Files.exists(genDir.resolve(JournalFile.NAME)))
        {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(genDir, "*.{cq4,cq4t}"))
        {
            return files.iterator().hasNext();
        }
    }

    /**
     * Reads every document of a format-1 generation, in order, handing each entry that decodes to {@code sink}.
     *
     * @param spoolDir where decoded entries name their witness files (decoding checks each entry).
     * @return a line for each document skipped.
     */
    static List<String> read(final Path genDir, final Path spoolDir, final Consumer<byte[]> sink)
    {
        // no analytics, no banner on stdout, no SLF4J noise: the settings the timeline applies too
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        final List<String> skipped = new ArrayList<>();
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(genDir).rollCycle(RollCycles.FAST_DAILY)
            .readOnly(true).build(); ExcerptTailer tailer = q.createTailer())
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
                catch (final RuntimeException e)
                {
                    skipped.add("entry " + index + " and all after it: the queue cannot be read on: " + e);
                    break;
                }
                try
                {
                    JournalRecord.decode(bytes, spoolDir);
                    sink.accept(bytes);
                }
                catch (final IllegalStateException e)
                {
                    skipped.add("entry " + index + ": " + e.getMessage());
                }
                index++;
            }
        }
        return skipped;
    }
}
