package io.jprove.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineRoundTripTest
{
    @TempDir
    Path dir;

    @Test
    void shouldReplayEveryFieldOfEveryKindWhenWrittenAndReadBack()
    {
        final long before = TimelineClock.nowNs();
        try (Timeline timeline = Timeline.open(dir))
        {
            final int msm = timeline.nameId("msm_g1");
            final int h2d = timeline.nameId("h2d_abc");
            final int prep = timeline.nameId("prep_msm");
            assertEquals(msm, timeline.nameId("msm_g1"));
            timeline.append(EventKind.SYNTH_START, 7, 3, 2, -1);
            timeline.kernel(7, 3, 1, 0, msm, 1_000, 250);
            timeline.copy(7, 3, 1, 0, h2d, 2_000, 40, 1L << 33);
            timeline.stage(7, 3, 1, 0, prep, 3_000, 60);
            timeline.append(EventKind.MARK, 7, 3, 1, 0, msm, 42);
            timeline.error(7, 3, 1, 0, "out of memory: \u00e9");
        }
        final List<String> seen = new ArrayList<>();
        final Map<Integer, String> names = new HashMap<>();
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            final long count = reader.replay(e ->
            {
                if (e.kind() == EventKind.NAME)
                {
                    names.put(e.nameId(), e.text());
                }
                assertTrue(e.timestampNs() >= before || e.kind() == EventKind.ANCHOR, "timestamp after open");
                seen.add(e.kind() + " " + e.job() + " " + e.partition() + " " + e.worker() + " " + e.device() + " "
                    + names.getOrDefault(e.nameId(), "") + " " + e.startNs() + " " + e.durationNs() + " "
                    + e.value() + " " + (e.kind() == EventKind.ANCHOR ? "" : e.text()));
            });
            assertEquals(10, count);
        }
        assertEquals(EventKind.ANCHOR.name(), seen.get(0).split(" ")[0]);
        assertEquals(List.of(
            "NAME -1 -1 -1 -1 msm_g1 0 0 0 msm_g1",
            "NAME -1 -1 -1 -1 h2d_abc 0 0 0 h2d_abc",
            "NAME -1 -1 -1 -1 prep_msm 0 0 0 prep_msm",
            "SYNTH_START 7 3 2 -1  0 0 0 ",
            "KERNEL 7 3 1 0 msm_g1 1000 250 0 ",
            "COPY 7 3 1 0 h2d_abc 2000 40 8589934592 ",
            "STAGE 7 3 1 0 prep_msm 3000 60 0 ",
            "MARK 7 3 1 0 msm_g1 0 0 42 ",
            "ERROR 7 3 1 0  0 0 0 out of memory: \u00e9"), seen.subList(1, seen.size()));
    }

    @Test
    void shouldKeepEveryEventOfEveryThreadWhenFourThreadsAppend() throws InterruptedException
    {
        final int threads = 4;
        final int perThread = 50_000;
        // Room for every event, so none may be dropped however far the drainer lags.
        try (Timeline timeline = ChronicleTimeline.open(TimelineSettings.of(dir).withRingCapacityBytes(32 << 20)))
        {
            final List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++)
            {
                final int worker = t;
                workers.add(Thread.ofPlatform().start(() ->
                {
                    for (int i = 0; i < perThread; i++)
                    {
                        timeline.append(EventKind.MARK, i, -1, worker, -1);
                    }
                }));
            }
            for (final Thread worker : workers)
            {
                worker.join();
            }
            assertEquals(0, ((ChronicleTimeline)timeline).droppedEvents());
        }
        final long[] nextJob = new long[threads];
        final AtomicLong marks = new AtomicLong();
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            reader.replay(e ->
            {
                if (e.kind() == EventKind.MARK)
                {
                    assertEquals(nextJob[e.worker()]++, e.job(), "per-thread order");
                    marks.incrementAndGet();
                }
            });
        }
        assertEquals((long)threads * perThread, marks.get());
    }

    @Test
    void shouldRecordHowManyWereDroppedWhenTheRingOverflows()
    {
        final int appended = 200_000;
        final long kept;
        try (ChronicleTimeline timeline = ChronicleTimeline.open(TimelineSettings.of(dir).withRingCapacityBytes(4096)))
        {
            for (int i = 0; i < appended; i++)
            {
                timeline.append(EventKind.MARK, i, -1, -1, -1);
            }
            kept = appended - timeline.droppedEvents();
        }
        final AtomicLong marks = new AtomicLong();
        final AtomicLong dropped = new AtomicLong();
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            reader.replay(e ->
            {
                if (e.kind() == EventKind.MARK)
                {
                    marks.incrementAndGet();
                }
                else if (e.kind() == EventKind.DROPPED)
                {
                    dropped.addAndGet(e.value());
                }
            });
        }
        assertEquals(kept, marks.get());
        assertEquals(appended, marks.get() + dropped.get());
        assertTrue(dropped.get() > 0, "a 4 KiB ring cannot hold 200,000 events appended in a burst");
    }

    @Test
    void shouldResumeFromIndexAndTimeWhenAsked()
    {
        final long[] stamps = new long[10];
        try (Timeline timeline = Timeline.open(dir))
        {
            for (int i = 0; i < 10; i++)
            {
                stamps[i] = TimelineClock.nowNs();
                timeline.append(EventKind.MARK, i, -1, -1, -1);
                timeline.flush();
            }
        }
        final long[] indexOfJob = new long[10];
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            reader.replay(e ->
            {
                if (e.kind() == EventKind.MARK)
                {
                    indexOfJob[(int)e.job()] = e.index();
                }
            });
            final List<Long> fromIndex = new ArrayList<>();
            reader.replayFromIndex(indexOfJob[6], e -> fromIndex.add(e.job()));
            assertEquals(List.of(6L, 7L, 8L, 9L), fromIndex);
            final List<Long> fromTime = new ArrayList<>();
            reader.replayFromTime(stamps[8], e -> fromTime.add(e.job()));
            assertEquals(List.of(8L, 9L), fromTime);
        }
    }

    @Test
    void shouldDeliverNewEventsWhenTailingLive() throws InterruptedException
    {
        try (Timeline timeline = Timeline.open(dir))
        {
            timeline.append(EventKind.MARK, 1, -1, -1, -1);
            timeline.flush();
            final AtomicLong lastJob = new AtomicLong();
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread tailer = Thread.ofPlatform().start(() ->
            {
                try (TimelineReader reader = TimelineReader.open(dir))
                {
                    reader.tail(true, e ->
                    {
                        if (e.kind() == EventKind.MARK)
                        {
                            lastJob.set(e.job());
                        }
                    }, running::get);
                }
            });
            for (int job = 2; job <= 50; job++)
            {
                timeline.append(EventKind.MARK, job, -1, -1, -1);
            }
            timeline.flush();
            final long deadline = System.nanoTime() + 10_000_000_000L;
            while (lastJob.get() != 50 && System.nanoTime() < deadline)
            {
                Thread.sleep(5);
            }
            running.set(false);
            tailer.join();
            assertEquals(50, lastJob.get());
        }
    }
}
