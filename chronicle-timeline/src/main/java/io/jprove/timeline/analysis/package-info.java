/**
 * Turning a replayed timeline into answers: {@link io.jprove.timeline.analysis.EventLog} holds the events in columns,
 * {@link io.jprove.timeline.analysis.TimelineAnalysis} computes per-device utilization from device-measured kernel
 * intervals and explains each partition's window-versus-kernel gap, and
 * {@link io.jprove.timeline.analysis.TextReport} prints the result. Times are epoch nanoseconds on the timeline clock;
 * interval sets are half-open and merged ({@link io.jprove.timeline.analysis.Intervals}).
 */
package io.jprove.timeline.analysis;
