package io.jprove.timeline.render;

import java.io.IOException;
import java.io.Writer;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.Text;

/**
 * Writes one CSV row per event (RFC 4180 quoting), every field of the record plus the resolved name and UTC time.
 */
public final class CsvExporter
{
    /** The header row. */
    public static final String HEADER =
        "kind,timestamp_ns,utc,job,partition,worker,device,name,start_ns,duration_ns,value,text";

    private CsvExporter()
    {
    }

    /**
     * @param log the replayed timeline.
     * @param out where to write; not closed.
     * @throws IOException when writing fails.
     */
    public static void write(final EventLog log, final Writer out) throws IOException
    {
        out.write(HEADER);
        out.write('\n');
        final StringBuilder line = new StringBuilder(160);
        for (int row = 0; row < log.size(); row++)
        {
            line.setLength(0);
            final EventKind kind = log.kind(row);
            line.append(kind == null ? "UNKNOWN" : kind.name()).append(',').append(log.timestampNs(row)).append(',')
                .append(Text.time(log.timestampNs(row))).append(',').append(log.job(row)).append(',')
                .append(log.partition(row)).append(',').append(log.worker(row)).append(',').append(log.device(row))
                .append(',').append(quote(log.name(log.nameId(row)))).append(',').append(log.startNs(row))
                .append(',').append(log.durationNs(row)).append(',').append(log.value(row)).append(',')
                .append(quote(log.text(row))).append('\n');
            out.write(line.toString());
        }
    }

    static String quote(final String field)
    {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0)
        {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
