package io.jprove.engine.groth16;

import java.util.LinkedHashMap;
import java.util.Map;

/** Wall-clock durations of named steps, in the order they first ran; a step that runs again adds to its total. */
public final class StepTimes
{
    private final Map<String, Long> nanos = new LinkedHashMap<>();

    /** Adds {@code durationNs} to step {@code name}. */
    public void add(final String name, final long durationNs)
    {
        nanos.merge(name, durationNs, Long::sum);
    }

    /** @return the steps and their total nanoseconds, in first-run order (a copy). */
    public Map<String, Long> nanos()
    {
        return new LinkedHashMap<>(nanos);
    }

    /** @return "name 12.3 ms, name 4.5 ms". */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        nanos.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ')
            .append(String.format("%.1f ms", v / 1e6)));
        return sb.toString();
    }
}
