package io.jprove.timeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.jprove.timeline.analysis.EventLog;

/**
 * Replay rate: events per second read back from a queue of {@value #EVENTS} events, through the reader alone
 * ({@code replay}, the handler reads every field) and into an {@link EventLog} ({@code replayIntoLog}, what
 * {@code jprove timeline report} does before analysing). Scores are per event; events/s = 10⁹ / score.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class TimelineReplayBenchmark
{
    static final int EVENTS = 2_000_000;

    private Path directory;
    private TimelineReader reader;

    @Setup(Level.Trial)
    public void write() throws IOException
    {
        directory = Files.createTempDirectory("timeline-replay");
        try (ChronicleTimeline timeline = ChronicleTimeline.open(
            TimelineSettings.of(directory).withRingCapacityBytes(256 << 20)))
        {
            final int name = timeline.nameId("ntt_butterfly");
            for (int i = 0; i < EVENTS - 2; i++)
            {
                if ((i & 3) == 0)
                {
                    timeline.append(EventKind.GPU_START, i, i & 15, i & 3, 0);
                }
                else
                {
                    timeline.kernel(i, i & 15, i & 3, 0, name, i * 1_000L, 900);
                }
                if ((i & 0xFFFF) == 0)
                {
                    timeline.flush();
                }
            }
            if (timeline.droppedEvents() != 0)
            {
                throw new IllegalStateException("dropped " + timeline.droppedEvents() + " events while writing");
            }
        }
        reader = TimelineReader.open(directory);
        final long count = reader.replay(e -> { });
        if (count != EVENTS)
        {
            throw new IllegalStateException("expected " + EVENTS + " events (with ANCHOR and NAME), found " + count);
        }
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException
    {
        reader.close();
        try (var files = Files.walk(directory))
        {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long replay()
    {
        final long[] sum = new long[1];
        reader.replay(e -> sum[0] += e.kindCode() + e.timestampNs() + e.job() + e.partition() + e.worker()
            + e.device() + e.nameId() + e.startNs() + e.durationNs() + e.value());
        return sum[0];
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public int replayIntoLog()
    {
        return EventLog.read(reader).size();
    }
}
