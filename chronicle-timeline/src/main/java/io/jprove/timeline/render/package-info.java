/**
 * Renderers of a replayed timeline: a self-contained HTML Gantt chart with the analysis
 * ({@link io.jprove.timeline.render.HtmlGanttRenderer}), Chrome-trace JSON for Perfetto
 * ({@link io.jprove.timeline.render.ChromeTraceRenderer}) and CSV ({@link io.jprove.timeline.render.CsvExporter});
 * {@link io.jprove.timeline.render.ReportFiles} writes a report's files, the one place that does.
 */
package io.jprove.timeline.render;
