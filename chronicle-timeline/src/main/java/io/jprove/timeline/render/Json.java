package io.jprove.timeline.render;

/**
 * JSON string quoting, the one piece of JSON the renderers need.
 */
final class Json
{
    private Json()
    {
    }

    /**
     * @param text any text.
     * @return it as a quoted JSON string; also safe inside an HTML script element ("&lt;/" is escaped).
     */
    static String quote(final String text)
    {
        final StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            switch (c)
            {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                default ->
                {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029')
                    {
                        out.append(String.format("\\u%04x", (int)c));
                    }
                    else
                    {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * @param ns nanoseconds.
     * @return microseconds with three decimals, as Chrome traces and the Gantt chart take them.
     */
    static String micros(final long ns)
    {
        final long whole = Math.floorDiv(ns, 1000);
        final long fraction = Math.floorMod(ns, 1000);
        return whole + "." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + fraction;
    }
}
