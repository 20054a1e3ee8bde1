package io.jprove.engine.groth16;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The phases a {@link Groth16Setup} went through, with their times and where each ran, for a person to see where the
 * setup's time goes; point progress is passed on to another {@link SetupProgress} (a progress bar).
 */
public final class SetupPhases implements SetupProgress
{
    /** One phase. */
    public record Phase(String name, long nanos, String where)
    {
    }

    private final SetupProgress points;
    private final List<Phase> phases = new ArrayList<>();

    /** @param points told of the fixed-base products as they finish. */
    public SetupPhases(final SetupProgress points)
    {
        this.points = points;
    }

    @Override
    public void start(final long totalPoints)
    {
        points.start(totalPoints);
    }

    @Override
    public void advance(final long points)
    {
        this.points.advance(points);
    }

    @Override
    public void finish()
    {
        points.finish();
    }

    @Override
    public synchronized void phase(final String name, final long nanos, final String where)
    {
        phases.add(new Phase(name, nanos, where));
        points.phase(name, nanos, where);
    }

    /** @return the phases so far, in order. */
    public synchronized List<Phase> phases()
    {
        return List.copyOf(phases);
    }

    /** @return nanoseconds of the phases whose names start with {@code prefix} (e.g. {@code g1}), summed. */
    public synchronized long nanos(final String prefix)
    {
        return phases.stream().filter(p -> p.name().startsWith(prefix)).mapToLong(Phase::nanos).sum();
    }

    /** @return nanoseconds of the tables and products of both groups: the fixed-base multiplication. */
    public long productNanos()
    {
        return nanos("g1") + nanos("g2");
    }

    /** @return nanoseconds of every phase. */
    public long totalNanos()
    {
        return nanos("");
    }

    /** @return where the first phase ran: the host's threads (the setup's own phases always run there first). */
    public synchronized String host()
    {
        return phases.isEmpty() ? "" : phases.getFirst().where();
    }

    /**
     * @return one line: each phase's seconds and, where it ran elsewhere than the {@link #host()} or with a detail
     *         (the window of a table), where and which.
     */
    public synchronized String summary()
    {
        final String host = host();
        final StringBuilder b = new StringBuilder();
        for (final Phase p : phases)
        {
            if (!b.isEmpty())
            {
                b.append(", ");
            }
            b.append(p.name()).append(String.format(Locale.ROOT, " %.2f s", p.nanos() / 1e9));
            String where = p.where();
            if (where.startsWith(host))
            {
                where = where.substring(host.length()).replaceFirst("^, ", "");
            }
            if (!where.isEmpty())
            {
                b.append(" (").append(where).append(')');
            }
        }
        return b.toString();
    }
}
