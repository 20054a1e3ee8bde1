package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.timeline.ChronicleTimeline;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.SwitchedTimeline;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.TimelineSettings;

/**
 * The daemon's timeline records only while its disk keeps the reserve free: below it, events are dropped and counted
 * rather than written through the mapped files (a full disk there is a SIGBUS), and recording resumes once there is
 * room; a timeline whose disk is short at the start is opened only once there is room.
 */
class TimelineGuardTest
{
    private static final long RESERVE = 64L << 20;

    @TempDir
    Path dir;

    @Test
    void shouldDropEventsWhileTheDiskIsShortOfTheReserveAndRecordAgainOnceThereIsRoom()
    {
        final long[] free = {RESERVE - 1};
        final AtomicInteger opened = new AtomicInteger();
        final Path at = dir.resolve("timeline");
        final SwitchedTimeline timeline = new SwitchedTimeline(() ->
        {
            opened.incrementAndGet();
            return ChronicleTimeline.open(TimelineSettings.of(at));
        });
        final TimelineGuard guard = new TimelineGuard(timeline, new DiskSpace(dir, RESERVE, p -> free[0]));
        try (timeline)
        {
            assertTrue(guard.paused() && opened.get() == 0, "short of the reserve at the start: not even opened");
            timeline.append(EventKind.JOB_SUBMIT, 1, -1, -1, -1);
            assertEquals(1, guard.dropped());

            free[0] = RESERVE;
            guard.check();
            assertFalse(guard.paused());
            assertEquals(1, opened.get());
            timeline.append(EventKind.JOB_SUBMIT, 2, -1, -1, -1);

            free[0] = RESERVE / 2;
            guard.check();
            assertTrue(guard.paused());
            timeline.append(EventKind.JOB_SUBMIT, 3, -1, -1, -1);
            timeline.stage(3, 0, 0, 0, timeline.nameId("a stage"), 1, 1);
            assertEquals(3, guard.dropped());

            free[0] = RESERVE * 2;
            guard.check();
            timeline.append(EventKind.JOB_SUBMIT, 4, -1, -1, -1);
            assertEquals(3, guard.dropped());
            assertEquals(1, opened.get(), "opened once");
            timeline.flush();
        }
        final StringBuilder jobs = new StringBuilder();
        try (TimelineReader r = TimelineReader.open(at))
        {
            r.replay(e ->
            {
                if (e.kind() == EventKind.JOB_SUBMIT)
                {
                    jobs.append(e.job()).append(' ');
                }
            });
        }
        assertEquals("2 4 ", jobs.toString(), "only what came while there was room");
    }

    @Test
    void shouldRecordFromTheStartWhenThereIsRoom()
    {
        try (SwitchedTimeline timeline = new SwitchedTimeline(Timeline::disabled))
        {
            final TimelineGuard guard = new TimelineGuard(timeline, new DiskSpace(dir, RESERVE, p -> Long.MAX_VALUE));
            assertFalse(guard.paused());
            timeline.append(EventKind.JOB_SUBMIT, 1, -1, -1, -1);
            assertEquals(0, guard.dropped());
        }
    }
}
