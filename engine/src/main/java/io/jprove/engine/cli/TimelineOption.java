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
 */
public final class TimelineOption
{
    /** Where events go unless {@code --timeline} says otherwise. */
    public static final String DEFAULT_DIRECTORY = "./.jprove/timeline";

    // -Djprove.timeline.dir moves the default (the test runs use their build folder, not the working tree)
    @Option(names = "--timeline", paramLabel = "DIR",
        defaultValue = "${sys:jprove.timeline.dir:-" + DEFAULT_DIRECTORY + "}",
        description = "Record the timeline (Chronicle Queue) in DIR; replay it with 'jprove timeline report DIR'. "
            + "Default: ${DEFAULT-VALUE}.")
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
     * @return the timeline directory.
     */
    public Path directory()
    {
        return directory;
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
        return ChronicleTimeline.open(TimelineSettings.of(directory).withRollCycle(roll)
            .withRetention(Duration.ofDays(retentionDays)));
    }
}
