/**
 * Renderers of a replayed timeline: a self-contained HTML Gantt chart with the analysis
 * ({@link io.jprove.timeline.render.HtmlGanttRenderer}), Chrome-trace JSON for Perfetto
 * ({@link io.jprove.timeline.render.ChromeTraceRenderer}) and CSV ({@link io.jprove.timeline.render.CsvExporter}).
 */
package io.jprove.timeline.render;
