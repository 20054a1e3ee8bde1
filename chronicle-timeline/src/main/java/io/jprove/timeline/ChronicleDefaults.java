package io.jprove.timeline;

/**
 * Settings applied before the first Chronicle class loads. Chronicle sends usage analytics unless told not to; the
 * launcher already passes {@code -Dchronicle.analytics.disable=true} and this sets it again in case it did not.
 */
final class ChronicleDefaults
{
    private ChronicleDefaults()
    {
    }

    static void apply()
    {
        System.setProperty("chronicle.analytics.disable", "true");
        // Chronicle announces itself on stdout otherwise; a CLI's output belongs to the CLI.
        System.setProperty("chronicle.announcer.disable", "true");
        // Chronicle logs through SLF4J; without a provider SLF4J warns on stderr at start, which is noise in a CLI.
        if (System.getProperty("slf4j.internal.verbosity") == null)
        {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
    }
}
