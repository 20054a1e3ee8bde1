package io.jprove.timeline.analysis;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Formatting shared by the text report and the renderers.
 */
public final class Text
{
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS'Z'")
        .withZone(ZoneOffset.UTC);

    private Text()
    {
    }

    /**
     * @param epochNs nanoseconds since the epoch.
     * @return the UTC time, to the microsecond.
     */
    public static String time(final long epochNs)
    {
        return TIME.format(Instant.ofEpochSecond(Math.floorDiv(epochNs, 1_000_000_000L),
            Math.floorMod(epochNs, 1_000_000_000L)));
    }

    /**
     * @param ns a duration in nanoseconds.
     * @return it in milliseconds with thousands separators and one decimal, e.g. "3,672.0 ms".
     */
    public static String ms(final long ns)
    {
        return String.format(Locale.ROOT, "%,.1f ms", ns / 1e6);
    }

    /**
     * @param ratio a ratio.
     * @return it as a percentage with one decimal, e.g. "51.4 %".
     */
    public static String percent(final double ratio)
    {
        return String.format(Locale.ROOT, "%.1f %%", ratio * 100);
    }
}
