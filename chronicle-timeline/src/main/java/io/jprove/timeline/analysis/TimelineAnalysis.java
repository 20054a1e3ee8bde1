package io.jprove.timeline.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.jprove.timeline.EventKind;

/**
 * Explains where each device's time went. Per device: the wall span, the union of kernel intervals (utilization =
 * merged kernel time / wall), the union of copies and their overlap with kernels, and the longest idle gaps with what
 * bracketed them and what the host was doing. Per partition: its window (GPU_START to GPU_END) against the union of
 * its own kernels inside it, the difference (the gap), and the gap broken down by the recorded activities that
 * overlap it (its host stages and copies, other partitions' synthesis and kernels). A partition whose gap exceeds a
 * share of its window is flagged: a host window that reads "busy" while the kernels idle is found automatically.
 */
public final class TimelineAnalysis
{
    /** Default: flag a partition when more than 20 % of its window has none of its kernels running. */
    public static final double DEFAULT_GAP_THRESHOLD = 0.20;
    /** Default number of idle gaps described per device. */
    public static final int DEFAULT_GAPS_PER_DEVICE = 5;

    private static final int MAX_POINT_EVENTS_PER_GAP = 6;

    private record Key(long job, int partition)
    {
    }

    /** Recorded work that can explain a gap; stages and copies are scoped to a partition, named on their own. */
    private record Activity(String label, Key key, int device, long startNs, long endNs, boolean kernel,
        boolean scoped)
    {
        String labelFor(final Key viewer)
        {
            return scoped && !key.equals(viewer) ? label + " (job " + key.job() + " p" + key.partition() + ")" : label;
        }
    }

    private final EventLog log;
    private final double gapThreshold;
    private final int gapsPerDevice;
    private final Integer[] byTime;
    private final List<Activity> activities = new ArrayList<>();
    private long maxActivityNs;

    private TimelineAnalysis(final EventLog log, final double gapThreshold, final int gapsPerDevice)
    {
        if (!(gapThreshold >= 0 && gapThreshold <= 1))
        {
            throw new IllegalArgumentException("gapThreshold must be within [0, 1]: " + gapThreshold);
        }
        this.log = log;
        this.gapThreshold = gapThreshold;
        this.gapsPerDevice = gapsPerDevice;
        this.byTime = new Integer[log.size()];
        for (int i = 0; i < byTime.length; i++)
        {
            byTime[i] = i;
        }
        Arrays.sort(byTime, Comparator.comparingLong(log::beginNs));
    }

    /**
     * @param log a replayed timeline.
     * @return the analysis with the default threshold and gap count.
     */
    public static TimelineReport analyze(final EventLog log)
    {
        return analyze(log, DEFAULT_GAP_THRESHOLD, DEFAULT_GAPS_PER_DEVICE);
    }

    /**
     * @param log           a replayed timeline.
     * @param gapThreshold  flag a partition whose gap exceeds this share of its window, within [0, 1].
     * @param gapsPerDevice how many of each device's longest idle gaps to describe.
     * @return the analysis.
     */
    public static TimelineReport analyze(final EventLog log, final double gapThreshold, final int gapsPerDevice)
    {
        return new TimelineAnalysis(log, gapThreshold, gapsPerDevice).run();
    }

    private TimelineReport run()
    {
        final Map<Integer, List<Integer>> rowsByDevice = new TreeMap<>();
        final Map<Key, List<Integer>> kernelsByKey = new HashMap<>();
        final Map<Key, Integer> synthOpen = new HashMap<>();
        final Map<Key, ArrayList<Integer>> windowsOpen = new HashMap<>();
        final List<int[]> windows = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        long dropped = 0;
        int writers = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (final int row : byTime)
        {
            final EventKind kind = log.kind(row);
            if (kind == null || kind == EventKind.NAME || kind == EventKind.DEVICE)
            {
                continue;
            }
            first = Math.min(first, log.beginNs(row));
            last = Math.max(last, log.endNs(row));
            final Key key = new Key(log.job(row), log.partition(row));
            if (log.device(row) >= 0)
            {
                rowsByDevice.computeIfAbsent(log.device(row), d -> new ArrayList<>()).add(row);
            }
            switch (kind)
            {
                case ANCHOR -> writers++;
                case DROPPED -> dropped += log.value(row);
                case ERROR -> errors.add(Text.time(log.timestampNs(row)) + " " + log.describe(row) + ": "
                    + log.text(row));
                case KERNEL ->
                {
                    kernelsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
                    addActivity("kernels job " + key.job() + " p" + key.partition(), key, row, true);
                }
                case COPY -> addActivity("copy " + log.name(log.nameId(row)), key, row, false);
                case STAGE -> addActivity("stage " + log.name(log.nameId(row)), key, row, false);
                case SYNTH_START -> synthOpen.put(key, row);
                case SYNTH_END ->
                {
                    final Integer start = synthOpen.remove(key);
                    if (start != null)
                    {
                        addActivity("synthesis job " + key.job() + " p" + key.partition() + " w" + log.worker(start),
                            key, -1, log.timestampNs(start), log.timestampNs(row));
                    }
                }
                case GPU_START -> windowsOpen.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
                case GPU_END ->
                {
                    final ArrayList<Integer> open = windowsOpen.get(key);
                    if (open != null && !open.isEmpty())
                    {
                        windows.add(new int[] {open.removeFirst(), row});
                    }
                }
                default ->
                {
                }
            }
        }
        activities.sort(Comparator.comparingLong(Activity::startNs));
        final List<DeviceSummary> devices = new ArrayList<>();
        final Map<Integer, long[]> kernelUnionByDevice = new HashMap<>();
        for (final Map.Entry<Integer, List<Integer>> entry : rowsByDevice.entrySet())
        {
            final DeviceSummary summary = device(entry.getKey(), entry.getValue());
            devices.add(summary);
            kernelUnionByDevice.put(entry.getKey(), unionOf(entry.getValue(), EventKind.KERNEL));
        }
        final List<PartitionSummary> partitions = new ArrayList<>();
        for (final int[] window : windows)
        {
            partitions.add(partition(window[0], window[1], kernelsByKey, kernelUnionByDevice));
        }
        int unfinished = 0;
        for (final ArrayList<Integer> open : windowsOpen.values())
        {
            unfinished += open.size();
        }
        final long firstNs = first == Long.MAX_VALUE ? 0 : first;
        final long lastNs = last == Long.MIN_VALUE ? 0 : last;
        return new TimelineReport(log.size(), firstNs, lastNs, writers, dropped, errors, devices, partitions,
            WorkerUsage.of(log, firstNs, lastNs), unfinished, gapThreshold);
    }

    private void addActivity(final String label, final Key key, final int row, final boolean kernel)
    {
        activities.add(new Activity(label, key, log.device(row), log.beginNs(row), log.endNs(row), kernel, !kernel));
        maxActivityNs = Math.max(maxActivityNs, log.endNs(row) - log.beginNs(row));
    }

    private void addActivity(final String label, final Key key, final int device, final long startNs, final long endNs)
    {
        activities.add(new Activity(label, key, device, startNs, endNs, false, false));
        maxActivityNs = Math.max(maxActivityNs, endNs - startNs);
    }

    private long[] unionOf(final List<Integer> rows, final EventKind kind)
    {
        final long[] flat = new long[2 * rows.size()];
        int n = 0;
        for (final int row : rows)
        {
            if (log.kind(row) == kind)
            {
                flat[n++] = log.beginNs(row);
                flat[n++] = log.endNs(row);
            }
        }
        return Intervals.merge(Arrays.copyOf(flat, n));
    }

    private DeviceSummary device(final int device, final List<Integer> rows)
    {
        long wallStart = Long.MAX_VALUE;
        long wallEnd = Long.MIN_VALUE;
        long kernels = 0;
        long copies = 0;
        long copyBytes = 0;
        for (final int row : rows)
        {
            wallStart = Math.min(wallStart, log.beginNs(row));
            wallEnd = Math.max(wallEnd, log.endNs(row));
            if (log.kind(row) == EventKind.KERNEL)
            {
                kernels++;
            }
            else if (log.kind(row) == EventKind.COPY)
            {
                copies++;
                copyBytes += log.value(row);
            }
        }
        final long[] kernelUnion = unionOf(rows, EventKind.KERNEL);
        final long[] copyUnion = unionOf(rows, EventKind.COPY);
        final long[] idle = Intervals.subtract(Intervals.of(wallStart, wallEnd), kernelUnion);
        final Integer[] gapOrder = new Integer[idle.length / 2];
        for (int i = 0; i < gapOrder.length; i++)
        {
            gapOrder[i] = i;
        }
        Arrays.sort(gapOrder, Comparator.comparingLong((final Integer i) -> idle[2 * i] - idle[2 * i + 1]));
        final List<IdleGap> gaps = new ArrayList<>();
        for (int i = 0; i < Math.min(gapsPerDevice, gapOrder.length); i++)
        {
            gaps.add(gap(device, rows, idle[2 * gapOrder[i]], idle[2 * gapOrder[i] + 1]));
        }
        return new DeviceSummary(device, wallStart, wallEnd, Intervals.length(kernelUnion),
            Intervals.length(copyUnion), Intervals.length(Intervals.intersect(copyUnion, kernelUnion)), kernels, copies,
            copyBytes, Intervals.length(idle), gaps, log.deviceLabel(device), log.deviceDescription(device),
            log.isHostMeasured(device));
    }

    private IdleGap gap(final int device, final List<Integer> rows, final long startNs, final long endNs)
    {
        int before = -1;
        int after = -1;
        final List<String> points = new ArrayList<>();
        for (final int row : rows)
        {
            if (log.endNs(row) <= startNs && (before < 0 || log.endNs(row) >= log.endNs(before)))
            {
                before = row;
            }
            if (log.beginNs(row) >= endNs && (after < 0 || log.beginNs(row) < log.beginNs(after)))
            {
                after = row;
            }
            if (!log.isInterval(row) && log.timestampNs(row) > startNs && log.timestampNs(row) < endNs
                && points.size() < MAX_POINT_EVENTS_PER_GAP)
            {
                points.add(log.describe(row));
            }
        }
        final long[] span = Intervals.of(startNs, endNs);
        final List<Share> activity = overlaps(span, startNs, endNs, null,
            a -> a.device() == device || a.device() < 0);
        return new IdleGap(startNs, endNs, before < 0 ? "" : log.describe(before), after < 0 ? "" : log.describe(after),
            activity, points);
    }

    private PartitionSummary partition(
        final int startRow,
        final int endRow,
        final Map<Key, List<Integer>> kernelsByKey,
        final Map<Integer, long[]> kernelUnionByDevice)
    {
        final Key key = new Key(log.job(startRow), log.partition(startRow));
        final int device = log.device(startRow);
        final long windowStart = log.timestampNs(startRow);
        final long windowEnd = log.timestampNs(endRow);
        final List<Integer> own = kernelsByKey.getOrDefault(key, List.of());
        final long[] ownUnion =
            Intervals.intersect(unionOf(own, EventKind.KERNEL), Intervals.of(windowStart, windowEnd));
        final Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (final int row : own)
        {
            byName.computeIfAbsent(log.name(log.nameId(row)), n -> new ArrayList<>()).add(row);
        }
        final List<Share> kernelBreakdown = new ArrayList<>();
        for (final Map.Entry<String, List<Integer>> entry : byName.entrySet())
        {
            final long ns = Intervals.lengthWithin(unionOf(entry.getValue(), EventKind.KERNEL), windowStart, windowEnd);
            if (ns > 0)
            {
                kernelBreakdown.add(new Share(entry.getKey(), ns));
            }
        }
        kernelBreakdown.sort(Comparator.comparingLong(Share::ns).reversed());
        final long[] gapSet = Intervals.subtract(Intervals.of(windowStart, windowEnd), ownUnion);
        final List<Share> breakdown = overlaps(gapSet, windowStart, windowEnd, key,
            a -> !(a.kernel() && (a.key().equals(key) || a.device() != device)));
        final long[] covered = activityUnion(windowStart, windowEnd,
            a -> !(a.kernel() && (a.key().equals(key) || a.device() != device)));
        final long windowNs = windowEnd - windowStart;
        final long kernelNs = Intervals.length(ownUnion);
        final long gapNs = windowNs - kernelNs;
        return new PartitionSummary(key.job(), key.partition(), device, log.worker(startRow), windowStart, windowEnd,
            kernelNs, Intervals.lengthWithin(kernelUnionByDevice.getOrDefault(device, Intervals.EMPTY), windowStart,
            windowEnd), gapNs, breakdown, Intervals.length(Intervals.subtract(gapSet, covered)), kernelBreakdown,
            gapNs > gapThreshold * windowNs);
    }

    private List<Share> overlaps(
        final long[] target,
        final long fromNs,
        final long toNs,
        final Key viewer,
        final java.util.function.Predicate<Activity> which)
    {
        final Map<String, List<Activity>> byLabel = new LinkedHashMap<>();
        final java.util.Set<String> own = new java.util.HashSet<>();
        forActivities(fromNs, toNs, which, a ->
        {
            byLabel.computeIfAbsent(a.labelFor(viewer), l -> new ArrayList<>()).add(a);
            if (a.scoped() && a.key().equals(viewer))
            {
                own.add(a.labelFor(viewer));
            }
        });
        final List<Share> shares = new ArrayList<>();
        for (final Map.Entry<String, List<Activity>> entry : byLabel.entrySet())
        {
            final long[] flat = new long[2 * entry.getValue().size()];
            int n = 0;
            for (final Activity a : entry.getValue())
            {
                flat[n++] = a.startNs();
                flat[n++] = a.endNs();
            }
            final long ns = Intervals.length(Intervals.intersect(target, Intervals.merge(flat)));
            if (ns > 0)
            {
                shares.add(new Share(entry.getKey(), ns));
            }
        }
        // The partition's own stages and copies first: they are its work; the rest ran beside it.
        shares.sort(Comparator.comparing((final Share share) -> !own.contains(share.label()))
            .thenComparing(Comparator.comparingLong(Share::ns).reversed()));
        return shares;
    }

    private long[] activityUnion(
        final long fromNs, final long toNs, final java.util.function.Predicate<Activity> which)
    {
        final List<Long> flat = new ArrayList<>();
        forActivities(fromNs, toNs, which, a ->
        {
            flat.add(a.startNs());
            flat.add(a.endNs());
        });
        return Intervals.merge(flat.stream().mapToLong(Long::longValue).toArray());
    }

    /** Visits the activities overlapping [fromNs, toNs), found by binary search on their sorted starts. */
    private void forActivities(
        final long fromNs,
        final long toNs,
        final java.util.function.Predicate<Activity> which,
        final java.util.function.Consumer<Activity> visitor)
    {
        final long earliestStart = fromNs - maxActivityNs;
        int lo = 0;
        int hi = activities.size();
        while (lo < hi)
        {
            final int mid = (lo + hi) >>> 1;
            if (activities.get(mid).startNs() < earliestStart)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }
        for (int i = lo; i < activities.size() && activities.get(i).startNs() < toNs; i++)
        {
            final Activity a = activities.get(i);
            if (a.endNs() > fromNs && which.test(a))
            {
                visitor.accept(a);
            }
        }
    }
}
