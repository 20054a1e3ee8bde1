package io.jprove.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollAndRetentionTest
{
    @TempDir
    Path dir;

    @Test
    void shouldDeleteOnlyFilesOlderThanTheRetentionWhenOpening() throws IOException
    {
        final Path old = Files.writeString(dir.resolve("20200101F.cq4"), "old");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(10))));
        final Path recent = Files.writeString(dir.resolve("20200102F.cq4"), "recent");
        Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
        final Path notes = Files.writeString(dir.resolve("notes.txt"), "not a queue file");
        Files.setLastModifiedTime(notes, FileTime.from(Instant.now().minus(Duration.ofDays(30))));

        final StoreRetention retention = new StoreRetention(dir, Duration.ofDays(7));
        assertEquals(1, retention.prune(Instant.now()));
        assertFalse(Files.exists(old));
        assertTrue(Files.exists(recent));
        assertTrue(Files.exists(notes));
        assertEquals(0, new StoreRetention(dir, Duration.ZERO).prune(Instant.now().plus(Duration.ofDays(999))));
        assertTrue(Files.exists(recent), "zero retention keeps everything");
    }

    @Test
    void shouldNameFilesByHourWhenRollingHourly() throws IOException
    {
        try (Timeline timeline = ChronicleTimeline.open(
            TimelineSettings.of(dir).withRollCycle(TimelineSettings.Roll.HOURLY)))
        {
            timeline.append(EventKind.MARK, 1, -1, -1, -1);
        }
        assertTrue(queueFiles().stream().allMatch(name -> name.matches("\\d{8}-\\d{2}F?\\.cq4")), queueFiles()
            .toString());
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            assertEquals(2, reader.replay(e -> { }), "ANCHOR and MARK");
        }
    }

    @Test
    void shouldNameFilesByDayWhenRollingDaily() throws IOException
    {
        try (Timeline timeline = Timeline.open(dir))
        {
            timeline.append(EventKind.MARK, 1, -1, -1, -1);
        }
        assertTrue(queueFiles().stream().allMatch(name -> name.matches("\\d{8}F?\\.cq4")), queueFiles().toString());
    }

    private List<String> queueFiles() throws IOException
    {
        try (Stream<Path> files = Files.list(dir))
        {
            final List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cq4"))
                .toList();
            assertFalse(names.isEmpty());
            return names;
        }
    }
}
