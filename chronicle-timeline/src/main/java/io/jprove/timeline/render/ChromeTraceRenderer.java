package io.jprove.timeline.render;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.Map;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.Text;

/**
 * Writes a timeline in the Chrome trace-event format (JSON object form), which Perfetto and chrome://tracing open.
 * Each device is a process and each lane a thread; kernels, copies, stages, GPU windows and synthesis spans are
 * complete ("X") events, everything else instant ("i") events. Times are microseconds from the earliest event; the
 * origin's wall-clock time is in {@code otherData}.
 */
public final class ChromeTraceRenderer
{
    private static final int HOST_PID = 1;
    private static final int DEVICE_PID_BASE = 100;

    private ChromeTraceRenderer()
    {
    }

    /**
     * @param log the replayed timeline.
     * @param out where to write; not closed.
     * @throws IOException when writing fails.
     */
    public static void write(final EventLog log, final Writer out) throws IOException
    {
        final Lanes lanes = new Lanes(log);
        long origin = Long.MAX_VALUE;
        for (int row = 0; row < log.size(); row++)
        {
            if (lanes.indexOf(log, row) >= 0)
            {
                origin = Math.min(origin, log.beginNs(row));
            }
        }
        origin = origin == Long.MAX_VALUE ? 0 : origin;
        out.write("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"originEpochNs\":\"" + origin + "\",\"originUtc\":"
            + Json.quote(Text.time(origin)) + "},\"traceEvents\":[\n");
        boolean first = true;
        for (int i = 0; i < lanes.all().size(); i++)
        {
            final Lanes.Lane lane = lanes.all().get(i);
            final int pid = pid(lane.device());
            final String process = lane.device() < 0 ? "host" : log.deviceLabel(lane.device());
            out.write((first ? "" : ",\n") + "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + pid
                + ",\"args\":{\"name\":" + Json.quote(process) + "}},\n"
                + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + pid + ",\"tid\":" + i + ",\"args\":{\"name\":"
                + Json.quote(lane.label()) + "}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + pid
                + ",\"tid\":" + i + ",\"args\":{\"sort_index\":" + i + "}}");
            first = false;
        }
        final Map<Long, Integer> openWindows = new HashMap<>();
        final Map<Long, Integer> openSynthesis = new HashMap<>();
        for (int row = 0; row < log.size(); row++)
        {
            final int lane = lanes.indexOf(log, row);
            if (lane < 0)
            {
                continue;
            }
            final EventKind kind = log.kind(row);
            final long key = log.job(row) * 1_000_003L + log.partition(row);
            if (kind == EventKind.GPU_START)
            {
                openWindows.put(key, row);
            }
            else if (kind == EventKind.SYNTH_START)
            {
                openSynthesis.put(key, row);
            }
            final Integer opened = kind == EventKind.GPU_END ? openWindows.remove(key)
                : kind == EventKind.SYNTH_END ? openSynthesis.remove(key) : null;
            out.write(first ? "" : ",\n");
            first = false;
            out.write(event(log, row, lane, origin));
            if (opened != null)
            {
                final String name = (kind == EventKind.GPU_END ? "gpu window" : "synthesis") + " job " + log.job(row)
                    + " p" + log.partition(row);
                out.write(",\n{\"ph\":\"X\",\"cat\":\"window\",\"name\":" + Json.quote(name) + ",\"pid\":"
                    + pid(log.device(opened)) + ",\"tid\":" + lanes.indexOf(log, opened) + ",\"ts\":"
                    + Json.micros(log.timestampNs(opened) - origin) + ",\"dur\":"
                    + Json.micros(log.timestampNs(row) - log.timestampNs(opened)) + "}");
            }
        }
        out.write("\n]}\n");
    }

    private static String event(final EventLog log, final int row, final int lane, final long origin)
    {
        final EventKind kind = log.kind(row);
        final String name = log.nameId(row) != 0 ? log.name(log.nameId(row)) : kind.name();
        final StringBuilder args = new StringBuilder("{\"kind\":\"").append(kind.name()).append("\",\"job\":")
            .append(log.job(row)).append(",\"partition\":").append(log.partition(row)).append(",\"worker\":")
            .append(log.worker(row));
        if (kind == EventKind.COPY)
        {
            args.append(",\"bytes\":").append(log.value(row));
        }
        else if (log.value(row) != 0)
        {
            args.append(",\"value\":").append(log.value(row));
        }
        if (!log.text(row).isEmpty())
        {
            args.append(",\"text\":").append(Json.quote(log.text(row)));
        }
        args.append('}');
        final String common = "\"name\":" + Json.quote(name) + ",\"cat\":\"" + kind.name().toLowerCase(
            java.util.Locale.ROOT) + "\",\"pid\":" + pid(log.device(row)) + ",\"tid\":" + lane + ",\"args\":" + args;
        if (kind.isInterval())
        {
            return "{\"ph\":\"X\"," + common + ",\"ts\":" + Json.micros(log.startNs(row) - origin) + ",\"dur\":"
                + Json.micros(log.durationNs(row)) + "}";
        }
        return "{\"ph\":\"i\",\"s\":\"t\"," + common + ",\"ts\":" + Json.micros(log.timestampNs(row) - origin) + "}";
    }

    private static int pid(final int device)
    {
        return device < 0 ? HOST_PID : DEVICE_PID_BASE + device;
    }
}
