package io.jprove.timeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one append costs the calling thread (run it with {@code -t 4}: four threads appending at once). A saturating
 * loop outruns any single drainer, so each thread's ring is made large enough for a whole short iteration and is
 * flushed between iterations: every timed append is a recorded one. The teardown prints any events dropped anyway,
 * since a dropped append is cheaper than a recorded one and would flatter the figure. {@code disabled} is the no-op
 * timeline, for reference.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class TimelineAppendBenchmark
{
    @Param({"chronicle", "disabled"})
    public String timelineKind;

    private Path directory;
    private Timeline timeline;
    private int kernelName;
    private long droppedBefore;
    private final AtomicInteger nextWorker = new AtomicInteger();

    /** Per-thread arguments, so threads write distinct workers as the engine's would. */
    @State(Scope.Thread)
    public static class Worker
    {
        int id;
        long job;

        @Setup
        public void setUp(final TimelineAppendBenchmark benchmark)
        {
            id = benchmark.nextWorker.getAndIncrement();
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException
    {
        directory = Files.createTempDirectory("timeline-bench");
        timeline = "disabled".equals(timelineKind) ? Timeline.disabled()
            : ChronicleTimeline.open(TimelineSettings.of(directory).withRingCapacityBytes(256 << 20));
        kernelName = timeline.nameId("msm_g1_accumulate");
    }

    @TearDown(Level.Iteration)
    public void flush()
    {
        timeline.flush();
        if (timeline instanceof ChronicleTimeline chronicle)
        {
            final long dropped = chronicle.droppedEvents();
            if (dropped != droppedBefore)
            {
                System.out.println("WARNING: " + (dropped - droppedBefore) + " events dropped in this iteration "
                    + "(the drainer fell behind); this iteration's figure is too low");
                droppedBefore = dropped;
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() throws IOException
    {
        timeline.close();
        try (var files = Files.walk(directory))
        {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /**
     * Control: the clock read alone, which every append includes. On an oversubscribed host this shows how much
     * wall time the scheduler adds to any operation.
     */
    @Benchmark
    public long clock()
    {
        return TimelineClock.nowNs();
    }

    @Benchmark
    public void appendPoint(final Worker worker)
    {
        timeline.append(EventKind.GPU_START, worker.job++, 3, worker.id, 0);
    }

    @Benchmark
    public void appendKernel(final Worker worker)
    {
        timeline.kernel(worker.job++, 3, worker.id, 0, kernelName, 1_000_000L, 2_500L);
    }
}
