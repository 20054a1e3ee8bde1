/**
 * The persistent timeline: an event schema ({@link io.jprove.timeline.EventKind},
 * {@link io.jprove.timeline.EventLayout}), a lock-free writer over Chronicle Queue
 * ({@link io.jprove.timeline.Timeline}, {@link io.jprove.timeline.ChronicleTimeline}) and its replay
 * ({@link io.jprove.timeline.TimelineReader}).
 * <p>
 * Recording: open a timeline once per process, look up each kernel, copy and stage name once with
 * {@code nameId}, then call {@code append}, {@code kernel}, {@code copy} or {@code stage} from any thread. Times are
 * on {@link io.jprove.timeline.TimelineClock}: epoch nanoseconds advanced by the monotonic clock, so a replay shows
 * both wall-clock times and exact durations. Kernel and copy intervals are device-measured (CUDA events), never
 * inferred from host windows.
 * <p>
 * Replaying: {@link io.jprove.timeline.TimelineReader} from the start, an index, a time, or live;
 * {@code io.jprove.timeline.analysis} turns a replay into per-device and per-partition accounts, and
 * {@code io.jprove.timeline.render} into an HTML Gantt chart, Chrome-trace JSON or CSV.
 */
package io.jprove.timeline;
