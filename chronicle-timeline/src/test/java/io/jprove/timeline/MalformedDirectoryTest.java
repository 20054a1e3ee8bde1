package io.jprove.timeline;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MalformedDirectoryTest
{
    @TempDir
    Path dir;

    @Test
    void shouldNameTheDirectoryWhenItDoesNotExist()
    {
        final Path missing = dir.resolve("missing");
        final TimelineFormatException e = assertThrows(TimelineFormatException.class,
            () -> TimelineReader.open(missing));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("not a directory"),
            e.getMessage());
        assertTrue(Files.notExists(missing), "reading must not create the directory");
    }

    @Test
    void shouldSayThereIsNoQueueWhenTheDirectoryHoldsNone() throws Exception
    {
        Files.writeString(dir.resolve("notes.txt"), "hello");
        final TimelineFormatException e = assertThrows(TimelineFormatException.class, () -> TimelineReader.open(dir));
        assertTrue(e.getMessage().contains("no Chronicle Queue files"), e.getMessage());
    }

    @Test
    void shouldRefuseAForeignQueueWhenItsDocumentsAreNotTimelineEvents()
    {
        System.setProperty("chronicle.analytics.disable", "true");
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).build();
            ExcerptAppender appender = queue.createAppender())
        {
            appender.writeText("an order book update, not a timeline event");
        }
        final TimelineFormatException e = assertThrows(TimelineFormatException.class, () ->
        {
            try (TimelineReader reader = TimelineReader.open(dir))
            {
                reader.replay(event -> { });
            }
        });
        assertTrue(e.getMessage().contains("is not a jprove timeline: document at index 0x"), e.getMessage());
    }

    @Test
    void shouldFailClearlyWhenAQueueFileIsGarbage() throws Exception
    {
        final byte[] junk = new byte[1 << 16];
        new SplittableRandom(7).nextBytes(junk);
        Files.write(dir.resolve("20260101F.cq4"), junk);
        final TimelineFormatException e = assertThrows(TimelineFormatException.class, () ->
        {
            try (TimelineReader reader = TimelineReader.open(dir))
            {
                reader.replay(event -> { });
            }
        });
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }
}
