package io.jprove.timeline.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.jprove.timeline.EventKind;

/** Computes each worker's {@link WorkerSummary} from a log: its windows and stages, merged. */
final class WorkerUsage
{
    private record Worker(int device, int worker)
    {
    }

    private WorkerUsage()
    {
    }

    /**
     * @param log     the replayed timeline.
     * @param firstNs the timeline's first instant.
     * @param lastNs  its last.
     * @return device workers (by device, then id), then synthesis workers (by id).
     */
    static List<WorkerSummary> of(final EventLog log, final long firstNs, final long lastNs)
    {
        final Map<Worker, List<Long>> spans = new TreeMap<>((a, b) -> a.device() != b.device()
            ? Integer.compare(a.device() < 0 ? Integer.MAX_VALUE : a.device(), b.device() < 0 ? Integer.MAX_VALUE
            : b.device()) : Integer.compare(a.worker(), b.worker()));
        final Map<Worker, Set<Long>> partitions = new HashMap<>();
        final Map<Long, Integer> open = new HashMap<>();
        for (int row = 0; row < log.size(); row++)
        {
            final EventKind kind = log.kind(row);
            if (kind == null || log.worker(row) < 0)
            {
                continue;
            }
            final boolean synthesis = kind == EventKind.SYNTH_START || kind == EventKind.SYNTH_END;
            final Worker who = new Worker(synthesis ? -1 : log.device(row), log.worker(row));
            final long key = (log.job(row) * 1_000_003L + log.partition(row)) * 2 + (synthesis ? 1 : 0);
            switch (kind)
            {
                case GPU_START, SYNTH_START -> open.put(key, row);
                case GPU_END, SYNTH_END ->
                {
                    final Integer start = open.remove(key);
                    if (start != null)
                    {
                        add(spans, who, log.timestampNs(start), log.timestampNs(row));
                        partitions.computeIfAbsent(who, w -> new HashSet<>()).add(key);
                    }
                }
                case STAGE ->
                {
                    if (log.device(row) >= 0)
                    {
                        add(spans, who, log.startNs(row), log.startNs(row) + log.durationNs(row));
                    }
                }
                default ->
                {
                }
            }
        }
        final List<WorkerSummary> out = new ArrayList<>();
        for (final Map.Entry<Worker, List<Long>> e : spans.entrySet())
        {
            final Worker w = e.getKey();
            final long[] flat = e.getValue().stream().mapToLong(Long::longValue).toArray();
            final String label = w.device() < 0 ? "synthesis w" + w.worker()
                : log.deviceLabel(w.device()) + " w" + w.worker();
            out.add(new WorkerSummary(w.device(), w.worker(), label, Intervals.length(Intervals.merge(flat)),
                lastNs - firstNs, partitions.getOrDefault(w, Set.of()).size()));
        }
        return out;
    }

    private static void add(final Map<Worker, List<Long>> spans, final Worker who, final long startNs,
        final long endNs)
    {
        final List<Long> flat = spans.computeIfAbsent(who, w -> new ArrayList<>());
        flat.add(startNs);
        flat.add(endNs);
    }
}
