package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code jprove daemon --check-journal DIR}: what a daemon's journal holds, read without changing it (a running
 * daemon's included): its generation and format, its entries by kind, the jobs they describe by state, and any
 * damage, with what the next start will do about it. A format-1 journal (Chronicle Queue) is read as the start
 * would convert it.
 */
public final class JournalCheck
{
    private JournalCheck()
    {
    }

    /**
     * What the check found.
     *
     * @param lines   the report, a line each.
     * @param damaged whether anything could not be read (a torn tail, damaged bytes, entries that do not decode).
     */
    public record Report(List<String> lines, boolean damaged)
    {
    }

    /**
     * @param dir a daemon's data directory, or its {@code journal} folder.
     * @throws IllegalArgumentException naming the folder when it holds no journal, or the file when it is not one.
     */
    public static Report of(final Path dir)
    {
        final Path journal = Files.isDirectory(dir.resolve("journal")) ? dir.resolve("journal") : dir;
        final Path gen;
        try
        {
            gen = Journal.currentGeneration(journal);
        }
        catch (final IOException | IllegalStateException e)
        {
            throw new IllegalArgumentException(journal + ": " + e.getMessage(), e);
        }
        final Path spool = journal.resolveSibling("spool");
        final Tally tally = new Tally(spool);
        final List<String> lines = new ArrayList<>();
        boolean damaged;
        try
        {
            if (LegacyJournal.isLegacy(gen))
            {
                lines.add("journal " + journal + ": " + gen.getFileName() + ", format 1 (Chronicle Queue, unchecked);"
                    + " the next start converts it to format " + JournalFile.FORMAT);
                final List<String> skipped = LegacyJournal.read(gen, spool, tally::add);
                skipped.forEach(s -> lines.add("unreadable: " + s + " (skipped at the conversion)"));
                damaged = !skipped.isEmpty();
            }
            else
            {
                final Path file = gen.resolve(JournalFile.NAME);
                if (!Files.isRegularFile(file))
                {
                    throw new IllegalArgumentException(journal + " holds no journal (no " + journal.relativize(file)
                        + ")");
                }
                final JournalFile.Scan scan;
                try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ))
                {
                    scan = JournalFile.scan(c, tally::add);
                }
                lines.add("journal " + journal + ": " + gen.getFileName() + ", format " + JournalFile.FORMAT + ", "
                    + scan.end() + " bytes of entries, " + (scan.size() - scan.end() - scan.tornBytes())
                    + " preallocated");
                for (final JournalFile.Damage d : scan.damage())
                {
                    lines.add((d.tornTail() ? "torn tail: " : "damage: ") + d.describe() + (d.tornTail()
                        ? "; the next start drops it" : "; the next start skips them and keeps the entries after"));
                }
                damaged = !scan.damage().isEmpty();
            }
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException(gen + ": " + e.getMessage(), e);
        }
        lines.addAll(tally.lines());
        damaged |= tally.undecodable > 0;
        if (!damaged)
        {
            lines.add("damage: none");
        }
        return new Report(lines, damaged);
    }

    /** The entries and jobs, counted as a replay would rebuild them. */
    private static final class Tally
    {
        private final Path spool;
        private final Map<String, Integer> kinds = new LinkedHashMap<>();
        private final Map<Long, JobState> jobs = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();
        private long entries;
        private long undecodable;
        private long partitions;
        private long nextJobId = 1;

        Tally(final Path spool)
        {
            this.spool = spool;
            for (final String k : List.of("generation", "submitted", "partition", "finished", "pruned", "started",
                "clean stop"))
            {
                kinds.put(k, 0);
            }
        }

        void add(final byte[] bytes)
        {
            final JournalRecord r;
            try
            {
                r = JournalRecord.decode(bytes, spool);
            }
            catch (final IllegalStateException e)
            {
                undecodable++;
                problems.add("entry " + entries + " does not decode: " + e.getMessage());
                entries++;
                return;
            }
            entries++;
            switch (r)
            {
                case JournalRecord.Generation g ->
                {
                    kinds.merge("generation", 1, Integer::sum);
                    nextJobId = Math.max(nextJobId, g.nextJobId());
                }
                case JournalRecord.Submitted s ->
                {
                    kinds.merge("submitted", 1, Integer::sum);
                    jobs.put(s.job(), JobState.QUEUED);
                    nextJobId = Math.max(nextJobId, s.job() + 1);
                }
                case JournalRecord.PartitionDone p ->
                {
                    kinds.merge("partition", 1, Integer::sum);
                    partitions++;
                    jobs.computeIfPresent(p.job(), (k, v) -> v == JobState.QUEUED ? JobState.RUNNING : v);
                }
                case JournalRecord.Finished f ->
                {
                    kinds.merge("finished", 1, Integer::sum);
                    jobs.computeIfPresent(f.job(), (k, v) -> f.state());
                }
                case JournalRecord.Pruned p ->
                {
                    kinds.merge("pruned", 1, Integer::sum);
                    jobs.remove(p.job());
                }
                case JournalRecord.Started s -> kinds.merge("started", 1, Integer::sum);
                case JournalRecord.CleanStop s -> kinds.merge("clean stop", 1, Integer::sum);
            }
        }

        List<String> lines()
        {
            final List<String> out = new ArrayList<>();
            final StringBuilder k = new StringBuilder("entries: " + entries + " (");
            kinds.forEach((name, n) -> k.append(name).append(' ').append(n).append(", "));
            out.add(k.substring(0, k.length() - 2) + ")");
            final Map<JobState, Integer> byState = new EnumMap<>(JobState.class);
            jobs.values().forEach(s -> byState.merge(s, 1, Integer::sum));
            final StringBuilder j = new StringBuilder("jobs: " + jobs.size() + " known");
            byState.forEach((s, n) -> j.append(", ").append(n).append(' ').append(s.name().toLowerCase(Locale.ROOT)));
            out.add(j + "; " + partitions + " partitions proved; next job id " + Long.toUnsignedString(nextJobId));
            problems.forEach(p -> out.add("unreadable: " + p));
            return out;
        }
    }
}
