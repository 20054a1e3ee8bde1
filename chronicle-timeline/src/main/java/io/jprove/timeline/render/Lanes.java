package io.jprove.timeline.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.EventLog;

/**
 * Assigns each event a lane: per device and GPU worker a host lane (its GPU windows, host stages and point events)
 * and a kernel lane, one copy lane per device, and one lane per synthesis worker for work bound to no device.
 * Lanes sort devices first, then host threads.
 */
final class Lanes
{
    /** What a lane shows. */
    enum Role
    {
        /** GPU windows, stages and point events of one GPU worker. */
        WORKER,
        /** Device-measured kernels of one GPU worker. */
        KERNELS,
        /** Device-measured copies of one device. */
        COPIES,
        /** Host threads bound to no device (synthesis workers). */
        HOST
    }

    /** A lane's identity, its sort order and its label. */
    record Lane(int device, int worker, Role role, String label)
    {
    }

    private final Map<Long, Integer> indexByKey = new TreeMap<>();
    private final List<Lane> lanes = new ArrayList<>();

    Lanes(final EventLog log)
    {
        final TreeMap<Long, Lane> sorted = new TreeMap<>();
        for (int row = 0; row < log.size(); row++)
        {
            final Lane lane = laneOf(log, row);
            if (lane != null)
            {
                sorted.putIfAbsent(key(lane), lane);
            }
        }
        for (final Map.Entry<Long, Lane> entry : sorted.entrySet())
        {
            indexByKey.put(entry.getKey(), lanes.size());
            lanes.add(entry.getValue());
        }
    }

    List<Lane> all()
    {
        return lanes;
    }

    /**
     * @return the row's lane index, or -1 for events shown on no lane (names, anchors).
     */
    int indexOf(final EventLog log, final int row)
    {
        final Lane lane = laneOf(log, row);
        return lane == null ? -1 : indexByKey.get(key(lane));
    }

    private static Lane laneOf(final EventLog log, final int row)
    {
        final EventKind kind = log.kind(row);
        if (kind == null || kind == EventKind.NAME || kind == EventKind.ANCHOR || kind == EventKind.DEVICE)
        {
            return null;
        }
        final int device = log.device(row);
        final int worker = log.worker(row);
        if (device < 0)
        {
            return new Lane(-1, worker, Role.HOST, worker < 0 ? "host" : "host w" + worker);
        }
        return switch (kind)
        {
            case KERNEL -> new Lane(device, worker, Role.KERNELS, log.deviceLabel(device) + " w" + worker + " kernels");
            case COPY -> new Lane(device, -1, Role.COPIES, log.deviceLabel(device) + " copies");
            default -> new Lane(device, worker, Role.WORKER, log.deviceLabel(device) + " w" + worker + " host");
        };
    }

    private static long key(final Lane lane)
    {
        // devices first (host lanes, device -1, last), then worker, then role
        final long device = lane.device() < 0 ? 0xFFFF : lane.device();
        final long worker = lane.worker() < 0 ? 0xFFFFFF : lane.worker() & 0xFFFFFF;
        return device << 40 | worker << 8 | lane.role().ordinal();
    }
}
