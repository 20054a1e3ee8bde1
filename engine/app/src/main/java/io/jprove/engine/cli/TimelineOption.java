package io.jprove.engine.cli;

import java.nio.file.Path;
import java.time.Duration;

import io.jprove.timeline.ChronicleTimeline;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineSettings;
import picocli.CommandLine.Option;

/**
 * The {@code --timeline DIR} option for every command that does proving work: include it with
 * {@code @Mixin TimelineOption timeline;} and call {@link #open()} once, closing the result when the command ends.
 * Without it, the timeline goes to the user's state directory ({@link #defaultDirectory()}), not to whatever folder
 * the command runs in.
 */
public final class TimelineOption
{
    /** The system property that moves the default (the test runs use their build folder). */
    public static final String DIRECTORY_PROPERTY = "jprove.timeline.dir";

    @Option(names = "--timeline", paramLabel = "DIR",
        description = "Record the timeline (Chronicle Queue) in DIR; replay it with 'jprove timeline report DIR'. "
            + "Default: $XDG_STATE_HOME/jprove/timeline, else ~/.local/state/jprove/timeline.")
    private Path directory;

    @Option(names = "--no-timeline", description = "Record no timeline.")
    private boolean disabled;

    @Option(names = "--timeline-roll", paramLabel = "CYCLE", defaultValue = "DAILY",
        description = "Start a new timeline file every HOURLY or DAILY (default ${DEFAULT-VALUE}).")
    private TimelineSettings.Roll roll;

    @Option(names = "--timeline-retention-days", paramLabel = "DAYS", defaultValue = "7",
        description = "Delete timeline files older than this many days; 0 keeps all (default ${DEFAULT-VALUE}).")
    private int retentionDays;

    /**
     * @return the timeline directory: {@code --timeline}'s, else {@link #defaultDirectory()}.
     */
    public Path directory()
    {
        return directory != null ? directory : defaultDirectory();
    }

    /**
     * @return where a timeline goes by default: the system property {@value #DIRECTORY_PROPERTY} if set, else
     *         {@code jprove/timeline} in the XDG state directory ({@code $XDG_STATE_HOME} when it is an absolute
     *         path, else {@code ~/.local/state}).
     */
    public static Path defaultDirectory()
    {
        final String property = System.getProperty(DIRECTORY_PROPERTY);
        if (property != null && !property.isBlank())
        {
            return Path.of(property);
        }
        final String xdg = System.getenv("XDG_STATE_HOME");
        final Path state = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".local", "state");
        return state.resolve("jprove").resolve("timeline");
    }

    /** @return whether a timeline is to be recorded (no {@code --no-timeline}). */
    public boolean isEnabled()
    {
        return !disabled;
    }

    /**
     * @return the timeline the options ask for: a Chronicle Queue timeline, or {@link Timeline#disabled()}.
     */
    public Timeline open()
    {
        if (disabled)
        {
            return Timeline.disabled();
        }
        if (retentionDays < 0)
        {
            throw new IllegalArgumentException("--timeline-retention-days must not be negative: " + retentionDays);
        }
        return ChronicleTimeline.open(TimelineSettings.of(directory()).withRollCycle(roll)
            .withRetention(Duration.ofDays(retentionDays)));
    }
}
