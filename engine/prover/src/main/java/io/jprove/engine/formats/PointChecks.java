package io.jprove.engine.formats;

/** What was checked of a key file's points when it was opened. */
public enum PointChecks
{
    /** every point was checked to be canonical, on its curve and in the prime-order subgroup. */
    ALL("on the curve and in the subgroup"),
    /** points were checked to be canonical and on their curves, not for subgroup membership (a trusted file). */
    ON_CURVE("on the curve only (unchecked)"),
    /** no point was checked: the same bytes (by SHA-256) passed {@link #ALL} before ({@link CheckedKeys}). */
    REMEMBERED("skipped: the same bytes passed every check before");

    private final String description;

    PointChecks(final String description)
    {
        this.description = description;
    }

    /** @return a few words for a person: what the run checked. */
    public String description()
    {
        return description;
    }
}
