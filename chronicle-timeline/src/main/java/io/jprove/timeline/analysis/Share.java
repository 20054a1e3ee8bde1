package io.jprove.timeline.analysis;

/**
 * A labelled amount of time: how long an activity (a stage, a copy, another partition's synthesis or kernels)
 * overlapped a span being explained.
 *
 * @param label what ran.
 * @param ns    how long it overlapped, in nanoseconds.
 */
public record Share(String label, long ns)
{
}
