package io.jprove.timeline.analysis;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.TimelineEvent;
import io.jprove.timeline.TimelineReader;

/**
 * A replayed timeline held in columns (one primitive array per field), the input of {@link TimelineAnalysis} and of
 * the renderers. Events keep queue order; names and texts are resolved as they are read.
 */
public final class EventLog
{
    private static final int INITIAL_CAPACITY = 1024;

    private short[] kind = new short[INITIAL_CAPACITY];
    private short[] device = new short[INITIAL_CAPACITY];
    private long[] timestampNs = new long[INITIAL_CAPACITY];
    private long[] job = new long[INITIAL_CAPACITY];
    private int[] partition = new int[INITIAL_CAPACITY];
    private int[] worker = new int[INITIAL_CAPACITY];
    private int[] nameId = new int[INITIAL_CAPACITY];
    private long[] startNs = new long[INITIAL_CAPACITY];
    private long[] durationNs = new long[INITIAL_CAPACITY];
    private long[] value = new long[INITIAL_CAPACITY];
    private final Map<Integer, String> names = new HashMap<>();
    private final Map<Integer, String> texts = new HashMap<>();
    private final Map<Integer, String> deviceTexts = new HashMap<>();
    private int size;

    /**
     * Replays a whole timeline into a log.
     *
     * @param reader an open reader.
     * @return the log.
     */
    public static EventLog read(final TimelineReader reader)
    {
        final EventLog log = new EventLog();
        reader.replay(log::add);
        return log;
    }

    /**
     * Adds a replayed event.
     *
     * @param event the event.
     */
    public void add(final TimelineEvent event)
    {
        final int code = event.kindCode();
        final int row = add(code, event.timestampNs(), event.job(), event.partition(), event.worker(), event.device(),
            event.nameId(), event.startNs(), event.durationNs(), event.value());
        if (event.textLength() > 0)
        {
            final String text = event.text();
            if (code == EventKind.NAME.code())
            {
                names.putIfAbsent(event.nameId(), text);
            }
            else if (code == EventKind.DEVICE.code())
            {
                deviceTexts.putIfAbsent(event.device(), text);
                texts.put(row, text);
            }
            else
            {
                texts.put(row, text);
            }
        }
    }

    /**
     * Adds an event from its fields (synthetic timelines in tests and tools).
     *
     * @return the event's row.
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public int add(
        final int kindCode,
        final long timestamp,
        final long jobId,
        final int partitionIndex,
        final int workerId,
        final int deviceOrdinal,
        final int name,
        final long start,
        final long duration,
        final long val)
    {
        if (size == kind.length)
        {
            grow();
        }
        final int row = size++;
        kind[row] = (short)kindCode;
        device[row] = (short)deviceOrdinal;
        timestampNs[row] = timestamp;
        job[row] = jobId;
        partition[row] = partitionIndex;
        worker[row] = workerId;
        nameId[row] = name;
        startNs[row] = start;
        durationNs[row] = duration;
        value[row] = val;
        return row;
    }

    /**
     * Defines a name (as a {@code NAME} event would).
     *
     * @param id   the name id.
     * @param name the name.
     */
    public void defineName(final int id, final String name)
    {
        names.putIfAbsent(id, name);
    }

    /**
     * Says what a device ordinal is (as a {@code DEVICE} event would).
     *
     * @param ordinal     the device.
     * @param description "NAME KIND…", for example "cpu:0 cpu, 2 threads".
     */
    public void defineDevice(final int ordinal, final String description)
    {
        deviceTexts.putIfAbsent(ordinal, description);
    }

    /**
     * @param ordinal a device.
     * @return its name from its {@code DEVICE} event ("cpu:0", "cuda:0"), or "gpu" + ordinal when it had none (older
     *         timelines, whose devices were all GPUs).
     */
    public String deviceLabel(final int ordinal)
    {
        final String text = deviceTexts.get(ordinal);
        if (text == null || text.isBlank())
        {
            return "gpu" + ordinal;
        }
        final int space = text.indexOf(' ');
        return space < 0 ? text : text.substring(0, space);
    }

    /** @param ordinal a device. @return what its {@code DEVICE} event says after the name, or "". */
    public String deviceDescription(final int ordinal)
    {
        final String text = deviceTexts.getOrDefault(ordinal, "");
        final int space = text.indexOf(' ');
        return space < 0 ? "" : text.substring(space + 1);
    }

    /**
     * @param ordinal a device.
     * @return true when the device is the CPU: its kernels are the CPU backend's compute steps, timed by the host.
     */
    public boolean isHostMeasured(final int ordinal)
    {
        return deviceLabel(ordinal).startsWith("cpu");
    }

    /** @return how many events. */
    public int size()
    {
        return size;
    }

    /** @param row a row. @return the kind, or null for an unknown code. */
    public EventKind kind(final int row)
    {
        return EventKind.ofCode(kind[row]);
    }

    /** @param row a row. @return the device ordinal, or -1. */
    public int device(final int row)
    {
        return device[row];
    }

    /** @param row a row. @return when it was appended (epoch ns). */
    public long timestampNs(final int row)
    {
        return timestampNs[row];
    }

    /** @param row a row. @return the job id. */
    public long job(final int row)
    {
        return job[row];
    }

    /** @param row a row. @return the partition, or -1. */
    public int partition(final int row)
    {
        return partition[row];
    }

    /** @param row a row. @return the worker, or -1. */
    public int worker(final int row)
    {
        return worker[row];
    }

    /** @param row a row. @return the name id, or 0. */
    public int nameId(final int row)
    {
        return nameId[row];
    }

    /** @param row a row. @return an interval's start (epoch ns). */
    public long startNs(final int row)
    {
        return startNs[row];
    }

    /** @param row a row. @return an interval's duration. */
    public long durationNs(final int row)
    {
        return durationNs[row];
    }

    /** @param row a row. @return the value or byte count. */
    public long value(final int row)
    {
        return value[row];
    }

    /** @param row a row. @return the text of an ERROR or ANCHOR, or "". */
    public String text(final int row)
    {
        return texts.getOrDefault(row, "");
    }

    /**
     * @param id a name id.
     * @return the name, or its id in hex when no NAME event defined it.
     */
    public String name(final int id)
    {
        if (id == 0)
        {
            return "";
        }
        final String name = names.get(id);
        return name != null ? name : "#" + Integer.toHexString(id);
    }

    /** @param row a row. @return true for kernels, copies and stages. */
    public boolean isInterval(final int row)
    {
        final EventKind k = kind(row);
        return k != null && k.isInterval();
    }

    /** @param row a row. @return where the event begins: an interval's start, else its timestamp. */
    public long beginNs(final int row)
    {
        return isInterval(row) ? startNs[row] : timestampNs[row];
    }

    /** @param row a row. @return where the event ends: an interval's end, else its timestamp. */
    public long endNs(final int row)
    {
        return isInterval(row) ? startNs[row] + durationNs[row] : timestampNs[row];
    }

    /**
     * @param row a row.
     * @return a one-line description: kind, name, job, partition, worker, device.
     */
    public String describe(final int row)
    {
        final StringBuilder out = new StringBuilder();
        final EventKind k = kind(row);
        out.append(k == null ? "kind " + kind[row] : k.name());
        if (nameId[row] != 0)
        {
            out.append(' ').append(name(nameId[row]));
        }
        if (job[row] >= 0 && k != EventKind.ANCHOR)
        {
            out.append(" job ").append(job[row]);
        }
        if (partition[row] >= 0)
        {
            out.append(" p").append(partition[row]);
        }
        if (worker[row] >= 0)
        {
            out.append(" w").append(worker[row]);
        }
        if (device[row] >= 0)
        {
            out.append(' ').append(deviceLabel(device[row]));
        }
        return out.toString();
    }

    private void grow()
    {
        final int capacity = kind.length * 2;
        kind = Arrays.copyOf(kind, capacity);
        device = Arrays.copyOf(device, capacity);
        timestampNs = Arrays.copyOf(timestampNs, capacity);
        job = Arrays.copyOf(job, capacity);
        partition = Arrays.copyOf(partition, capacity);
        worker = Arrays.copyOf(worker, capacity);
        nameId = Arrays.copyOf(nameId, capacity);
        startNs = Arrays.copyOf(startNs, capacity);
        durationNs = Arrays.copyOf(durationNs, capacity);
        value = Arrays.copyOf(value, capacity);
    }
}
