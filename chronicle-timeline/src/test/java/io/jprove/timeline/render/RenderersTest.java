package io.jprove.timeline.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.SeedCaseTimeline;
import io.jprove.timeline.analysis.TimelineAnalysis;

class RenderersTest
{
    @Test
    void shouldWriteValidChromeTraceWithDeviceMeasuredKernelsWhenRenderingTheSeedCase() throws IOException
    {
        final StringWriter out = new StringWriter();
        ChromeTraceRenderer.write(SeedCaseTimeline.build(), out);
        final String json = out.toString();
        JsonChecker.check(json);
        assertTrue(json.contains("{\"ph\":\"X\",\"name\":\"msm_h\",\"cat\":\"kernel\",\"pid\":100,\"tid\":1"), json);
        // Times count from the earliest event shown, the seed's synthesis 2,000 ms before GPU_START.
        assertTrue(json.contains("\"ts\":3500000.000,\"dur\":800000.000"), json);
        assertTrue(json.contains("\"name\":\"gpu window job 1 p0\",\"pid\":100,\"tid\":0,\"ts\":2000000.000,"
            + "\"dur\":3672000.000"), json);
        assertTrue(json.contains("{\"name\":\"gpu0 w0 kernels\"}"), json);
    }

    @Test
    void shouldQuoteTextThatWouldBreakJsonOrHtml() throws IOException
    {
        final EventLog log = new EventLog();
        log.add(EventKind.ERROR.code(), 1_000, 1, 0, 0, 0, 0, 0, 0, 0);
        final StringWriter out = new StringWriter();
        ChromeTraceRenderer.write(log, out);
        JsonChecker.check(out.toString());
        assertEquals("\"a\\\"b\\\\c\\n\\u003c/script\\u003e\"", Json.quote("a\"b\\c\n</script>"));
        assertThrows(IllegalArgumentException.class, () -> JsonChecker.check("{\"a\":01}"));
        assertEquals("\"x,y\"", CsvExporter.quote("x,y"));
        assertEquals("\"say \"\"hi\"\"\"", CsvExporter.quote("say \"hi\""));
    }

    @Test
    void shouldWriteOneCsvRowPerEvent() throws IOException
    {
        final EventLog log = SeedCaseTimeline.build();
        final StringWriter out = new StringWriter();
        CsvExporter.write(log, out);
        final String[] lines = out.toString().split("\n");
        assertEquals(log.size() + 1, lines.length);
        assertEquals(CsvExporter.HEADER, lines[0]);
        assertTrue(out.toString().contains("\nKERNEL," + (SeedCaseTimeline.T0 + 2_300 * SeedCaseTimeline.MS)
            + ",2026-05-28 20:26:42.300000Z,1,0,0,0,msm_h," + (SeedCaseTimeline.T0 + 1_500 * SeedCaseTimeline.MS)
            + ",800000000,0,\n"), out.toString());
    }

    @Test
    void shouldEmbedEverythingAndLoadNothingWhenWritingHtml() throws IOException
    {
        final EventLog log = SeedCaseTimeline.pipeline(12);
        final StringWriter out = new StringWriter();
        HtmlGanttRenderer.write(log, TimelineAnalysis.analyze(log), out);
        final String html = out.toString();
        assertFalse(html.contains("/*DATA*/") || html.contains("<!--SUMMARY-->"), "template filled");
        assertFalse(html.matches("(?s).*(https?:|src=|<link|@import|url\\().*"), "no external resources");
        assertTrue(html.contains("<tr class=\"flag\"><td class=\"l\">job 1 p0</td>"), "seed partition flagged");
        assertTrue(html.contains("51.4 %"));
        final int dataStart = html.indexOf("const D = ") + "const D = ".length();
        JsonChecker.check(html.substring(dataStart, html.indexOf(";\nif (D.truncated)", dataStart)));
    }
}
