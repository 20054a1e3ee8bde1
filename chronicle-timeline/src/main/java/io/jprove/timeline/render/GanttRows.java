package io.jprove.timeline.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.EventLog;

/**
 * The rows of the HTML Gantt, in reading order: per device a row of its kernels (all workers; overlapping ones are
 * stacked by the page) and, when it copied anything, a row of its copies, then a row per worker of that device (its
 * partition windows, their gaps, its host stages); then a row per synthesis worker; then one host row for events of
 * no worker (submissions, proofs done, errors).
 */
final class GanttRows
{
    /** What a row shows. */
    enum Role
    {
        /** Every kernel of one device (compute steps on a CPU device). */
        KERNELS,
        /** Every copy of one device. */
        COPIES,
        /** One device worker: windows, gaps, stages, point events. */
        WORKER,
        /** One synthesis worker. */
        SYNTHESIS,
        /** Events of no worker. */
        HOST
    }

    /** A row: its identity, its order and its label. */
    record Row(int device, int worker, Role role, String label)
    {
    }

    private final List<Row> rows = new ArrayList<>();
    private final Map<Long, Integer> index = new TreeMap<>();

    GanttRows(final EventLog log)
    {
        final TreeMap<Long, Row> sorted = new TreeMap<>();
        for (int row = 0; row < log.size(); row++)
        {
            final Row r = rowOf(log, row);
            if (r != null)
            {
                sorted.putIfAbsent(key(r), r);
            }
        }
        for (final Map.Entry<Long, Row> e : sorted.entrySet())
        {
            index.put(e.getKey(), rows.size());
            rows.add(e.getValue());
        }
    }

    /** @return every row, in order. */
    List<Row> all()
    {
        return rows;
    }

    /** @return the row index of an event, or -1 for events drawn on no row (names, anchors, device names). */
    int indexOf(final EventLog log, final int row)
    {
        final Row r = rowOf(log, row);
        return r == null ? -1 : index.get(key(r));
    }

    private static Row rowOf(final EventLog log, final int row)
    {
        final EventKind kind = log.kind(row);
        if (kind == null || kind == EventKind.NAME || kind == EventKind.ANCHOR || kind == EventKind.DEVICE)
        {
            return null;
        }
        final int device = log.device(row);
        final int worker = log.worker(row);
        if (kind == EventKind.SYNTH_START || kind == EventKind.SYNTH_END)
        {
            return new Row(-1, worker, Role.SYNTHESIS, "synthesis w" + worker);
        }
        if (device < 0)
        {
            return worker < 0 ? new Row(-1, -1, Role.HOST, "host") : new Row(-1, worker, Role.SYNTHESIS,
                "synthesis w" + worker);
        }
        final String name = log.deviceLabel(device);
        return switch (kind)
        {
            case KERNEL -> new Row(device, -1, Role.KERNELS, name + (log.isHostMeasured(device) ? " compute"
                : " kernels"));
            case COPY -> new Row(device, -1, Role.COPIES, name + " copies");
            default -> worker < 0 ? new Row(device, -1, Role.KERNELS, name + (log.isHostMeasured(device)
                ? " compute" : " kernels")) : new Row(device, worker, Role.WORKER, name + " w" + worker);
        };
    }

    private static long key(final Row r)
    {
        // devices first (device -1 last), within a device kernels, copies, then workers; synthesis before host
        final long device = r.device() < 0 ? 0xFFFF : r.device();
        final long role = switch (r.role())
        {
            case KERNELS -> 0;
            case COPIES -> 1;
            case WORKER -> 2;
            case SYNTHESIS -> 3;
            case HOST -> 4;
        };
        final long worker = r.worker() < 0 ? 0xFFFFFF : r.worker() & 0xFFFFFF;
        return device << 40 | role << 32 | worker;
    }
}
