package io.jprove.engine.daemon;

import io.jprove.timeline.SwitchedTimeline;

/**
 * Keeps the daemon's timeline off while its disk is short of the {@code disk-reserve}: the Chronicle timeline writes
 * through memory-mapped files, and a write to a mapped page of a full disk is a SIGBUS that kills the JVM (no Java
 * exception can be had there). Below the reserve the timeline drops its events, which the daemon says once on stderr
 * and keeps saying in /metrics; once space is freed it records again; a timeline whose disk is short at the start is
 * opened only once there is room (opening writes too). The daemon calls {@link #check()} every second, so a disk that
 * fills by more than the reserve within a second can still be met: the reserve is the margin. Thread-safe.
 */
final class TimelineGuard
{
    private final SwitchedTimeline timeline;
    private final DiskSpace disk;
    /** Whether the pause now was announced; guarded by this. */
    private boolean said;

    /**
     * @param timeline the daemon's timeline.
     * @param disk     the free space of the timeline's directory against the reserve.
     */
    TimelineGuard(final SwitchedTimeline timeline, final DiskSpace disk)
    {
        this.timeline = timeline;
        this.disk = disk;
        check();
    }

    /** Looks at the disk: switches the timeline off below the reserve, on above; says so when that changes. */
    synchronized void check()
    {
        final long free = disk.freeBytes();
        if (free < disk.reserveBytes())
        {
            timeline.switchOff();
            if (!said)
            {
                said = true;
                System.err.println("jprove daemon: the timeline's disk has " + (free >> 20) + " MiB free, less than"
                    + " disk-reserve (" + (disk.reserveBytes() >> 20) + " MiB): the timeline records nothing until"
                    + " space is freed (a mapped write on a full disk would kill the daemon)");
            }
            return;
        }
        timeline.switchOn();
        if (said)
        {
            said = false;
            System.err.println("jprove daemon: the timeline's disk has room again: the timeline records again");
        }
    }

    /** @return whether the timeline records nothing now. */
    boolean paused()
    {
        return timeline.isOff();
    }

    /** @return the events dropped while the disk was short of the reserve. */
    long dropped()
    {
        return timeline.dropped();
    }
}
